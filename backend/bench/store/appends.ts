/** Appends through the event store, and the subscriber-lag pass; run by backend/bench/store-bench.ts. */
import pg from 'pg';
import { sampleActivity } from './activity-sampler';
import { sql } from 'slonik';
import { ProjectionRunner, allProjections, byLane, createReadModelSchema, type Projection } from '@mello/projections';
import { createDatabasePool } from '../../src/db/pool';
import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { decodingEventStore } from '../../src/event-store/decoding-event-store';
import { runSql } from '../bench-database';
import { WRITERS, cpuMeter, now, log, percentile, series, fmt, type Cpu } from './common';
import { type Unit } from './dataset';
import { ROLE_NAMES, measureCpuByRole, withApplicationName, type CpuByRole } from './cpu-by-role';

// ---------------------------------------------------------------------------------------------------------------
// Appends through PostgresEventStore.appendToStream (the es.append stored function), like the command handlers.

export const expectedRevisionOf = (unit: Unit) => (unit.firstRevision === 0 ? ('no_stream' as const) : unit.firstRevision - 1);

export async function emptyLog(uri: string) {
  await runSql(uri, 'TRUNCATE es.events; CHECKPOINT;');
}

export async function openStore(uri: string, poolSize: number) {
  const pool = await createDatabasePool(uri, { maximumPoolSize: poolSize });
  await pool.query(sql.unsafe`SELECT 1`);
  const store = new PostgresEventStore(pool, uri);
  return {
    pool,
    store,
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
}

/** The log in `parts` contiguous slices of about equal event counts (each stream's order is kept). */
export function segmentsOf(units: readonly Unit[], parts: number): Unit[][] {
  const total = units.reduce((sum, unit) => sum + unit.events.length, 0);
  const segments: Unit[][] = Array.from({ length: parts }, () => []);
  let seen = 0;
  for (const unit of units) {
    segments[Math.min(parts - 1, Math.floor((seen * parts) / total))]!.push(unit);
    seen += unit.events.length;
  }
  return segments;
}
export const eventCount = (units: readonly Unit[]) => units.reduce((sum, unit) => sum + unit.events.length, 0);

export type Segment = { eventsPerSecond: number; cpu: Cpu };
/** Rate over the whole pass (all segments' events over all segments' time). */
export const passRate = (results: readonly Segment[], segments: readonly Unit[][]) => {
  const seconds = results.reduce((sum, r, i) => sum + eventCount(segments[i]!) / r.eventsPerSecond, 0);
  return results.reduce((sum, _r, i) => sum + eventCount(segments[i]!), 0) / seconds;
};

/** One writer appends the whole log to an empty store; each segment is timed on its own. */
export async function appendPassOneWriter(uri: string, segments: readonly Unit[][]): Promise<Segment[]> {
  await emptyLog(uri);
  const writer = await openStore(uri, 1);
  const results: Segment[] = [];
  try {
    for (const segment of segments) {
      const cpu = cpuMeter();
      const started = now();
      for (const unit of segment) {
        await writer.store.appendToStream(unit.stream, unit.events, { expectedRevision: expectedRevisionOf(unit) });
      }
      results.push({ eventsPerSecond: eventCount(segment) / ((now() - started) / 1000), cpu: cpu() });
    }
    return results;
  } finally {
    await writer.close();
  }
}

/** Each stream belongs to one writer (as one entity is edited by one request at a time). */
export function partition(units: readonly Unit[], writers: number): Unit[][] {
  const parts: Unit[][] = Array.from({ length: writers }, () => []);
  const owner = new Map<string, number>();
  for (const unit of units) {
    let w = owner.get(unit.stream);
    if (w === undefined) {
      w = owner.size % writers;
      owner.set(unit.stream, w);
    }
    parts[w]!.push(unit);
  }
  return parts;
}

/**
 * WRITERS concurrent writers, each with its own pool of one connection, append the whole log to an empty store.
 * Segments are timed on their own; all writers finish a segment (and `afterSegment` runs) before the next starts.
 */
export async function appendPassConcurrent(
  uri: string,
  segments: readonly Unit[][],
  hooks: {
    onReturned?: (unit: Unit, at: number) => void;
    afterSegment?: (index: number, finishedAt: number) => Promise<void>;
    /** Paced writers: the segment's appends start on a schedule of this many events/s in all (never ahead of it). */
    eventsPerSecond?: number;
  } = {},
): Promise<Segment[]> {
  await emptyLog(uri);
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => openStore(withApplicationName(uri, ROLE_NAMES.writer), 1)));
  const results: Segment[] = [];
  try {
    for (const [index, segment] of segments.entries()) {
      const parts = partition(segment, WRITERS);
      // Each append's start on the segment's schedule: the events before it in the segment at the paced rate.
      const due = new Map<Unit, number>();
      let before = 0;
      for (const unit of segment) {
        due.set(unit, hooks.eventsPerSecond ? (before / hooks.eventsPerSecond) * 1000 : 0);
        before += unit.events.length;
      }
      const cpu = cpuMeter();
      const started = now();
      await Promise.all(
        parts.map(async (part, w) => {
          for (const unit of part) {
            const wait = started + due.get(unit)! - now();
            if (wait > 0) await sleep(wait);
            await writers[w]!.store.appendToStream(unit.stream, unit.events, { expectedRevision: expectedRevisionOf(unit) });
            hooks.onReturned?.(unit, now());
          }
        }),
      );
      const finishedAt = now();
      results.push({ eventsPerSecond: eventCount(segment) / ((finishedAt - started) / 1000), cpu: cpu() });
      await hooks.afterSegment?.(index, finishedAt);
    }
    return results;
  } finally {
    await Promise.all(writers.map((w) => w.close()));
  }
}

/**
 * Experiment: does es.append's pg_notify limit concurrent appends? A notifying commit takes PostgreSQL's global
 * notify lock until its commit record is flushed, which can serialise commits. The same 8-writer segment is
 * appended with es.append redefined without the NOTIFY, then with the original again (paired runs).
 */
export async function notifyExperiment(uri: string, segment: Unit[], pairs: number) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  const original = (await client.query<{ def: string }>(`SELECT pg_get_functiondef('es.append(text,bigint,jsonb)'::regprocedure) AS def`)).rows[0]!.def;
  const withoutNotify = original.replace("PERFORM pg_notify('es_appended', '');", '');
  if (withoutNotify === original) {
    await client.end();
    log('NOTIFY experiment skipped: es.append no longer notifies (the store announces appends after their commit)');
    return null;
  }
  const result = { withNotify: [] as number[], withoutNotify: [] as number[] };
  try {
    for (let pair = 0; pair < pairs; pair += 1) {
      await client.query(withoutNotify);
      result.withoutNotify.push((await appendPassConcurrent(uri, [segment]))[0]!.eventsPerSecond);
      await client.query(original);
      result.withNotify.push((await appendPassConcurrent(uri, [segment]))[0]!.eventsPerSecond);
      log(
        `NOTIFY experiment, ${WRITERS} writers, ${eventCount(segment)} events: without pg_notify ${fmt(result.withoutNotify[pair]!)} events/s, with ${fmt(result.withNotify[pair]!)} events/s`,
      );
    }
    return { withNotify: series(result.withNotify), withoutNotify: series(result.withoutNotify) };
  } finally {
    await client.query(original);
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Subscriber lag: the real ProjectionRunner (allProjections, schema `rm`) follows the log while 8 writers append,
// in the same Node process as the writers (as in the embedded backend). Lag of an event = when the runner's batch
// holding it committed (onBatch; of its lanes' batches, the last) − when the append call that wrote it returned.

/**
 * What the runner does in a lag pass when not the product's whole work: its projections (all by default) and DDL
 * run on the new read-model schema before the pass (to drop indexes, say).
 */
export type LagWork = { projections?: readonly Projection[]; ddl?: string };

export type LagSegment = Segment & {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  behindAtEndEvents: number;
  catchUpMs: number;
  batches: number;
};

export async function lagPass(
  uri: string,
  segments: readonly Unit[][],
  indexOf: Map<string, number>,
  total: number,
  /** Writers paced at this rate in all (events/s); flat out when absent. */
  eventsPerSecond?: number,
  /** Less work for the runner than the product's (the phase `lagbound`, lag-phases.ts): see LagWork. */
  work: LagWork = {},
): Promise<{ segments: LagSegment[]; cpu: CpuByRole }> {
  await emptyLog(uri);
  await createReadModelSchema(uri, 'rm');
  if (work.ddl) await runSql(uri, work.ddl);
  const returnedAt = new Float64Array(total).fill(Number.NaN);
  const seenAt = new Float64Array(total).fill(Number.NaN);
  let seen = 0;
  let batches = 0;
  // An event is in the read models once every lane of the runner (lanes.ts) has committed it: a bit per lane.
  const projections = work.projections ?? allProjections;
  const laneBits = new Map([...byLane(projections).keys()].map((lane, i) => [lane, 1 << i]));
  const allLanes = (1 << laneBits.size) - 1;
  const lanesSeen = new Uint8Array(total);
  const runnerUri = withApplicationName(uri, ROLE_NAMES.runner);
  const reader = await openStore(runnerUri, 4);
  const runner = new ProjectionRunner(reader.pool, runnerUri, decodingEventStore(reader.store), projections, {
    schema: 'rm',
    // The product's cap (BATCH_EVENTS) unless another is asked for, to compare.
    ...(process.env.BENCH_RUNNER_BATCH ? { batchSize: Number(process.env.BENCH_RUNNER_BATCH) } : {}),
    onBatch: ({ lane, events }) => {
      const at = now();
      batches += 1;
      const bit = lane === null ? allLanes : laneBits.get(lane)!;
      for (const event of events) {
        const i = indexOf.get(event.id);
        if (i === undefined || lanesSeen[i] === allLanes) continue;
        lanesSeen[i] = lanesSeen[i]! | bit;
        if (lanesSeen[i] === allLanes) {
          seenAt[i] = at;
          seen += 1;
        }
      }
    },
    log,
  });
  const results: LagSegment[] = [];
  let stopCpu: (() => Promise<CpuByRole>) | null = null;
  try {
    runner.start();
    for (let waited = 0; !runner.isLeader && waited < 5000; waited += 10) await sleep(10);
    await sleep(300); // the LISTEN connection is up and the first (empty) poll is done
    stopCpu = await measureCpuByRole(uri);
    let appended = 0;
    let batchesBefore = 0;
    const passResults = await appendPassConcurrent(uri, segments, {
      eventsPerSecond,
      onReturned: (unit, at) => {
        for (const event of unit.events) returnedAt[indexOf.get(event.id)!] = at;
      },
      afterSegment: async (index, finishedAt) => {
        const segment = segments[index]!;
        appended += eventCount(segment);
        const behindAtEndEvents = appended - seen;
        const deadline = now() + 120_000;
        while (seen < appended && now() < deadline) await sleep(2);
        if (seen < appended) throw new Error(`subscriber saw only ${seen} of ${appended} events within 120 s`);
        const catchUpMs = now() - finishedAt;
        const lags = new Float64Array(
          segment.flatMap((unit) =>
            unit.events.map((event) => {
              const i = indexOf.get(event.id)!;
              return seenAt[i]! - returnedAt[i]!;
            }),
          ),
        );
        lags.sort();
        results.push({
          eventsPerSecond: 0,
          cpu: { nodeCorePct: 0, machinePct: 0 },
          p50Ms: percentile(lags, 50),
          p99Ms: percentile(lags, 99),
          maxMs: lags[lags.length - 1]!,
          behindAtEndEvents,
          catchUpMs,
          batches: batches - batchesBefore,
        });
        batchesBefore = batches;
      },
    });
    passResults.forEach((segment, i) => Object.assign(results[i]!, segment));
    const cpu = await stopCpu();
    stopCpu = null;
    return { segments: results, cpu };
  } finally {
    await stopCpu?.();
    await runner.stop();
    await reader.close();
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Experiment `waits`: what the writers' backends are doing, sampled every 10 ms from pg_stat_activity while `during`
 * runs — on CPU (no wait event), waiting for the client (Client:ClientRead, i.e. for Node), for the WAL flush
 * (IO:WALSync, LWLock:WALWrite), for a lock (Lock:object is the NOTIFY queue's commit lock, Lock:advisory a stream's).
 */
export async function sampleWaits<T>(uri: string, during: () => Promise<T>): Promise<{ result: T; shares: Record<string, number>; samples: number }> {
  const { result, counts, rows } = await sampleActivity(
    uri,
    `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS what FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
        AND state <> 'idle' OR (state = 'idle' AND query LIKE '%es.append%' AND datname = current_database())`,
    during,
  );
  return { result, shares: Object.fromEntries([...counts].sort((x, y) => y[1] - x[1]).map(([k, n]) => [k, n / Math.max(1, rows)])), samples: rows };
}
