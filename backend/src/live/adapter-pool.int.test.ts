import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapter } from '@socket.io/postgres-adapter';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { heldConnectionsProxy } from '../../test/held-connections';
import { socketAdapterPool } from './adapter-pool';

const TIMEOUTS = { connectMs: 60_000, statementMs: 10_000, idleInTransactionMs: 10_000 };
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A Socket.IO server (on an HTTP server that never listens) whose adapter uses `clients`. */
const liveServer = (clients: ReturnType<typeof socketAdapterPool>['clients']) => new Server(http.createServer(), { adapter: createAdapter(clients) });

/** A Socket.IO server on the PostgreSQL adapter, its pool reaching the database through a proxy that holds connections. */
async function adapterBehindProxy() {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const proxy = await heldConnectionsProxy(database.uri);
  cleanups.push(() => proxy.close());
  const logged: string[] = [];
  const adapterPool = socketAdapterPool(proxy.uri, TIMEOUTS, (line) => logged.push(line));
  const io = liveServer(adapterPool.clients);
  return { proxy, adapterPool, io, logged };
}

/** 'ended', or 'still waiting' if the pool has not ended well after everything it waits on was let through. */
const within = (ended: Promise<void>) => Promise.race([ended.then(() => 'ended'), sleep(10_000).then(() => 'still waiting')]);

describe("the socket adapter's pool", () => {
  it('ends when the server closes while the adapter is still connecting its LISTEN client', async () => {
    const { proxy, adapterPool, io } = await adapterBehindProxy();
    await vi.waitFor(() => expect(proxy.heldCount()).toBeGreaterThan(0));

    void io.close();
    const ended = adapterPool.end();
    proxy.release();

    expect(await within(ended)).toBe('ended');
  });

  it('ends when the server closes after the adapter listens', async () => {
    const { proxy, adapterPool, io, logged } = await adapterBehindProxy();
    proxy.release();
    // The adapter listens once its client is set up: a broadcast from another server reaches this one.
    const otherPool = socketAdapterPool(proxy.uri, TIMEOUTS, () => undefined);
    const other = liveServer(otherPool.clients);
    cleanups.push(async () => {
      void other.close();
      await otherPool.end();
    });
    const heard = new Promise<unknown>((resolve) => io.on('ping-across', resolve));
    await vi.waitFor(async () => {
      other.serverSideEmit('ping-across', 'hello');
      expect(await Promise.race([heard, sleep(200).then(() => 'nothing')])).toBe('hello');
    });

    void io.close();
    expect(await within(adapterPool.end())).toBe('ended');
    expect(logged).toEqual([]);
  });
});
