import { allProjections, projectionTables, type EventSource, type RebuildProgress } from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBackend, type TestBackend, logHead } from '../../test/harness';
import { appendGeneratedPosts } from '../../test/forum-fixtures';
import { eventCounter } from './event-count';
import { acquireRebuildLock } from './rebuild-lock';
import { RebuildInProgressError, UnknownProjectionError } from './rebuild-errors';
import { cleanUpInterruptedRebuilds, startRebuild, type RebuildDeps } from './rebuild-job';
import { findRun, recentRuns } from './rebuild-runs';
import { projectionStatuses } from './projection-status';

/**
 * The rebuild core the CLI and the admin console share, on a real log (the archive import and generated forum
 * posts): one projection rebuilt alone equals the live one, two rebuilds at once (one is refused), a cancel leaves
 * the live read models as they were and drops its schema, and progress and outcome are kept.
 */
let backend: TestBackend;
let deps: RebuildDeps;

beforeAll(async () => {
  backend = await startTestBackend({ IMPORT_ARCHIVE: 'true' });
  await appendGeneratedPosts(backend.store, 60);
  await backend.runner.catchUp();
  deps = { connectionUri: backend.databaseUri, source: backend.store, countEvents: eventCounter(backend.pool, { eventStoreUrl: null }) };
}, 180_000);
afterAll(async () => {
  await backend?.stop();
});

/** Every row of a live table, as text, in a stable order. */
const rowsOf = (table: string) =>
  backend.pool.anyFirst(sql.type(z.object({ row: z.string() }))`SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(['rm', table])} t ORDER BY 1`);
const liveTables = () => [...Object.values(projectionTables).flat(), 'search_words'];
const snapshot = async () => Object.fromEntries(await Promise.all(liveTables().map(async (table) => [table, await rowsOf(table)] as const)));
const buildSchemas = () =>
  backend.pool.anyFirst(sql.type(z.object({ nspname: z.string() }))`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rm\\_next%' ORDER BY 1`);
const checkpointOf = (projection: string) =>
  backend.pool.oneFirst(sql.type(z.object({ position: z.string().nullable() }))`SELECT position FROM rm.checkpoints WHERE projection = ${projection}`);

describe('rebuilding one projection', () => {
  it('builds each projection beside the live one and swaps in the same rows', { timeout: 180_000 }, async () => {
    const before = await snapshot();
    expect(before.years!.length).toBeGreaterThan(50);
    expect(before.forum_posts).toHaveLength(60);
    for (const projection of allProjections) {
      const run = await (await startRebuild(deps, { target: projection.name, startedBy: 'test' })).done;
      expect(run, projection.name).toMatchObject({ result: 'succeeded', error: null, target: projection.name });
    }
    expect(await snapshot()).toEqual(before);
    expect(await buildSchemas()).toEqual([]);
  });

  it('catches up with events appended meanwhile, and the site reads the swapped-in tables', async () => {
    const rebuild = await startRebuild(deps, { target: 'forum', startedBy: 'test' });
    await appendGeneratedPosts(backend.store, 3, Date.parse('2026-01-01T00:00:00Z'));
    const run = await rebuild.done;
    expect(run.result).toBe('succeeded');
    await backend.runner.catchUp();
    expect(await rowsOf('forum_posts')).toHaveLength(63);
    expect((await new ApiClient(backend.url).get('/api/forum/posts?limit=100')).body.items).toHaveLength(63);
  });

  it('reads only the events the projection follows, and counts its progress in them', async () => {
    const types: string[] = [];
    const source: EventSource = {
      readAll: async (options) => {
        const page = await backend.store.readAll(options as Parameters<typeof backend.store.readAll>[0]);
        types.push(...page.map((event) => event.type));
        return page;
      },
      headPosition: () => backend.store.headPosition(),
      onAppended: (listener) => backend.store.onAppended(listener),
    };
    const forum = allProjections.find((projection) => projection.name === 'forum')!;
    const own = await backend.pool.oneFirst(
      sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events WHERE event_type = ANY(${sql.array([...forum.eventTypes], 'text')})`,
    );
    const before = await rowsOf('forum_posts');
    let last: RebuildProgress | null = null;
    const run = await (await startRebuild({ ...deps, source }, { target: 'forum', startedBy: 'test', onProgress: (progress) => (last = progress) })).done;
    expect(run).toMatchObject({ result: 'succeeded', events: own, total: own });
    expect(own).toBeGreaterThan(60);
    expect(types).toHaveLength(own);
    expect(types.filter((type) => !forum.eventTypes.has(type as never))).toEqual([]);
    expect(last).toMatchObject({ phase: 'done', events: own, total: own });
    expect(await rowsOf('forum_posts')).toEqual(before);
    // The checkpoint is the log's end, not the last forum event: the archive's events after it are not read again.
    expect(await checkpointOf('forum')).toBe(await logHead(backend));
  });

  it('refuses a projection that does not exist, naming the valid ones', async () => {
    const refused = await startRebuild(deps, { target: 'nope', startedBy: 'test' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnknownProjectionError);
    expect((refused as UnknownProjectionError).status).toBe(400);
    expect((refused as Error).message).toContain('Okänd projektion: nope. Giltiga namn: years, videos');
  });
});

describe('two rebuilds at once', () => {
  it('runs one and refuses the other with a 409, then takes the next', async () => {
    const attempts = await Promise.allSettled([
      startRebuild(deps, { target: 'all', startedBy: 'first' }),
      startRebuild(deps, { target: 'years', startedBy: 'second' }),
    ]);
    const started = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const error = refused[0]!.reason as RebuildInProgressError;
    expect(error).toBeInstanceOf(RebuildInProgressError);
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/^En ombyggnad av läsmodellerna pågår redan/);
    const running = started[0]!.value;
    // While it runs, the status names it, and every projection it rebuilds as rebuilding.
    const status = await projectionStatuses({ pool: backend.pool, store: backend.store });
    expect(status.rebuild?.id).toBe(running.run.id);
    expect(new Set(status.projections.filter((p) => running.run.target === 'all' || p.name === running.run.target).map((p) => p.status))).toEqual(
      new Set(['rebuilding']),
    );
    expect((await running.done).result).toBe('succeeded');
    expect((await (await startRebuild(deps, { target: 'all', startedBy: 'third' })).done).result).toBe('succeeded');
  });

  it('refuses while another process holds the lock, naming nothing it cannot know', async () => {
    const held = (await acquireRebuildLock(backend.databaseUri))!;
    try {
      const refused = await startRebuild(deps, { target: 'all', startedBy: 'test' }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RebuildInProgressError);
      expect((refused as RebuildInProgressError).running).toBeNull();
    } finally {
      await held.release();
    }
  });
});

describe('cancelling', () => {
  for (const target of ['all', 'forum'] as const) {
    it(`leaves the live read models untouched and drops the half-built schema (${target})`, async () => {
      const before = await snapshot();
      const checkpoint = await checkpointOf('forum');
      const cancel = new AbortController();
      const seen: string[] = [];
      // Cancelled at its first report, while it is loading the log into its build schema.
      const rebuild = await startRebuild(deps, {
        target,
        startedBy: 'test',
        signal: cancel.signal,
        progressIntervalMs: 0,
        onProgress: (progress) => {
          seen.push(progress.phase);
          cancel.abort();
        },
      });
      const run = await rebuild.done;
      expect(seen[0]).toBe('loading');
      expect(run).toMatchObject({ result: 'cancelled', error: null });
      expect(seen).not.toContain('swapping');
      expect(await snapshot()).toEqual(before);
      expect(await checkpointOf('forum')).toBe(checkpoint);
      expect(await buildSchemas()).toEqual([]);
      expect((await findRun(backend.pool, run.id))?.endedAt).not.toBeNull();
    });
  }
});

describe('progress and outcome', () => {
  it('reports events done out of the total, and records who ran what, how long and how it ended', async () => {
    const reports: Array<{ events: number; total: number | null; phase: string }> = [];
    const run = await (await startRebuild(deps, { target: 'all', startedBy: 'admin:tester', progressIntervalMs: 0, onProgress: (p) => reports.push(p) })).done;
    const total = await eventCounter(backend.pool, { eventStoreUrl: null })();
    expect(reports.at(-1)).toMatchObject({ phase: 'done', events: total, total, etaSeconds: 0 });
    for (const report of reports) expect(report.events).toBeLessThanOrEqual(report.total!);
    const [latest] = await recentRuns(backend.pool, 1);
    expect(latest).toMatchObject({ id: run.id, target: 'all', startedBy: 'admin:tester', result: 'succeeded', events: total, total, phase: 'done' });
    expect(latest!.durationSeconds).toBeGreaterThan(0);
  });

  it('keeps a failure with its error, and the live read models as they were', async () => {
    const before = await rowsOf('years');
    // A rebuild that cannot read the log (the store refuses) fails; its error is kept with the run.
    const broken: RebuildDeps = {
      ...deps,
      source: { ...backend.store, readAll: async () => Promise.reject(new Error('the log is unreadable')) } as unknown as RebuildDeps['source'],
    };
    const run = await (await startRebuild(broken, { target: 'years', startedBy: 'test' })).done;
    expect(run).toMatchObject({ result: 'failed', error: 'the log is unreadable' });
    expect((await findRun(backend.pool, run.id))?.error).toBe('the log is unreadable');
    expect(await rowsOf('years')).toEqual(before);
    expect(await buildSchemas()).toEqual([]);
  });
});

describe('start-up after a rebuild was killed', () => {
  it('cleans the half-built schema only when no rebuild runs', async () => {
    await backend.pool.query(sql.unsafe`CREATE SCHEMA rm_next_forum`);
    const held = (await acquireRebuildLock(backend.databaseUri))!;
    expect(await cleanUpInterruptedRebuilds(backend.databaseUri, backend.pool)).toEqual([]);
    await held.release();
    expect(await cleanUpInterruptedRebuilds(backend.databaseUri, backend.pool)).toEqual(['rm_next_forum']);
    expect(await buildSchemas()).toEqual([]);
  });
});
