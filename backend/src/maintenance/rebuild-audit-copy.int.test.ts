import {
  COPY_STREAM_APPLICATION_NAME,
  RebuildCancelledError,
  allProjections,
  rebuildReadModels,
  type EventSource,
  type ProjectedEvent,
} from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendGeneratedPosts } from '../../test/forum-fixtures';
import { adminClient, sampleYear, startTestBackend, type TestBackend, logHead } from '../../test/harness';
import { readModelSnapshot } from '../../test/read-model-snapshot';

/**
 * A rebuild COPYs the audit history's rows batch by batch while it reads the log (one COPY per batch, each committed
 * on its own, on a connection of its own): the rows are in the build schema as the read goes on, no transaction is
 * held open across the read (so the live readers' horizon moves on), the result equals live, and a failure or a
 * cancel in the middle of it leaves the live read models as they were, the build schema dropped and no COPY
 * connection open. (A kill -9 in the middle of it: stream-rebuild-kill.int.test.ts.)
 */
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
  const admin = await adminClient(backend);
  for (const year of [1975, 1987, 1999]) expect((await admin.post('/api/years', sampleYear({ year, winner: `Vinnare ${year}` }))).status).toBe(201);
  // More than 1,000 audited events: a COPY buffers up to 1,000 rows before it writes (and takes a transaction id).
  await appendGeneratedPosts(backend.store, 1100);
  await backend.runner.catchUp();
}, 180_000);
afterAll(async () => {
  await backend?.stop();
});

const count = (query: ReturnType<typeof sql.unsafe>) => backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT (${query})::int AS n`);
const copies = () =>
  count(sql.unsafe`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${COPY_STREAM_APPLICATION_NAME}`);
/** The COPY's connection is gone once the server has seen it close (waited for, not timed). */
const noCopyLeft = async () => {
  while ((await copies()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
};
const schemaExists = (name: string) => backend.pool.exists(sql.unsafe`SELECT 1 FROM pg_namespace WHERE nspname = ${name}`);
const snapshot = () => readModelSnapshot(backend.pool, ['search_words']);

/** The store's one-pass read, with `afterBatch` run (awaited) after the given batch has been handed on and folded. */
function sourceWithHook(afterBatch: number, hook: () => Promise<void>): EventSource {
  const store = backend.store;
  return {
    readAll: (options) => store.readAll(options as never),
    onAppended: (listener) => store.onAppended(listener),
    async *streamAll(options) {
      let batches = 0;
      for await (const batch of store.streamAll!(options as never) as AsyncIterable<ProjectedEvent[]>) {
        yield batch;
        batches += 1;
        if (batches === afterBatch) await hook();
      }
    },
  };
}

describe("a rebuild's audit history, COPYed while the log is read", () => {
  it('is in the build schema batch by batch while the log is read, and equals live', { timeout: 120_000 }, async () => {
    const before = await snapshot();
    const seen: Array<{ copies: number; rows: number }> = [];
    const source = sourceWithHook(4, async () => {
      seen.push({ copies: await copies(), rows: await count(sql.unsafe`SELECT count(*) FROM rm_next.audit_events`) });
    });
    await rebuildReadModels({ pool: backend.pool, connectionUri: backend.databaseUri, source, projections: allProjections, batchSize: 7 });
    // 28 events read: the first three batches' audit rows committed (the fourth's may be on its way), one connection.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.copies).toBe(1);
    expect(seen[0]!.rows).toBeGreaterThan(0);
    await noCopyLeft();
    const after = await snapshot();
    expect(after.audit_events!.length).toBeGreaterThan(1100);
    expect(after).toEqual(before);
  });

  it('holds no transaction open across the read: an event appended meanwhile is readable at once', { timeout: 120_000 }, async () => {
    const head = await logHead(backend);
    let appended: string[] = [];
    let readable: string[] = [];
    const source = sourceWithHook(3, async () => {
      appended = await appendGeneratedPosts(backend.store, 1);
      // Waits until every transaction running when the post was appended has ended (a COPY held open across the
      // whole read would be one of them, and this would wait the full minute for nothing).
      await backend.store.untilReadable(60_000);
      const events = await backend.store.readAll({ after: head, maxCount: 100 });
      readable = events.flatMap((event) => (event.type === 'ForumPostCreated' ? [event.data.postId] : []));
    });
    await rebuildReadModels({ pool: backend.pool, connectionUri: backend.databaseUri, source, projections: allProjections, batchSize: 400 });
    expect(appended).toHaveLength(1);
    expect(readable).toEqual(appended);
    await backend.runner.catchUp();
  });

  it('fails the rebuild when the COPY fails mid-read, and leaves live untouched', { timeout: 120_000 }, async () => {
    const before = await snapshot();
    const source = sourceWithHook(3, async () => {
      // The COPY's server process ends (as in a server restart): what it was sent is rolled back.
      await backend.pool.query(
        sql.unsafe`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${COPY_STREAM_APPLICATION_NAME}`,
      );
    });
    await expect(
      rebuildReadModels({ pool: backend.pool, connectionUri: backend.databaseUri, source, projections: allProjections, batchSize: 7 }),
    ).rejects.toThrow(/terminat|not queryable/i);
    await noCopyLeft();
    expect(await schemaExists('rm_next')).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('drops the COPY unfinished when the rebuild is cancelled mid-read', { timeout: 120_000 }, async () => {
    const before = await snapshot();
    const cancel = new AbortController();
    const source = sourceWithHook(3, async () => {
      expect(await copies()).toBe(1);
      cancel.abort();
    });
    await expect(
      rebuildReadModels({ pool: backend.pool, connectionUri: backend.databaseUri, source, projections: allProjections, batchSize: 7, signal: cancel.signal }),
    ).rejects.toBeInstanceOf(RebuildCancelledError);
    await noCopyLeft();
    expect(await schemaExists('rm_next')).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
