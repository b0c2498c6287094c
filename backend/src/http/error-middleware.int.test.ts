import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { BackendTerminatedError, ConnectionError } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreUnavailableError } from '../event-store/port';
import { DATABASE_UNAVAILABLE_MESSAGE, EVENT_STORE_UNAVAILABLE_MESSAGE, errorMiddleware } from './error-middleware';

/**
 * The mapping of outages to HTTP, over real HTTP: routes that fail the way the adapters do when their server is
 * away. (outage.int.test.ts shows the same answers from the whole backend with PostgreSQL really stopped.)
 */
describe('error middleware: outages', () => {
  let server: http.Server;
  let url: string;
  const logged: string[] = [];

  beforeAll(async () => {
    const app = new Koa();
    app.use(errorMiddleware((message) => logged.push(message)));
    const router = new Router();
    router.get('/event-store-down', () => {
      throw new EventStoreUnavailableError('EventStoreDB is not reachable: 14 UNAVAILABLE');
    });
    router.get('/database-refuses', () => {
      throw new ConnectionError('connect ECONNREFUSED 127.0.0.1:5432');
    });
    router.get('/database-terminated', () => {
      throw new BackendTerminatedError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    });
    router.get('/bug', () => {
      throw new Error('a bug');
    });
    app.use(router.routes());
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      type: response.headers.get('content-type'),
      body: await response.json(),
    };
  };

  it('an unreachable event store is 503 with its own message and Retry-After', async () => {
    expect(await get('/event-store-down')).toEqual({
      status: 503,
      retryAfter: '5',
      type: expect.stringContaining('application/json'),
      body: { error: EVENT_STORE_UNAVAILABLE_MESSAGE },
    });
    expect(EVENT_STORE_UNAVAILABLE_MESSAGE).toMatch(/^Händelseloggen är inte nåbar just nu/);
  });

  it('a database that refuses connections or ended the session is 503 with Retry-After', async () => {
    for (const path of ['/database-refuses', '/database-terminated']) {
      expect(await get(path)).toEqual({
        status: 503,
        retryAfter: '5',
        type: expect.stringContaining('application/json'),
        body: { error: DATABASE_UNAVAILABLE_MESSAGE },
      });
    }
    expect(DATABASE_UNAVAILABLE_MESSAGE).toBe('Databasen är inte nåbar just nu. Försök igen om en stund.');
  });

  it('anything else stays a 500 that does not leak the error', async () => {
    const reply = await get('/bug');
    expect(reply.status).toBe(500);
    expect(reply.retryAfter).toBeNull();
    expect(JSON.stringify(reply.body)).not.toContain('a bug');
    expect(logged).toContain('request failed');
  });
});
