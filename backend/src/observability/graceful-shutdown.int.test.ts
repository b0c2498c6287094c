import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import Router from '@koa/router';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { startTestBackend } from '../../test/harness';

/** A route that answers only when the test says so: a request that is certainly in flight during close(). */
function slowRoute() {
  let entered!: () => void;
  let release!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const router = new Router();
  router.get('/test/slow', async (ctx) => {
    entered();
    await released;
    ctx.body = { finished: true };
  });
  return { router, inHandler, release };
}

const connect = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });

describe('graceful shutdown', () => {
  it('refuses new connections, finishes the request in flight with 200, then flushes view counts and closes', async () => {
    const database = await createTestDatabase();
    const slow = slowRoute();
    const backend = await startTestBackend({}, { database, backend: { extraRouters: [slow.router] } });
    const port = Number(new URL(backend.url).port);
    try {
      const inFlight = fetch(`${backend.url}/test/slow`);
      await slow.inHandler;
      // Counted but not yet written to the log: the shutdown must flush it.
      const postId = randomUUID();
      backend.views.record(postId, 'viewer-1');

      const closing = backend.close();
      await vi.waitFor(() => expect(backend.server.listening).toBe(false), { timeout: 10_000, interval: 20 });
      await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      slow.release();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ finished: true });
      await closing;
      await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      const client = new pg.Client({ connectionString: database.uri });
      await client.connect();
      try {
        const { rows } = await client.query(`SELECT data FROM es.events WHERE event_type = 'ForumPostViewsCounted'`);
        expect(rows.map((row) => row.data)).toEqual([{ postId, count: 1 }]);
        // The runner stopped between batches: each checkpoint is null (nothing applied) or a committed batch's
        // last event, never a position the log does not hold.
        const { rows: events } = await client.query<{ position: string }>(
          `SELECT lpad(transaction_id::text, 20, '0') || '/' || lpad(global_position::text, 20, '0') AS position FROM es.events`,
        );
        const { rows: checkpoints } = await client.query<{ position: string | null }>('SELECT position FROM rm.checkpoints');
        expect(checkpoints.length).toBeGreaterThan(0);
        for (const { position } of checkpoints) expect([null, ...events.map((e) => e.position)]).toContain(position);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
      await rm(backend.config.dataDir, { recursive: true, force: true });
    }
  });
});
