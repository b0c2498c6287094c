import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleYear, startTestBackend, type Reply, type TestBackend, logHead } from '../../test/harness';
import { rawRequest } from '../../test/raw-http';
import { createLogger } from '../observability/logger';
import { capturedLines } from '../observability/test-log-lines';
import { methodNotAllowedMessage } from './error-middleware';
import { FORBIDDEN_KEY_MESSAGE } from './json-body';
import { methodNotTakenMessage, SERVER_METHODS } from './unrouted-methods';
import { NOT_A_JSON_OBJECT_MESSAGE } from './validation';

/**
 * The answers the HTTP layer gives before any route runs, over real HTTP against the whole backend: a method the
 * path does not take, and a JSON body that is not one object. Like every other error: a status and a Swedish
 * JSON `{ error }`.
 */

const logs = capturedLines();
let backend: TestBackend;
let anonymous: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend({}, { backend: { logger: createLogger({ level: 'debug', destination: logs }) } });
  anonymous = new ApiClient(backend.url);
  admin = await adminClient(backend);
});
afterAll(async () => {
  await backend?.stop();
});

const allowOf = (reply: Reply) => (reply.headers.get('allow') ?? '').split(/,\s*/).filter(Boolean);

describe('a method the path does not take', () => {
  it('is a 405 with Allow and a Swedish JSON { error } naming the method, on every API router', async () => {
    const cases: Array<{ method: string; url: string; allows: string }> = [
      { method: 'PATCH', url: '/api/forum/posts/x', allows: 'GET' },
      { method: 'DELETE', url: '/api/forum/posts', allows: 'POST' },
      { method: 'DELETE', url: '/api/years', allows: 'POST' },
      { method: 'POST', url: '/api/years/by-year/1974', allows: 'GET' },
      { method: 'POST', url: '/api/search/years', allows: 'GET' },
      { method: 'PUT', url: '/api/auth/login', allows: 'POST' },
    ];
    for (const { method, url, allows } of cases) {
      const reply = await anonymous.request(method, url);
      const name = `${method} ${url}`;
      expect(reply.status, name).toBe(405);
      expect(reply.headers.get('content-type'), name).toMatch(/^application\/json/);
      expect(reply.body, name).toEqual({ error: `Metoden ${method} stöds inte för den här adressen` });
      expect(allowOf(reply), name).toContain(allows);
      expect(allowOf(reply), name).not.toContain(method);
    }
  });

  it('changes nothing: the year asked for with POST is still not there', async () => {
    expect((await admin.request('POST', '/api/years/by-year/1974', { json: sampleYear() })).status).toBe(405);
    expect((await anonymous.get('/api/years/by-year/1974')).status).toBe(404);
  });

  it('a method the router does not know at all (TRACE, PROPFIND) is a 405 too, with the Allow of the path', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'PURGE']) {
      for (const [url, allows] of [
        ['/api/years', 'POST'],
        ['/api/forum/posts/x', 'GET'],
        ['/healthz', 'GET'],
      ] as const) {
        const reply = await rawRequest(backend.url, method, url);
        const name = `${method} ${url}`;
        expect(reply.status, name).toBe(405);
        expect(reply.headers['content-type'], name).toMatch(/^application\/json/);
        expect(reply.json, name).toEqual({ error: methodNotAllowedMessage(method) });
        expect(reply.headers.allow?.split(/,\s*/), name).toContain(allows);
      }
    }
    expect(methodNotAllowedMessage('TRACE')).toBe('Metoden TRACE stöds inte för den här adressen');
  });

  it("the client's pages and files take GET and HEAD: any other method is a 405 with that Allow, OPTIONS lists them", async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND']) {
      for (const url of ['/', '/ar/1974', '/forum', '/assets/app.js', '/no/such/page']) {
        const reply = await rawRequest(backend.url, method, url);
        const name = `${method} ${url}`;
        expect(reply.status, name).toBe(405);
        expect(reply.json, name).toEqual({ error: methodNotAllowedMessage(method) });
        expect(reply.headers.allow, name).toBe('GET, HEAD');
      }
    }
    const options = await rawRequest(backend.url, 'OPTIONS', '/ar/1974');
    expect(options.status).toBe(200);
    expect(options.headers.allow).toBe('GET, HEAD');
    expect((await rawRequest(backend.url, 'HEAD', '/')).status).toBe(200);
    expect((await rawRequest(backend.url, 'HEAD', '/no/such/page')).status).toBe(404);
  });

  it('CONNECT and a method Node does not know are a 405 naming the method, with the methods of the server', async () => {
    for (const method of ['CONNECT', 'FOO', 'BREW']) {
      for (const url of ['/api/years', '/', '/api/nothing-here']) {
        const reply = await rawRequest(backend.url, method, url);
        const name = `${method} ${url}`;
        expect(reply.status, name).toBe(405);
        expect(reply.headers['content-type'], name).toMatch(/^application\/json/);
        expect(reply.json, name).toEqual({ error: methodNotTakenMessage(method) });
        expect(reply.headers.allow, name).toBe(SERVER_METHODS.join(', '));
      }
    }
    expect(methodNotTakenMessage('FOO')).toBe('Metoden FOO stöds inte av servern');
    // The server is still there, answering.
    expect((await anonymous.get('/api/years')).status).toBe(200);
  });

  it("a request Node's parser refuses gets Node's status with a JSON { error } in Swedish, and the server goes on", async () => {
    const huge = await rawRequest(backend.url, 'GET', '/api/years', { headers: { 'X-Padding': 'x'.repeat(20_000) } });
    expect(huge.status).toBe(431);
    expect(huge.headers['content-type']).toMatch(/^application\/json/);
    expect(huge.json).toEqual({ error: 'Förfrågans rubrikfält är för stora' });
    const malformed = await rawRequest(backend.url, 'GET', '/api/years', { headers: { 'Bad Header Name': 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ error: 'Förfrågan är felaktigt formaterad' });
    expect((await anonymous.get('/api/years')).status).toBe(200);
  });

  it('an API address no route has is a 404 whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'TRACE', 'PROPFIND', 'OPTIONS']) {
      const reply = await rawRequest(backend.url, method, '/api/nothing-here');
      expect(reply.status, method).toBe(404);
      expect(reply.json, method).toEqual({ error: `Okänd adress: ${method} /api/nothing-here` });
    }
  });

  it('no method answered 5xx or was logged as an error, and the refused writes stored nothing', async () => {
    const head = await logHead(backend);
    for (const method of ['TRACE', 'PROPFIND', 'CONNECT', 'FOO', 'POST', 'PUT']) {
      const headers = { Cookie: admin.cookieHeader, 'Content-Type': 'application/json' };
      expect(
        (await rawRequest(backend.url, method, '/api/years/by-year/1976', { headers, body: JSON.stringify(sampleYear({ year: 1976 })) })).status,
        method,
      ).toBe(405);
    }
    expect(await logHead(backend)).toEqual(head);
    expect((await anonymous.get('/api/years/by-year/1976')).status).toBe(404);
    const requests = logs.lines.filter((line) => line.msg === 'request');
    expect(requests.filter((line) => (line.status as number) >= 500)).toEqual([]);
    expect(logs.lines.filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([]);
  });

  it('OPTIONS still lists the methods, and the probes answer a wrong method the same way', async () => {
    const options = await anonymous.request('OPTIONS', '/api/years/by-year/1974');
    expect(options.status).toBe(200);
    expect(allowOf(options)).toContain('GET');

    const probe = await anonymous.request('POST', '/healthz');
    expect(probe.status).toBe(405);
    expect(probe.body).toEqual({ error: 'Metoden POST stöds inte för den här adressen' });
    expect(allowOf(probe)).toContain('GET');
  });
});

describe('a JSON body that is not one object', () => {
  const send = (body: string) => admin.request('POST', '/api/years', { body, headers: { 'content-type': 'application/json' } });

  it('any JSON value other than an object is told it must be an object, not that it is invalid JSON', async () => {
    for (const body of ['null', '"str"', '5', 'true', '""', '[]', '[{"year":1974}]']) {
      const reply = await send(body);
      expect(reply.status, body).toBe(400);
      expect(reply.body, body).toEqual({ error: NOT_A_JSON_OBJECT_MESSAGE });
    }
  });

  it('a __proto__ key, at the top or nested, is refused by name and stores nothing', async () => {
    const year = JSON.stringify(sampleYear({ year: 1975 }));
    for (const body of [`${year.slice(0, -1)},"__proto__":{"isAdmin":true}}`, `${year.slice(0, -1)},"extra":{"__proto__":{"x":1}}}`]) {
      const reply = await send(body);
      expect(reply.status, body).toBe(400);
      expect(reply.body, body).toEqual({ error: FORBIDDEN_KEY_MESSAGE });
    }
    expect(FORBIDDEN_KEY_MESSAGE).toBe('Otillåten nyckel i JSON: __proto__');
    expect((await anonymous.get('/api/years/by-year/1975')).status).toBe(404);
  });

  it('malformed JSON is still invalid JSON, and no body at all still names the missing fields', async () => {
    for (const body of ['{"year":', '{year: 1974}', 'hej', '  ']) {
      const reply = await send(body);
      expect(reply.status, body).toBe(400);
      expect(reply.body, body).toEqual({ error: 'Ogiltig JSON i anropets innehåll' });
    }
    const empty = await admin.request('POST', '/api/years', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^Ogiltiga uppgifter – /);
  });
});
