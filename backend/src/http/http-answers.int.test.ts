import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleYear, startTestBackend, type Reply, type TestBackend } from '../../test/harness';
import { FORBIDDEN_KEY_MESSAGE } from './json-body';
import { NOT_A_JSON_OBJECT_MESSAGE } from './validation';

/**
 * The answers the HTTP layer gives before any route runs, over real HTTP against the whole backend: a method the
 * path does not take, and a JSON body that is not one object. Like every other error: a status and a Swedish
 * JSON `{ error }`.
 */

let backend: TestBackend;
let anonymous: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend();
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
      { method: 'GET', url: '/api/forum/posts', allows: 'POST' },
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

  it('a method the router does not know at all is a 501 with the same kind of body', async () => {
    const reply = await anonymous.request('PROPFIND', '/api/years');
    expect(reply.status).toBe(501);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual({ error: 'Metoden PROPFIND stöds inte av servern' });
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
    for (const body of ['{"year":', "{year: 1974}", 'hej', '  ']) {
      const reply = await send(body);
      expect(reply.status, body).toBe(400);
      expect(reply.body, body).toEqual({ error: 'Ogiltig JSON i anropets innehåll' });
    }
    const empty = await admin.request('POST', '/api/years', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^Ogiltiga uppgifter – /);
  });
});
