/**
 * Event-store benchmark (not a test): append throughput, subscriber lag and read-model rebuild speed in events/s,
 * next to raw PostgreSQL INSERT and COPY baselines measured on the same throwaway, durable (fsync on) embedded
 * PostgreSQL in the same run. Figures are medians: baselines and rebuilds are repeated BENCH_REPS times over the
 * whole log; each append scenario appends the whole log once to an empty store and is timed in BENCH_REPS
 * consecutive segments (so the spread includes the growing table). Ratios are against this run's baselines.
 *
 *   npm run bench:store                                        100k events, 3 repetitions (~3–5 min)
 *   BENCH_EVENTS=20000 BENCH_REPS=1 npm run bench:store        quick smoke run
 *   BENCH_PHASES=rebuild npm run bench:store                   only some of baseline,append,lag,rebuild
 *   BENCH_EXPERIMENTS=variants,fold npm run bench:store        optional experiments (see EXPERIMENTS)
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import type { EventMetadata } from '@mello/contracts';
import {
  LIVE_SCHEMA,
  ProjectionRunner,
  allProjections,
  createReadModelSchema,
  rebuildReadModels,
  type EventSource,
  type ProjectedEvent,
  type Projection,
} from '@mello/projections';
import { createDatabasePool } from '../src/db/pool';
import type { NewEvent } from '../src/event-store/port';
import { PostgresEventStore } from '../src/event-store/postgres/postgres-event-store';
import { runSql, serverSettings, startBenchDatabase, type BenchDatabase } from './bench-database';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 3));
const WRITERS = 8;
const EVENTS_PER_APPEND = 10;
const ROWS_PER_INSERT = 100;
const REBUILD_BATCH_DEFAULT = 5000;
/** Experiment `variants`: single instrumented rebuilds that emulate proposed changes (see profiledRebuild). */
const REBUILD_VARIANTS: ReadonlyArray<{ lateGin?: boolean; writeOnce?: boolean; prefetch?: boolean }> = [
  { lateGin: true },
  { writeOnce: true },
  { prefetch: true },
  { writeOnce: true, prefetch: true },
];
/**
 * Optional experiments, off by default to keep the run short (see docs/benchmarks.md for their results):
 * BENCH_EXPERIMENTS=samesize,variants,readall,json,fold,notify — raw INSERTs shaped like the 8 writers' appends;
 * rebuild variants emulating proposed changes; where readAll's time goes; the log's pages read from json instead
 * of jsonb; the documents folded inside PostgreSQL as a reference; es.append without pg_notify.
 */
const EXPERIMENTS = new Set((process.env.BENCH_EXPERIMENTS ?? '').split(',').map((e) => e.trim()));
const TARGET_REBUILD_EVENTS_PER_S = 10_000;
const TARGET_REBUILD_COPY_RATIO = 0.25;

const now = () => performance.now();
const log = (message: string) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------------------------
// Statistics

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

type Series = { runs: number[]; median: number; min: number; max: number };
const series = (runs: number[]): Series => ({ runs, median: median(runs), min: Math.min(...runs), max: Math.max(...runs) });

// ---------------------------------------------------------------------------------------------------------------
// Realistic, deterministic event data: years, videos and articles created once and updated many times, with field
// sets taken from the shipped archive (backend/src/archive-import/data), a few hundred bytes to a few kB each.

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(1958);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const uuid = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Math.floor(rand() * 4) + 8) as number).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

type Fields = Record<string, unknown>;
const readTemplates = (file: string) =>
  JSON.parse(readFileSync(new URL(`../src/archive-import/data/${file}`, import.meta.url), 'utf8')) as Fields[];

const SENTENCES = [
  'Uppgiften är kontrollerad mot SVT:s programtablå och samtida pressklipp.',
  'Juryns poäng redovisades först efter telefonröstningen, vilket gav en dramatisk upplösning.',
  'Arrangemanget skrevs om inför finalen och fick en längre stråkintro.',
  'Flera tidningar lyfte fram scenografin som årets mest påkostade.',
  'Bidraget låg etta på Svensktoppen i sju veckor efter tävlingen.',
  'Källan är Sveriges Radios arkiv; datumet bekräftas av Dagens Nyheters recension dagen efter.',
  'Publiken i hallen buade när resultatet lästes upp, enligt Expressens reportage.',
];

type Kind = 'year' | 'video' | 'article';
const EVENT_TYPES: Record<Kind, { created: string; updated: string }> = {
  year: { created: 'YearCreated', updated: 'YearUpdated' },
  video: { created: 'VideoCreated', updated: 'VideoUpdated' },
  article: { created: 'ArticleCreated', updated: 'ArticleUpdated' },
};

/** The full field set after one edit, and the names of the fields the edit changed. */
function edit(kind: Kind, fields: Fields, template: Fields): { fields: Fields; changed: string[] } {
  const next = { ...fields };
  const changed: string[] = [];
  const set = (name: string, value: unknown) => {
    next[name] = value;
    changed.push(name);
  };
  const grow = (text: string, base: string, limit: number) => (text.length > limit ? `${base} ${pick(SENTENCES)}` : `${text} ${pick(SENTENCES)}`);
  const addTo = (name: string) => {
    const list = [...((next[name] as string[]) ?? [])];
    if (list.length > 6) list.shift();
    list.push(pick(SENTENCES).slice(0, int(30, 90)));
    set(name, list);
  };
  const choice = rand();
  if (kind === 'year') {
    if (choice < 0.45) set('description', grow(String(next.description), String(template.description), 1200));
    else if (choice < 0.65) addTo('facts');
    else if (choice < 0.8) addTo('sources');
    else if (choice < 0.9) {
      set('host', pick(['Lasse Holmqvist', 'Kattis Ahlström', 'Petra Mede', 'Gina Dirawi', 'David Hellenius']));
      set('venue', pick(['Globen', 'Friends Arena', 'Scandinavium', 'Malmö Arena', 'Cirkus']));
    } else set('isClassic', !next.isClassic);
  } else if (kind === 'video') {
    if (choice < 0.5) set('views', Number(next.views) + int(10, 5000));
    else if (choice < 0.75) set('description', grow(String(next.description), String(template.description), 900));
    else if (choice < 0.9) addTo('sources');
    else set('isRare', !next.isRare);
  } else {
    if (choice < 0.4) set('content', grow(String(next.content), String(template.content).slice(0, 1200), 2800));
    else if (choice < 0.6) set('excerpt', `${String(template.excerpt).slice(0, 160)} ${pick(SENTENCES)}`);
    else if (choice < 0.75) set('readTime', int(2, 15));
    else if (choice < 0.9) addTo('sources');
    else set('featured', !next.featured);
  }
  return { fields: next, changed };
}

function initialFields(kind: Kind, template: Fields, n: number): Fields {
  if (kind === 'year') return { ...template, year: int(1958, 2026) };
  if (kind === 'video') return { ...template, views: int(0, 2_000_000), title: `${String(template.title)} (${n})` };
  const content = String(template.content).slice(0, int(600, 2000));
  return {
    ...template,
    title: `${String(template.title)} – del ${n}`,
    slug: `${String(template.slug).slice(0, 60)}-${n}`,
    content,
    publishedAt: new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString(),
  };
}

/** One append: a run of up to EVENTS_PER_APPEND consecutive events of one stream. */
type Unit = { stream: string; firstRevision: number; events: NewEvent[]; key: number };
type Dataset = { units: Unit[]; entities: Record<Kind, number>; bytes: { median: number; max: number; total: number } };

function generateDataset(total: number): Dataset {
  const templates: Record<Kind, Fields[]> = { year: readTemplates('years.json'), video: readTemplates('videos.json'), article: readTemplates('articles.json') };
  const actors: EventMetadata['actor'][] = [
    { type: 'system' },
    ...Array.from({ length: 6 }, (_, i) => ({ type: 'user' as const, userId: uuid(), email: `redaktor${i + 1}@melloarkivet.se` })),
  ];
  // ~28 events per entity on average: a few thousand read-model rows.
  const entityCount = Math.max(3, Math.round(total / 28));
  const kinds: Kind[] = Array.from({ length: entityCount }, (_, i) => (i % 5 < 2 ? 'year' : i % 5 < 4 ? 'video' : 'article'));
  const counts = kinds.map(() => 1);
  // Updates go to a skewed choice of entities (some are edited far more than others).
  for (let i = entityCount; i < total; i += 1) counts[Math.floor(rand() ** 1.6 * entityCount)]! += 1;

  const units: Unit[] = [];
  kinds.forEach((kind, n) => {
    const id = uuid();
    const stream = `${kind}-${id}`;
    const template = pick(templates[kind]);
    let fields = initialFields(kind, template, n);
    const events: Array<{ type: string; data: unknown }> = [{ type: EVENT_TYPES[kind].created, data: { id, fields } }];
    for (let i = 1; i < counts[n]!; i += 1) {
      const change = edit(kind, fields, template);
      fields = change.fields;
      events.push({ type: EVENT_TYPES[kind].updated, data: { id, fields, changed: change.changed } });
    }
    // Chop into appends; their log order among other streams is random, within the stream it is kept.
    const keys = Array.from({ length: Math.ceil(events.length / EVENTS_PER_APPEND) }, () => rand()).sort((a, b) => a - b);
    keys.forEach((key, u) => {
      const correlationId = uuid();
      const causationId = rand() < 0.9 ? uuid() : null;
      const actor = pick(actors);
      units.push({
        stream,
        firstRevision: u * EVENTS_PER_APPEND,
        key,
        events: events.slice(u * EVENTS_PER_APPEND, (u + 1) * EVENTS_PER_APPEND).map((event) => ({
          id: uuid(),
          type: event.type,
          data: event.data,
          metadata: { actor, occurredAt: '', correlationId, causationId, schemaVersion: 1 },
        })),
      });
    });
  });
  units.sort((a, b) => a.key - b.key);
  const start = Date.UTC(2025, 0, 1);
  let index = 0;
  const sizes: number[] = [];
  for (const unit of units) {
    const occurredAt = new Date(start + index * 20_000).toISOString();
    index += unit.events.length;
    for (const event of unit.events) {
      event.metadata = { ...event.metadata, occurredAt };
      sizes.push(Buffer.byteLength(JSON.stringify(event.data)) + Buffer.byteLength(JSON.stringify(event.metadata)));
    }
  }
  const entities = { year: 0, video: 0, article: 0 };
  for (const kind of kinds) entities[kind] += 1;
  return { units, entities, bytes: { median: median(sizes), max: sizes.reduce((a, b) => Math.max(a, b), 0), total: sizes.reduce((a, b) => a + b, 0) } };
}

// ---------------------------------------------------------------------------------------------------------------
// Baselines: the same rows, straight into a table shaped like es.events (same columns, defaults and indexes).

type Row = { stream: string; revision: number; id: string; type: string; data: string; metadata: string };
const RAW_TABLE = 'bench_raw.events';
const RAW_COLUMNS = 'stream_name, stream_revision, event_id, event_type, data, metadata';

async function freshRawTable(uri: string) {
  await runSql(uri, `CREATE SCHEMA IF NOT EXISTS bench_raw; DROP TABLE IF EXISTS ${RAW_TABLE}; CREATE TABLE ${RAW_TABLE} (LIKE es.events INCLUDING ALL); CHECKPOINT;`);
}

const insertStatement = (count: number) =>
  `INSERT INTO ${RAW_TABLE} (${RAW_COLUMNS}) VALUES ${Array.from({ length: count }, (_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}::jsonb, $${i * 6 + 6}::jsonb)`).join(', ')}`;

async function insertBaseline(uri: string, rows: readonly Row[]): Promise<number> {
  await freshRawTable(uri);
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  const statement = insertStatement;
  const full = statement(ROWS_PER_INSERT);
  try {
    const started = now();
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const batch = rows.slice(i, i + ROWS_PER_INSERT);
      const values = batch.flatMap((r) => [r.stream, r.revision, r.id, r.type, r.data, r.metadata]);
      // Autocommit: each statement is its own transaction (one commit, one WAL flush per 100 rows).
      await client.query(batch.length === ROWS_PER_INSERT ? full : statement(batch.length), values);
    }
    return rows.length / ((now() - started) / 1000);
  } finally {
    await client.end();
  }
}

/**
 * The appends' shape without the event store: one multi-row INSERT per append unit (≤ 10 rows, autocommit, so one
 * commit each), streams owned by `connections` connections as in the append runs, timed per segment.
 */
async function rawAppendSizedPass(uri: string, segments: readonly Unit[][], rowsOf: Map<Unit, Row[]>, connections: number): Promise<Segment[]> {
  await freshRawTable(uri);
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: uri });
      await client.connect();
      return client;
    }),
  );
  const statements = new Map<number, string>();
  const statement = (count: number) => {
    let text = statements.get(count);
    if (!text) {
      text = insertStatement(count);
      statements.set(count, text);
    }
    return text;
  };
  const results: Segment[] = [];
  try {
    for (const segment of segments) {
      const parts = partition(segment, connections);
      const cpu = cpuMeter();
      const started = now();
      await Promise.all(
        parts.map(async (part, c) => {
          for (const unit of part) {
            const rows = rowsOf.get(unit)!;
            await clients[c]!.query(statement(rows.length), rows.flatMap((r) => [r.stream, r.revision, r.id, r.type, r.data, r.metadata]));
          }
        }),
      );
      results.push({ eventsPerSecond: eventCount(segment) / ((now() - started) / 1000), cpu: cpu() });
    }
    return results;
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

async function copyBaseline(uri: string, rows: readonly Row[]): Promise<number> {
  await freshRawTable(uri);
  // COPY text format: only backslashes need escaping (JSON.stringify leaves no raw tabs or newlines).
  const escape = (text: string) => text.replaceAll('\\', '\\\\');
  const chunks: string[] = [];
  let chunk = '';
  for (const r of rows) {
    chunk += `${r.stream}\t${r.revision}\t${r.id}\t${r.type}\t${escape(r.data)}\t${escape(r.metadata)}\n`;
    if (chunk.length > 1 << 20) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  if (chunk) chunks.push(chunk);
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    const started = now();
    await pipeline(Readable.from(chunks), client.query(copyStreams.from(`COPY ${RAW_TABLE} (${RAW_COLUMNS}) FROM STDIN`)));
    return rows.length / ((now() - started) / 1000);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Appends through PostgresEventStore.appendToStream (the es.append stored function), like the command handlers.

const expectedRevisionOf = (unit: Unit) => (unit.firstRevision === 0 ? ('no_stream' as const) : unit.firstRevision - 1);

async function emptyLog(uri: string) {
  await runSql(uri, 'TRUNCATE es.events, es.streams; CHECKPOINT;');
}

async function openStore(uri: string, poolSize: number) {
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
function segmentsOf(units: readonly Unit[], parts: number): Unit[][] {
  const total = units.reduce((sum, unit) => sum + unit.events.length, 0);
  const segments: Unit[][] = Array.from({ length: parts }, () => []);
  let seen = 0;
  for (const unit of units) {
    segments[Math.min(parts - 1, Math.floor((seen * parts) / total))]!.push(unit);
    seen += unit.events.length;
  }
  return segments;
}
const eventCount = (units: readonly Unit[]) => units.reduce((sum, unit) => sum + unit.events.length, 0);

/** CPU over a span: this Node process (% of one core) and the whole machine (% of all cores, other tenants too). */
function cpuMeter() {
  const machine = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const busy = cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
        return { busy: acc.busy + busy, total: acc.total + busy + cpu.times.idle };
      },
      { busy: 0, total: 0 },
    );
  const process0 = process.cpuUsage();
  const machine0 = machine();
  const started = now();
  return () => {
    const used = process.cpuUsage(process0);
    const machine1 = machine();
    return {
      nodeCorePct: ((used.user + used.system) / 1000 / (now() - started)) * 100,
      machinePct: ((machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total)) * 100,
    };
  };
}
type Cpu = ReturnType<ReturnType<typeof cpuMeter>>;
const cpuText = (cpu: Cpu) => `CPU: node ${fmt(cpu.nodeCorePct)}% of a core, machine ${fmt(cpu.machinePct)}% busy`;

type Segment = { eventsPerSecond: number; cpu: Cpu };
/** Rate over the whole pass (all segments' events over all segments' time). */
const passRate = (results: readonly Segment[], segments: readonly Unit[][]) => {
  const seconds = results.reduce((sum, r, i) => sum + eventCount(segments[i]!) / r.eventsPerSecond, 0);
  return results.reduce((sum, _r, i) => sum + eventCount(segments[i]!), 0) / seconds;
};

/** One writer appends the whole log to an empty store; each segment is timed on its own. */
async function appendPassOneWriter(uri: string, segments: readonly Unit[][]): Promise<Segment[]> {
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
function partition(units: readonly Unit[], writers: number): Unit[][] {
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
async function appendPassConcurrent(
  uri: string,
  segments: readonly Unit[][],
  hooks: { onReturned?: (unit: Unit, at: number) => void; afterSegment?: (index: number, finishedAt: number) => Promise<void> } = {},
): Promise<Segment[]> {
  await emptyLog(uri);
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => openStore(uri, 1)));
  const results: Segment[] = [];
  try {
    for (const [index, segment] of segments.entries()) {
      const parts = partition(segment, WRITERS);
      const cpu = cpuMeter();
      const started = now();
      await Promise.all(
        parts.map(async (part, w) => {
          for (const unit of part) {
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
async function notifyExperiment(uri: string, segment: Unit[], pairs: number) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  const original = (await client.query<{ def: string }>(`SELECT pg_get_functiondef('es.append(text,bigint,jsonb)'::regprocedure) AS def`)).rows[0]!.def;
  const withoutNotify = original.replace("PERFORM pg_notify('es_appended', '');", '');
  if (withoutNotify === original) throw new Error('es.append has no pg_notify call to leave out');
  const result = { withNotify: [] as number[], withoutNotify: [] as number[] };
  try {
    for (let pair = 0; pair < pairs; pair += 1) {
      await client.query(withoutNotify);
      result.withoutNotify.push((await appendPassConcurrent(uri, [segment]))[0]!.eventsPerSecond);
      await client.query(original);
      result.withNotify.push((await appendPassConcurrent(uri, [segment]))[0]!.eventsPerSecond);
      log(`NOTIFY experiment, ${WRITERS} writers, ${eventCount(segment)} events: without pg_notify ${fmt(result.withoutNotify[pair]!)} events/s, with ${fmt(result.withNotify[pair]!)} events/s`);
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
// holding it committed (onBatch) − when the append call that wrote it returned.

type LagSegment = Segment & {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  behindAtEndEvents: number;
  catchUpMs: number;
  batches: number;
};

async function lagPass(uri: string, segments: readonly Unit[][], indexOf: Map<string, number>, total: number): Promise<LagSegment[]> {
  await emptyLog(uri);
  await createReadModelSchema(uri, 'rm');
  const returnedAt = new Float64Array(total).fill(Number.NaN);
  const seenAt = new Float64Array(total).fill(Number.NaN);
  let seen = 0;
  let batches = 0;
  const reader = await openStore(uri, 4);
  const runner = new ProjectionRunner(reader.pool, uri, reader.store, allProjections, {
    schema: 'rm',
    onBatch: ({ events }) => {
      const at = now();
      batches += 1;
      for (const event of events) {
        const i = indexOf.get(event.id);
        if (i !== undefined && Number.isNaN(seenAt[i]!)) {
          seenAt[i] = at;
          seen += 1;
        }
      }
    },
    log,
  });
  const results: LagSegment[] = [];
  try {
    runner.start();
    for (let waited = 0; !runner.isLeader && waited < 5000; waited += 10) await sleep(10);
    await sleep(300); // the LISTEN connection is up and the first (empty) poll is done
    let appended = 0;
    let batchesBefore = 0;
    const passResults = await appendPassConcurrent(uri, segments, {
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
    return results;
  } finally {
    await runner.stop();
    await reader.close();
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// Rebuild: rebuildReadModels over the whole log into rm_next, swapped in as rm.

async function rebuildOnce(uri: string, pool: DatabasePool, source: EventSource, projections: readonly Projection[], batchSize: number) {
  await runSql(uri, 'CHECKPOINT');
  const result = await rebuildReadModels({ pool, connectionUri: uri, source, projections, swap: true, batchSize });
  return { eventsPerSecond: result.events / result.seconds, events: result.events, seconds: result.seconds };
}

/** The shape of an optional bulk loader on a projection (rebuilds into empty tables), if the projections offer one. */
type BulkLike = {
  start(): unknown;
  add(state: unknown, events: readonly ProjectedEvent[]): void;
  flush(tx: DatabaseTransactionConnection, schema: string, state: unknown): Promise<void>;
};

type Profile = {
  label: string;
  batchSize: number;
  lateGin: boolean;
  writeOnce: boolean;
  /** GIN indexes present in the build schema while loading (0 once rebuildReadModels defers them). */
  ginIndexesDuringLoad: number;
  events: number;
  batches: number;
  eventsPerSecond: number;
  /** rebuildReadModels' own span (after creating the build schema, through the swap), plus late index builds. */
  totalMs: number;
  readAllMs: number;
  readAllCalls: number;
  applyJsMs: number;
  applySqlMs: number;
  upsertedRows: number;
  /** Bulk-loader flushes (0 while rebuildReadModels applies batch by batch). */
  bulkFlushes: number;
  sqlMsByProjection: Record<string, number>;
  /** Late GIN index builds (experiment), after the load. */
  indexMs: number;
  otherMs: number;
};

/**
 * One rebuild with the event source and projections wrapped in timers (the projections' queries are timed on the
 * transaction). The wrappers cost microseconds per batch. With `lateGin`, an experiment: the build schema's GIN
 * indexes (the search tables') are dropped before the first batch and built once after the load, instead of being
 * maintained row by row; the figure then includes the index builds.
 */
async function profiledRebuild(
  uri: string,
  pool: DatabasePool,
  store: PostgresEventStore,
  batchSize: number,
  options: { lateGin?: boolean; writeOnce?: boolean; prefetch?: boolean } = {},
): Promise<Profile> {
  const { lateGin = false, writeOnce = false, prefetch = false } = options;
  const profile = {
    readAllMs: 0,
    readAllCalls: 0,
    applyJsMs: 0,
    applySqlMs: 0,
    upsertedRows: 0,
    bulkFlushes: 0,
    sqlMsByProjection: {} as Record<string, number>,
  };
  let ginIndexes: string[] | null = null;
  let ginDuringLoad = 0;
  let lastPage = false;
  // Prefetch emulation: as soon as a page is handed out, the next one is read on another connection, so reading
  // overlaps with the projections' work on the page just returned.
  let prefetched: { after: string | null; page: Promise<ProjectedEvent[]> } | null = null;
  const read = (after: string | null, maxCount: number) => store.readAll({ after: after as never, maxCount });
  const source: EventSource = {
    readAll: async (readOptions) => {
      const t = now();
      const events =
        prefetch && prefetched && prefetched.after === readOptions.after ? await prefetched.page : await read(readOptions.after, readOptions.maxCount);
      if (prefetch && events.length > 0) {
        const after = events[events.length - 1]!.position;
        prefetched = { after, page: read(after, readOptions.maxCount) };
        prefetched.page.catch(() => undefined);
      }
      // Write-once emulation must flush in the last non-empty batch: look ahead whether anything follows.
      if (writeOnce && events.length > 0) {
        lastPage = (await read(events[events.length - 1]!.position, 1)).length === 0;
      }
      profile.readAllMs += now() - t;
      profile.readAllCalls += 1;
      return events;
    },
    onAppended: (listener) => store.onAppended(listener),
  };
  /** Which GIN indexes the build schema maintains while loading (none once rebuildReadModels defers them). */
  const probeGin = async (tx: DatabaseTransactionConnection, schema: string) => {
    if (ginIndexes !== null) return;
    const rows = (await tx.any(sql.unsafe`
      SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = ${schema} AND indexdef LIKE '% USING gin %'`)) as Array<{
      indexname: string;
      indexdef: string;
    }>;
    ginIndexes = rows.map((row) => row.indexdef.replace(` ON ${schema}.`, ` ON ${LIVE_SCHEMA}.`));
    ginDuringLoad = rows.length;
    if (lateGin) for (const row of rows) await tx.query(sql.unsafe`DROP INDEX ${sql.identifier([schema, row.indexname])}`);
  };
  /** The transaction with its `query` timed (the projections' statements), per projection. */
  const timedTx = (tx: DatabaseTransactionConnection, name: string) =>
    new Proxy(tx, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'query' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          const t = now();
          try {
            const result = (await (value as (...a: unknown[]) => Promise<{ rowCount: number }>).apply(target, args)) ?? { rowCount: 0 };
            profile.upsertedRows += result.rowCount;
            return result;
          } finally {
            const ms = now() - t;
            profile.applySqlMs += ms;
            profile.sqlMsByProjection[name] = (profile.sqlMsByProjection[name] ?? 0) + ms;
          }
        };
      },
    });
  /** Runs projection code, counting its time as JS except what its timed queries took. */
  const timedJs = async <T>(work: () => Promise<T> | T): Promise<T> => {
    const sqlBefore = profile.applySqlMs;
    const t = now();
    try {
      return await work();
    } finally {
      profile.applyJsMs += now() - t - (profile.applySqlMs - sqlBefore);
    }
  };

  const projections: Projection[] = allProjections.map((projection) => {
    // Write-once emulation: keep each document's created event and latest event across batches, and hand the
    // projection that folded remainder once, in the last batch (so every row is written once per rebuild).
    const created = new Map<string, ProjectedEvent>();
    const latest = new Map<string, ProjectedEvent>();
    const fold = (events: readonly ProjectedEvent[]) => {
      for (const event of events) {
        const id = (event.data as { id: string }).id;
        if (event.type.endsWith('Created')) created.set(id, event);
        latest.set(id, event);
      }
      if (!lastPage) return [];
      const folded: ProjectedEvent[] = [];
      for (const [id, event] of latest) {
        const first = created.get(id);
        if (first && first !== event) folded.push(first);
        folded.push(event);
      }
      return folded;
    };
    // Whatever else the projection offers (e.g. a bulk loader for rebuilds) is kept, timed the same way, so the
    // instrumented rebuild takes the same code path as an uninstrumented one. The write-once emulation replaces it.
    const bulk = (projection as { bulk?: BulkLike }).bulk;
    const wrappedBulk: BulkLike | undefined =
      bulk && !writeOnce
        ? {
            start: () => bulk.start(),
            add: (state, events) => {
              const t = now();
              bulk.add(state, events);
              profile.applyJsMs += now() - t;
            },
            flush: async (tx, schema, state) => {
              profile.bulkFlushes += 1;
              await probeGin(tx, schema);
              await timedJs(() => bulk.flush(timedTx(tx, projection.name), schema, state));
            },
          }
        : undefined;
    return Object.assign({ ...projection }, {
      bulk: wrappedBulk,
      apply: async (tx: DatabaseTransactionConnection, schema: string, batch: readonly ProjectedEvent[]) => {
        await probeGin(tx, schema);
        const events = await timedJs(() => (writeOnce ? fold(batch) : batch));
        if (events.length > 0) await timedJs(() => projection.apply(timedTx(tx, projection.name), schema, events));
      },
    }) as Projection;
  });
  const result = await rebuildOnce(uri, pool, source, projections, batchSize);
  let indexMs = 0;
  const lateIndexes: string[] = ginIndexes ?? [];
  if (lateGin && lateIndexes.length > 0) {
    // Built on the swapped-in schema here; a real implementation would build them just before the swap.
    const t = now();
    await runSql(uri, lateIndexes.map((definition) => `${definition};`).join('\n'));
    indexMs = now() - t;
  }
  const totalMs = result.seconds * 1000 + indexMs;
  return {
    label: [`batch ${batchSize}`, writeOnce ? 'each row written once' : '', prefetch ? 'next page prefetched' : '', lateGin ? 'GIN indexes built after the load' : '']
      .filter(Boolean)
      .join(', '),
    batchSize,
    lateGin,
    writeOnce,
    ginIndexesDuringLoad: ginDuringLoad,
    events: result.events,
    batches: profile.readAllCalls,
    eventsPerSecond: result.events / (totalMs / 1000),
    totalMs,
    ...profile,
    indexMs,
    // With a prefetching loader, reads overlap the folding and the parts need not add up: "rest" is then unknown.
    otherMs: Math.max(0, result.seconds * 1000 - profile.readAllMs - profile.applyJsMs - profile.applySqlMs),
  };
}

/** Where readAll's time goes: server execution, result transfer and text decode, JSON.parse, slonik/mapping. */
async function readAllBreakdown(uri: string, store: PostgresEventStore, pageSize: number, withJsonExperiment: boolean) {
  // The store's own readAll, page after page without overlap (slonik, its type parsers, toRecorded).
  let after: string | null = null;
  const storeStarted = now();
  for (;;) {
    const page = await store.readAll({ after: after as never, maxCount: pageSize });
    if (page.length === 0) break;
    after = page[page.length - 1]!.position;
  }
  const storeMs = now() - storeStarted;
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    // The positions the pages start after, as a rebuild with this page size sees them.
    const ends = await client.query<{ xid: string; pos: string }>(
      `SELECT xid, pos FROM (SELECT transaction_id::text AS xid, global_position::text AS pos,
              row_number() OVER (ORDER BY transaction_id, global_position) AS n FROM es.events) numbered
        WHERE n % $1 = 0 ORDER BY n`,
      [pageSize],
    );
    const starts: Array<[string, string]> = [['0', '0'], ...ends.rows.map((row): [string, string] => [row.xid, row.pos])];
    const pageSql = (columns: string, table: string) => `
      SELECT ${columns} FROM ${table}
       WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id, global_position LIMIT $3`;
    const fullColumns = `global_position, transaction_id::text AS xid_text, stream_name, stream_revision, event_id::text AS event_id,
      event_type, data, metadata, recorded_at`;
    const textColumns = fullColumns.replace('data, metadata', 'data::text AS data, metadata::text AS metadata');
    /** One pass over all pages. */
    const timed = async (text: string) => {
      const t0 = now();
      for (const [xid, pos] of starts) await client.query(text, [xid, pos, pageSize]);
      return now() - t0;
    };
    const measure = async (table: string, withText: boolean) => ({
      // Everything but slonik: server, output conversion, transfer, protocol decode; jsonb/json left as text.
      pgTextMs: withText ? await timed(pageSql(textColumns, table)) : Number.NaN,
      // The same with pg's default JSON.parse of every json/jsonb value (what the store's pool also does).
      pgParsedMs: await timed(pageSql(fullColumns, table)),
      // Server side incl. detoasting and the conversion to text, without the transfer (one-row result).
      // (`|| ''` makes json detoast like jsonb does; octet_length of a bare toasted value would not.)
      serverWithOutputMs: await timed(
        `SELECT count(*), sum(octet_length(data::text || '') + octet_length(metadata::text || '')) FROM (${pageSql(fullColumns, table)}) page`,
      ),
      bytes: Number((await client.query<{ bytes: string }>(`SELECT pg_total_relation_size($1::regclass)::text AS bytes`, [table])).rows[0]!.bytes),
    });
    const jsonb = await measure('es.events', true);
    // What projections need: the same without metadata (plain pg, JSON.parse of data only).
    const pgParsedNoMetadataMs = await timed(pageSql(fullColumns.replace('data, metadata', 'data'), 'es.events'));
    // Server execution alone (no output conversion, no transfer).
    let serverMs = 0;
    for (const [xid, pos] of starts) {
      const plan = await client.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
        `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${pageSql(fullColumns, 'es.events').replace('$1', `'${xid}'`).replace('$2', `'${pos}'`).replace('$3', String(pageSize))}`,
      );
      serverMs += plan.rows[0]!['QUERY PLAN'][0]!['Execution Time'];
    }
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${pageSql(fullColumns, 'es.events').replace('$1', "'0'").replace('$2', "'0'").replace('$3', String(pageSize))}`,
    );
    // Experiment: the same log with data/metadata stored as json (validated text) instead of jsonb.
    const jsonCopy = async () => {
      await client.query(`
        DROP TABLE IF EXISTS public.bench_events_json;
        CREATE TABLE public.bench_events_json AS
          SELECT global_position, transaction_id, stream_name, stream_revision, event_id, event_type,
                 data::json AS data, metadata::json AS metadata, recorded_at
            FROM es.events;
        CREATE INDEX ON public.bench_events_json (transaction_id, global_position);`);
      await client.query('VACUUM ANALYZE public.bench_events_json');
      await client.query('CHECKPOINT');
      const measured = await measure('public.bench_events_json', false);
      await client.query('DROP TABLE public.bench_events_json');
      return measured;
    };
    const json = withJsonExperiment ? await jsonCopy() : null;
    return {
      pages: starts.length,
      storeMs,
      pgParsedNoMetadataMs,
      serverMs,
      jsonb,
      json,
      plan: plan.rows.map((row) => row['QUERY PLAN'].trim()).join(' | '),
    };
  } finally {
    await client.end();
  }
}

/** Reference: the documents' final state folded inside PostgreSQL (no events shipped to Node and back). */
async function sqlFoldReference(uri: string) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    const t0 = now();
    const folded = await client.query(
      `CREATE TABLE public.bench_fold AS
         SELECT DISTINCT ON (data->>'id') (data->>'id')::uuid AS id, event_type, jsonb_build_object('id', data->>'id') || (data->'fields') AS doc
           FROM es.events
          WHERE event_type = ANY($1)
          ORDER BY data->>'id', transaction_id DESC, global_position DESC`,
      [[...new Set(allProjections.flatMap((projection) => [...projection.eventTypes]))]],
    );
    const ms = now() - t0;
    await client.query('DROP TABLE public.bench_fold');
    return { ms, rows: folded.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function readModelCounts(uri: string) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    // Every table of the live schema that has an id per document (the archive and search read models).
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'rm' AND column_name = 'id' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM rm.${name}`)).rows[0]!.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const rate = (s: Series) => `${fmt(s.median)}`;
const spread = (s: Series, digits = 0) => `${fmt(s.min, digits)}–${fmt(s.max, digits)}`;

/** Which code was measured: the commit, and files changed in the working tree (read-only git calls). */
function codeState() {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trimEnd();
    } catch {
      return '';
    }
  };
  const changed = git('status', '--porcelain', '--untracked-files=no')
    .split('\n')
    .filter((line) => line.length > 3)
    .map((line) => line.slice(3))
    .filter(Boolean);
  return { commit: git('rev-parse', '--short', 'HEAD') || 'unknown', changed };
}

const PHASES = new Set((process.env.BENCH_PHASES ?? 'baseline,append,lag,rebuild').split(',').map((p) => p.trim()));

async function main() {
  const wallStart = now();
  const code = codeState();
  log(`code: commit ${code.commit}${code.changed.length ? `, changed in the working tree: ${code.changed.join(', ')}` : ''}`);
  log(`${EVENTS} events, ${REPS} repetitions/segments, phases ${[...PHASES].join(',')}, ${os.cpus().length} CPUs, Node ${process.version}`);
  const dataset = generateDataset(EVENTS);
  const units = dataset.units;
  const segments = segmentsOf(units, REPS);
  const rows: Row[] = units.flatMap((unit) =>
    unit.events.map((event, i) => ({
      stream: unit.stream,
      revision: unit.firstRevision + i,
      id: event.id,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(event.metadata),
    })),
  );
  const total = rows.length;
  const rowsOf = new Map<Unit, Row[]>();
  let offset = 0;
  for (const unit of units) {
    rowsOf.set(unit, rows.slice(offset, offset + unit.events.length));
    offset += unit.events.length;
  }
  const indexOf = new Map(rows.map((row, i) => [row.id, i]));
  const streams = dataset.entities.year + dataset.entities.video + dataset.entities.article;
  log(
    `data: ${units.length} appends over ${streams} streams (${dataset.entities.year} years, ${dataset.entities.video} videos, ` +
      `${dataset.entities.article} articles); event JSON (data + metadata) median ${dataset.bytes.median} B, max ${dataset.bytes.max} B, ` +
      `total ${fmt(dataset.bytes.total / 1e6, 1)} MB`,
  );

  let database: BenchDatabase | null = null;
  try {
    database = await startBenchDatabase(log);
    const uri = database.uri;
    const settings = await serverSettings(uri);
    log(`PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, shared_buffers=${settings.shared_buffers}`);
    const results: Record<string, unknown> = {};
    const lines: Array<[string, string, string, string]> = [];
    const segmentNote = `${REPS} segments of one ${fmt(total / 1000)}k pass`;

    // 1. Baselines, INSERT and COPY interleaved so both see the same machine noise.
    let insert: Series | null = null;
    let copy: Series | null = null;
    if (PHASES.has('baseline')) {
      const insertRuns: number[] = [];
      const copyRuns: number[] = [];
      for (let r = 0; r < REPS; r += 1) {
        insertRuns.push(await insertBaseline(uri, rows));
        copyRuns.push(await copyBaseline(uri, rows));
        log(`baseline ${r + 1}/${REPS}: INSERT ${fmt(insertRuns[r]!)} rows/s, COPY ${fmt(copyRuns[r]!)} rows/s`);
      }
      insert = series(insertRuns);
      copy = series(copyRuns);
      results.baseline = { insertRowsPerS: insert, copyRowsPerS: copy };
      lines.push([`Raw INSERT baseline (${ROWS_PER_INSERT} rows/statement, 1 tx each)`, `${rate(insert)} rows/s`, spread(insert), '1.00× INSERT']);
      lines.push(['Raw COPY baseline (one COPY FROM STDIN)', `${rate(copy)} rows/s`, spread(copy), `${fmt(copy.median / insert.median, 2)}× INSERT`]);
    }
    // Raw INSERTs shaped exactly like the appends (same rows per commit, same stream ownership per connection).
    const sameSize = new Map<number, Series>();
    if (EXPERIMENTS.has('samesize') && (PHASES.has('baseline') || PHASES.has('append'))) {
      for (const connections of [WRITERS]) {
        const pass = await rawAppendSizedPass(uri, segments, rowsOf, connections);
        pass.forEach((seg, i) =>
          log(`raw INSERT, ${EVENTS_PER_APPEND} rows/statement, ${connections} connection(s), segment ${i + 1}/${REPS}: ${fmt(seg.eventsPerSecond)} rows/s (${cpuText(seg.cpu)})`),
        );
        log(`  whole pass: ${fmt(passRate(pass, segments))} rows/s`);
        const result = series(pass.map((x) => x.eventsPerSecond));
        sameSize.set(connections, result);
        lines.push([
          `Raw INSERT, ${EVENTS_PER_APPEND} rows/statement, ${connections} connection${connections > 1 ? 's' : ''}`,
          `${rate(result)} rows/s`,
          spread(result),
          insert ? `${fmt(result.median / insert.median, 2)}× INSERT` : '',
        ]);
      }
      results.sameSizeInsertRowsPerS = Object.fromEntries(sameSize);
      await runSql(uri, 'DROP SCHEMA IF EXISTS bench_raw CASCADE; CHECKPOINT;');
    }
    const vsInsert = (value: number, connections?: number) => {
      const same = connections ? sameSize.get(connections) : undefined;
      return [insert ? `${fmt(value / insert.median, 2)}× INSERT` : '', same ? `${fmt(value / same.median, 2)}× same-size INSERT` : '']
        .filter(Boolean)
        .join(', ');
    };
    const vsCopy = (value: number) => (copy ? `${fmt(value / copy.median, 2)}× COPY` : '');

    // 2. Appends through PostgresEventStore.appendToStream.
    if (PHASES.has('append')) {
      const one = await appendPassOneWriter(uri, segments);
      one.forEach((seg, i) => log(`append, 1 writer, segment ${i + 1}/${REPS}: ${fmt(seg.eventsPerSecond)} events/s (${cpuText(seg.cpu)})`));
      log(`  whole pass: ${fmt(passRate(one, segments))} events/s`);
      const many = await appendPassConcurrent(uri, segments);
      many.forEach((seg, i) => log(`append, ${WRITERS} writers, segment ${i + 1}/${REPS}: ${fmt(seg.eventsPerSecond)} events/s (${cpuText(seg.cpu)})`));
      log(`  whole pass: ${fmt(passRate(many, segments))} events/s`);
      const oneWriter = series(one.map((x) => x.eventsPerSecond));
      const concurrent = series(many.map((x) => x.eventsPerSecond));
      const notify = EXPERIMENTS.has('notify') ? await notifyExperiment(uri, segments[0]!, 2) : null;
      results.append = {
        oneWriterEventsPerS: oneWriter,
        concurrentEventsPerS: concurrent,
        notifyExperiment: notify,
        oneWriterWholePassEventsPerS: passRate(one, segments),
        concurrentWholePassEventsPerS: passRate(many, segments),
        oneWriterVsInsert: insert ? oneWriter.median / insert.median : null,
        concurrentVsInsert: insert ? concurrent.median / insert.median : null,
        cpu: { oneWriter: one.map((x) => x.cpu), concurrent: many.map((x) => x.cpu) },
      };
      lines.push([`Append, 1 writer, ${EVENTS_PER_APPEND} events/append`, `${rate(oneWriter)} events/s`, spread(oneWriter), vsInsert(oneWriter.median, 1)]);
      lines.push([`Append, ${WRITERS} writers, ${EVENTS_PER_APPEND} events/append`, `${rate(concurrent)} events/s`, spread(concurrent), vsInsert(concurrent.median, WRITERS)]);
      if (notify) {
        lines.push([
          `  experiment: ${WRITERS} writers, es.append without pg_notify (1st third)`,
          `${rate(notify.withoutNotify)} events/s`,
          spread(notify.withoutNotify),
          `${fmt(notify.withoutNotify.median / notify.withNotify.median, 2)}× with pg_notify (${fmt(notify.withNotify.median)}), paired`,
        ]);
      }
    }

    // 3. Subscriber lag. Its pass leaves the full log in place for the rebuild.
    if (PHASES.has('lag')) {
      const lag = await lagPass(uri, segments, indexOf, total);
      lag.forEach((seg, i) =>
        log(
          `lag segment ${i + 1}/${REPS}: appends ${fmt(seg.eventsPerSecond)} events/s; lag p50 ${fmt(seg.p50Ms, 1)} ms, p99 ${fmt(seg.p99Ms, 1)} ms, ` +
            `max ${fmt(seg.maxMs, 1)} ms; ${seg.behindAtEndEvents} events behind when the writers finished, caught up ${fmt(seg.catchUpMs, 1)} ms later ` +
            `(${seg.batches} runner batches; ${cpuText(seg.cpu)})`,
        ),
      );
      const of = (key: 'eventsPerSecond' | 'p50Ms' | 'p99Ms' | 'maxMs' | 'behindAtEndEvents' | 'catchUpMs' | 'batches') => series(lag.map((seg) => seg[key]));
      log(`  whole pass: ${fmt(passRate(lag, segments))} events/s`);
      results.lag = {
        appendEventsPerS: of('eventsPerSecond'),
        appendWholePassEventsPerS: passRate(lag, segments),
        p50Ms: of('p50Ms'),
        p99Ms: of('p99Ms'),
        maxMs: of('maxMs'),
        behindAtEndEvents: of('behindAtEndEvents'),
        catchUpMs: of('catchUpMs'),
        runnerBatches: of('batches'),
        cpu: lag.map((x) => x.cpu),
      };
      lines.push([`Append, ${WRITERS} writers + live ProjectionRunner`, `${rate(of('eventsPerSecond'))} events/s`, spread(of('eventsPerSecond')), vsInsert(of('eventsPerSecond').median, WRITERS)]);
      lines.push(['Subscriber lag p50 (runner committed − append returned)', `${fmt(of('p50Ms').median, 1)} ms`, spread(of('p50Ms'), 1), '']);
      lines.push(['Subscriber lag p99', `${fmt(of('p99Ms').median, 1)} ms`, spread(of('p99Ms'), 1), '']);
      lines.push(['Subscriber behind when writers finished', `${fmt(of('behindAtEndEvents').median)} events`, spread(of('behindAtEndEvents')), `caught up ${fmt(of('catchUpMs').median)} ms later`]);
    }

    // 4. Rebuild over the full log.
    let rebuild: Series | null = null;
    let printProfile: (() => void) | null = null;
    if (PHASES.has('rebuild')) {
      const client = new pg.Client({ connectionString: uri });
      await client.connect();
      const inLog = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM es.events')).rows[0]!.n);
      await client.end();
      if (inLog !== total) {
        log('writing the log for the rebuild (untimed)');
        await appendPassConcurrent(uri, [units]);
      }
      const rebuilder = await openStore(uri, 4);
      try {
        const runs: Profile[] = [];
        for (let r = 0; r < REPS; r += 1) {
          const run = await profiledRebuild(uri, rebuilder.pool, rebuilder.store, REBUILD_BATCH_DEFAULT);
          if (run.events !== total) throw new Error(`rebuild read ${run.events} events, expected ${total}`);
          runs.push(run);
          log(`rebuild ${r + 1}/${REPS}, ${run.label}: ${fmt(run.eventsPerSecond)} events/s (${fmt(run.totalMs / 1000, 2)} s)`);
        }
        rebuild = series(runs.map((run) => run.eventsPerSecond));
        const counts = await readModelCounts(uri);
        const expectedRows = (table: string) =>
          table.endsWith('years') ? dataset.entities.year : table.endsWith('videos') ? dataset.entities.video : table.endsWith('articles') ? dataset.entities.article : null;
        const wrong = Object.entries(counts).filter(([table, n]) => expectedRows(table) !== null && expectedRows(table) !== n);
        if (wrong.length > 0 || counts.years === undefined) {
          throw new Error(`read models hold ${JSON.stringify(counts)}, expected ${JSON.stringify(dataset.entities)} per kind`);
        }
        log(`read models after rebuild: ${Object.entries(counts).map(([table, n]) => `${table} ${n}`).join(', ')}`);
        // Single runs that emulate proposed changes (experiment `variants`).
        const variants: Profile[] = [];
        // Building the GIN indexes late is only a variant while rebuildReadModels still maintains them during the load.
        const ginDuringLoad = runs[0]!.ginIndexesDuringLoad;
        log(`GIN indexes maintained during the rebuild's load: ${ginDuringLoad}`);
        // Likewise writing each row once and prefetching, while rebuildReadModels does not use the bulk loaders.
        const bulkInUse = runs[0]!.bulkFlushes > 0;
        log(`bulk loaders used by the rebuild: ${bulkInUse ? `yes (${runs[0]!.bulkFlushes} flushes)` : 'no'}`);
        const variantsToRun = EXPERIMENTS.has('variants')
          ? REBUILD_VARIANTS.filter((v) => (!v.lateGin || ginDuringLoad > 0) && ((!v.writeOnce && !v.prefetch) || !bulkInUse))
          : [];
        for (const variant of variantsToRun) {
          const run = await profiledRebuild(uri, rebuilder.pool, rebuilder.store, REBUILD_BATCH_DEFAULT, variant);
          variants.push(run);
          log(`rebuild variant, ${run.label}: ${fmt(run.eventsPerSecond)} events/s (${fmt(run.totalMs / 1000, 2)} s, of which index builds ${fmt(run.indexMs / 1000, 2)} s)`);
        }
        const breakdown = EXPERIMENTS.has('readall') || EXPERIMENTS.has('json') ? await readAllBreakdown(uri, rebuilder.store, REBUILD_BATCH_DEFAULT, EXPERIMENTS.has('json')) : null;
        const fold = EXPERIMENTS.has('fold') ? await sqlFoldReference(uri) : null;
        results.rebuild = { eventsPerS: rebuild, vsCopy: copy ? rebuild.median / copy.median : null, readModels: counts, runs, variants, readAll: breakdown, sqlFold: fold };
        lines.push([`Rebuild (rebuildReadModels, batch ${REBUILD_BATCH_DEFAULT}, swap)`, `${rate(rebuild)} events/s`, spread(rebuild), vsCopy(rebuild.median)]);
        for (const run of variants) lines.push([`  variant (1 run): ${run.label}`, `${fmt(run.eventsPerSecond)} events/s`, '', vsCopy(run.eventsPerSecond)]);

        printProfile = () => {
          console.log('');
          console.log(
            'Rebuild profile (ms; readAll = store.readAll calls incl. transfer and JSON.parse, in flight — they overlap the folding when the ' +
              'loader prefetches; SQL = the projections\' statements; JS = their folding; rest = total minus those: BEGIN/COMMIT, locks, ' +
              'checkpoints, deferred index builds, swap):',
          );
          const header = ['run', 'events/s', 'total', 'readAll', 'SQL: archive', 'SQL: search', 'JS', 'rest', 'GIN build', 'rows written'];
          const table = [...runs, ...variants].map((p) => {
            const sqlOf = (prefix: boolean) =>
              Object.entries(p.sqlMsByProjection)
                .filter(([name]) => name.startsWith('search_') === prefix)
                .reduce((sum, [, ms]) => sum + ms, 0);
            return [
              p.label,
              fmt(p.eventsPerSecond),
              fmt(p.totalMs),
              fmt(p.readAllMs),
              fmt(sqlOf(false)),
              fmt(sqlOf(true)),
              fmt(p.applyJsMs),
              fmt(p.otherMs),
              p.lateGin ? fmt(p.indexMs) : '',
              fmt(p.upsertedRows),
            ];
          });
          const w = header.map((h, c) => Math.max(h.length, ...table.map((row) => row[c]!.length)));
          const show = (row: string[]) => `  ${row.map((cell, c) => (c === 0 ? cell.padEnd(w[c]!) : cell.padStart(w[c]!))).join('  ')}`;
          console.log(show(header));
          for (const row of table) console.log(show(row));
          const median0 = runs[Math.floor(runs.length / 2)]!;
          console.log(
            `  SQL by projection (${median0.label}, one run): ${Object.entries(median0.sqlMsByProjection).map(([name, ms]) => `${name} ${fmt(ms)}`).join(', ')}`,
          );
          if (breakdown) {
            const b = breakdown;
            const line = (name: string, m: NonNullable<typeof b.json>) =>
              `  ${name.padEnd(22)} ${Number.isNaN(m.pgTextMs) ? '' : `pg, values as text ${fmt(m.pgTextMs)} ms; `}pg + JSON.parse ${fmt(m.pgParsedMs)} ms; ` +
              `server incl. detoast + conversion to text ${fmt(m.serverWithOutputMs)} ms; table + indexes ${fmt(m.bytes / 1e6)} MB`;
            console.log(`readAll's query on plain pg over the whole log, ${b.pages} pages of ${REBUILD_BATCH_DEFAULT}, one pass each (server execution alone ${fmt(b.serverMs)} ms):`);
            console.log(`  store.readAll (slonik, toRecorded) ${fmt(b.storeMs)} ms; plain pg + JSON.parse without the metadata column ${fmt(b.pgParsedNoMetadataMs)} ms`);
            console.log(line('es.events (jsonb)', b.jsonb));
            if (b.json) console.log(line('copy with json columns', b.json));
            console.log(`readAll plan: ${b.plan}`);
          }
          if (fold) {
            console.log(
              `Reference: folding the log to the documents' final state inside PostgreSQL (one table, no search columns or indexes): ` +
                `${fmt(fold.ms)} ms for ${fmt(fold.rows)} rows = ${fmt(total / (fold.ms / 1000))} events/s`,
            );
          }
        };
      } finally {
        await rebuilder.close();
      }
    }

    // ------------------------------------------------------------------------------------------------------------
    const widths = [0, 1, 2, 3].map((c) => Math.max(...lines.map((l) => l[c]!.length), ['Measurement', 'Median', 'Range', 'Ratio'][c]!.length));
    const tableRow = (cells: readonly string[]) => `| ${cells.map((cell, c) => (c === 1 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join(' | ')} |`;
    console.log('');
    console.log(
      `Event store benchmark — ${new Date().toISOString()} — ${total} events; baselines and rebuild: median of ${REPS} runs; appends and lag: median of ${segmentNote}; ` +
        `PostgreSQL ${settings.server_version} (fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}); ${os.cpus().length} CPUs`,
    );
    console.log(tableRow(['Measurement', 'Median', 'Range', 'Ratio']));
    console.log(tableRow(widths.map((w) => '-'.repeat(w))));
    for (const line of lines) console.log(tableRow(line));

    let targetsMet: boolean | null = null;
    if (rebuild) {
      const rebuildOk = rebuild.median >= TARGET_REBUILD_EVENTS_PER_S;
      const ratioOk = copy ? rebuild.median / copy.median >= TARGET_REBUILD_COPY_RATIO : null;
      targetsMet = rebuildOk && ratioOk !== false;
      console.log('');
      console.log(
        `Targets: rebuild ≥ ${fmt(TARGET_REBUILD_EVENTS_PER_S)} events/s: ${rebuildOk ? 'MET' : 'NOT MET'} (${fmt(rebuild.median)}); ` +
          `rebuild ≥ ${TARGET_REBUILD_COPY_RATIO}× COPY: ${ratioOk === null ? 'not measured' : ratioOk ? 'MET' : 'NOT MET'}${copy ? ` (${fmt(rebuild.median / copy.median, 2)}×)` : ''}`,
      );
      printProfile?.();
    }
    console.log(`Total wall time ${fmt((now() - wallStart) / 1000, 1)} s`);

    const json = {
      bench: 'store',
      date: new Date().toISOString(),
      events: total,
      reps: REPS,
      phases: [...PHASES],
      experiments: [...EXPERIMENTS].filter(Boolean),
      code,
      cpus: os.cpus().length,
      node: process.version,
      postgres: settings,
      dataset: { appends: units.length, eventsPerAppend: EVENTS_PER_APPEND, entities: dataset.entities, eventBytes: dataset.bytes },
      ...results,
      targets: { rebuildEventsPerS: TARGET_REBUILD_EVENTS_PER_S, rebuildVsCopy: TARGET_REBUILD_COPY_RATIO, met: targetsMet },
    };
    console.log(`BENCH_JSON ${JSON.stringify(json)}`);
  } finally {
    await database?.stop();
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`[bench] failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
}
