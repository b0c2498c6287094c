import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { requiredText, route, wholeNumber } from '@mello/contracts';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertRoutesFromContracts, jsonText, on } from './contract-routes';
import { errorMiddleware } from './error-middleware';
import { jsonBody } from './json-body';

/**
 * Registering a route from its contract (contract-routes.ts), over real HTTP on a real Koa app with the real body
 * parser and error middleware: the handler gets the params, query and body parsed by the contract's schemas, a
 * failing one is a 400 naming each field (as the form labels it when the contract has labels) and the handler never
 * runs, and under vitest an answer outside the response schema fails the request instead of reaching a client.
 */
const thing = route({
  method: 'GET',
  path: '/api/things/:id',
  params: z.object({ id: wholeNumber(1, 1000) }),
  query: z.object({ q: z.string({ invalid_type_error: 'Ange q en gång' }).max(5, 'Högst 5 tecken').default('') }),
  response: z.object({ id: z.number(), q: z.string() }),
  summary: 'test: a thing',
});
const rename = route({
  method: 'POST',
  path: '/api/things/:id/name',
  body: z.object({ title: requiredText(20), count: wholeNumber(0, 9) }),
  response: z.object({ id: z.string(), title: z.string(), count: z.number() }),
  status: 201,
  labels: { title: 'Titel', count: 'Antal' },
  summary: 'test: names a thing',
});
const drifting = route({ method: 'GET', path: '/api/drifting', response: z.object({ n: z.number() }), summary: 'test: answers a string for n' });
const driftingText = route({ method: 'GET', path: '/api/drifting-text', response: z.array(z.object({ id: z.string() })), summary: 'test: read-model text' });

let server: http.Server;
let url: string;
const logged: string[] = [];
/** Every request a handler saw: a refused one never gets there. */
const handled: unknown[] = [];

beforeAll(async () => {
  const app = new Koa();
  app.use(errorMiddleware((message, fields) => logged.push(`${message} ${JSON.stringify(fields ?? {})}`)));
  app.use(jsonBody());
  const router = new Router();
  on(router, thing, ({ params, query }) => {
    handled.push({ params, query });
    return { id: params.id, q: query.q };
  });
  on(router, rename, ({ params, body }) => {
    handled.push({ params, body });
    return { id: params.id, ...body };
  });
  // Both drift from their contracts: `n` as text, and a read model's JSON text with a number for an id.
  on(router, drifting, () => ({ n: 'seven' }) as unknown as { n: number });
  on(router, driftingText, () => jsonText('[{"id":7}]'));
  app.use(router.routes());
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const call = async (method: string, path: string, json?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    ...(json === undefined ? {} : { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } }),
  });
  return { status: response.status, body: await response.json() };
};

describe('a route registered from its contract', () => {
  it('hands the handler the params, query and body parsed by the contract (a number from the path, a default, text to a number), with its status', async () => {
    handled.length = 0;
    expect(await call('GET', '/api/things/7?q=abba')).toEqual({ status: 200, body: { id: 7, q: 'abba' } });
    expect(await call('GET', '/api/things/8')).toEqual({ status: 200, body: { id: 8, q: '' } });
    expect(await call('POST', '/api/things/x1/name', { title: '  Dansa  ', count: '3' })).toEqual({
      status: 201,
      body: { id: 'x1', title: 'Dansa', count: 3 },
    });
    expect(handled).toEqual([
      { params: { id: 7 }, query: { q: 'abba' } },
      { params: { id: 8 }, query: { q: '' } },
      { params: { id: 'x1' }, body: { title: 'Dansa', count: 3 } },
    ]);
  });

  it('answers a bad path parameter or query with a 400 naming the field, and the handler never runs', async () => {
    handled.length = 0;
    expect(await call('GET', '/api/things/abc')).toEqual({
      status: 400,
      body: { error: 'Ogiltiga uppgifter – id: Måste vara ett heltal', issues: [{ path: 'id', message: 'Måste vara ett heltal' }] },
    });
    expect(await call('GET', '/api/things/7?q=too-long')).toEqual({
      status: 400,
      body: { error: 'Ogiltiga uppgifter – q: Högst 5 tecken', issues: [{ path: 'q', message: 'Högst 5 tecken' }] },
    });
    // A parameter given twice arrives as a list, and is refused rather than read as one of them.
    expect(await call('GET', '/api/things/7?q=a&q=b')).toMatchObject({ status: 400, body: { issues: [{ path: 'q', message: 'Ange q en gång' }] } });
    expect(handled).toEqual([]);
  });

  it('answers a bad body with a 400 naming each field as the form labels it (the contract’s labels), and the handler never runs', async () => {
    handled.length = 0;
    expect(await call('POST', '/api/things/x1/name', { title: ' ', count: 'many' })).toEqual({
      status: 400,
      body: {
        error: 'Ogiltiga uppgifter – Titel (title): Får inte vara tomt; Antal (count): Måste vara ett heltal',
        issues: [
          { path: 'title', message: 'Får inte vara tomt' },
          { path: 'count', message: 'Måste vara ett heltal' },
        ],
      },
    });
    expect(handled).toEqual([]);
  });

  it('fails an answer outside its response schema under vitest (a 500, logged naming the call and the field), whether an object or read-model text', async () => {
    logged.length = 0;
    expect(await call('GET', '/api/drifting')).toEqual({ status: 500, body: { error: 'Ett oväntat fel inträffade' } });
    expect(await call('GET', '/api/drifting-text')).toEqual({ status: 500, body: { error: 'Ett oväntat fel inträffade' } });
    expect(logged).toEqual([
      expect.stringContaining('GET /api/drifting answered outside its contract: n: Expected number, received string'),
      expect.stringContaining('GET /api/drifting-text answered outside its contract: 0.id: Expected string, received number'),
    ]);
  });
});

describe('every API route comes from a contract', () => {
  it('refuses to assemble an app with an API route written by hand, naming it', () => {
    const router = new Router();
    on(router, thing, ({ params, query }) => ({ id: params.id, q: query.q }));
    expect(() => assertRoutesFromContracts([router])).not.toThrow();
    router.get('/api/by-hand', (ctx) => {
      ctx.body = {};
    });
    expect(() => assertRoutesFromContracts([router])).toThrow('API routes without a contract (register them with on(…)): GET /api/by-hand');
  });

  it('leaves paths outside the API and the listed browser pages alone', () => {
    const router = new Router();
    router.get('/healthz', (ctx) => {
      ctx.body = 'ok';
    });
    router.get('/api/login', (ctx) => ctx.redirect('/'));
    expect(() => assertRoutesFromContracts([router], ['/api/login'])).not.toThrow();
  });
});
