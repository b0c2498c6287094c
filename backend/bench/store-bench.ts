/**
 * Event-store benchmark (not a test): append throughput, subscriber lag and read-model rebuild speed in events/s,
 * next to raw PostgreSQL INSERT and COPY baselines measured on the same throwaway, durable database in the same
 * run. Every measurement is repeated; the figures are medians, and ratios are against this run's baselines.
 *
 *   npm run bench:store                      (100k events, 3 repetitions)
 *   BENCH_EVENTS=20000 BENCH_REPS=1 npm run bench:store   (quick smoke run)
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import type { EventMetadata } from '@mello/contracts';
import {
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
const REBUILD_BATCH_VARIANTS = [1000, 20_000];
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
  const kinds: Kind[] = Array.from({ length: entityCount }, (_, i) => (i % 20 < 7 ? 'year' : i % 20 < 14 ? 'video' : 'article'));
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
      sizes.push(JSON.stringify(event.data).length + JSON.stringify(event.metadata).length);
    }
  }
  const entities = { year: 0, video: 0, article: 0 };
  for (const kind of kinds) entities[kind] += 1;
  return { units, entities, bytes: { median: median(sizes), max: Math.max(...sizes), total: sizes.reduce((a, b) => a + b, 0) } };
}

// ---------------------------------------------------------------------------------------------------------------
// Baselines: the same rows, straight into a table shaped like es.events (same columns, defaults and indexes).

type Row = { stream: string; revision: number; id: string; type: string; data: string; metadata: string };
const RAW_TABLE = 'bench_raw.events';
const RAW_COLUMNS = 'stream_name, stream_revision, event_id, event_type, data, metadata';

async function freshRawTable(uri: string) {
  await runSql(uri, `CREATE SCHEMA IF NOT EXISTS bench_raw; DROP TABLE IF EXISTS ${RAW_TABLE}; CREATE TABLE ${RAW_TABLE} (LIKE es.events INCLUDING ALL); CHECKPOINT;`);
}

async function insertBaseline(uri: string, rows: readonly Row[]): Promise<number> {
  await freshRawTable(uri);
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  const statement = (count: number) =>
    `INSERT INTO ${RAW_TABLE} (${RAW_COLUMNS}) VALUES ${Array.from({ length: count }, (_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}::jsonb, $${i * 6 + 6}::jsonb)`).join(', ')}`;
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

async function appendOneWriter(uri: string, units: readonly Unit[]): Promise<number> {
  await emptyLog(uri);
  const writer = await openStore(uri, 1);
  try {
    const started = now();
    let events = 0;
    for (const unit of units) {
      await writer.store.appendToStream(unit.stream, unit.events, { expectedRevision: expectedRevisionOf(unit) });
      events += unit.events.length;
    }
    return events / ((now() - started) / 1000);
  } finally {
    await writer.close();
  }
}

/** Each stream belongs to one writer (as one entity is edited by one request at a time); 8 pools of 1 connection. */
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

async function appendConcurrently(
  uri: string,
  units: readonly Unit[],
  onReturned?: (unit: Unit, at: number) => void,
): Promise<{ eventsPerSecond: number; finishedAt: number }> {
  const parts = partition(units, WRITERS);
  const writers = await Promise.all(parts.map(() => openStore(uri, 1)));
  try {
    const started = now();
    const counts = await Promise.all(
      parts.map(async (part, w) => {
        let events = 0;
        for (const unit of part) {
          await writers[w]!.store.appendToStream(unit.stream, unit.events, { expectedRevision: expectedRevisionOf(unit) });
          onReturned?.(unit, now());
          events += unit.events.length;
        }
        return events;
      }),
    );
    const finishedAt = now();
    return { eventsPerSecond: counts.reduce((a, b) => a + b, 0) / ((finishedAt - started) / 1000), finishedAt };
  } finally {
    await Promise.all(writers.map((w) => w.close()));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Subscriber lag: the real ProjectionRunner on schema `rm` follows the log while 8 writers append.

type LagResult = {
  appendEventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  behindAtEndEvents: number;
  catchUpMs: number;
  batches: number;
};

async function lagRun(uri: string, units: readonly Unit[], indexOf: Map<string, number>, total: number): Promise<LagResult> {
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
  try {
    runner.start();
    for (let waited = 0; !runner.isLeader && waited < 5000; waited += 10) await sleep(10);
    await sleep(300); // LISTEN connection up, first empty poll done
    const result = await appendConcurrently(uri, units, (unit, at) => {
      for (const event of unit.events) returnedAt[indexOf.get(event.id)!] = at;
    });
    const behindAtEndEvents = total - seen;
    const deadline = now() + 120_000;
    while (seen < total && now() < deadline) await sleep(2);
    if (seen < total) throw new Error(`subscriber saw only ${seen} of ${total} events within 120 s`);
    const catchUpMs = now() - result.finishedAt;
    const lags = new Float64Array(total);
    for (let i = 0; i < total; i += 1) lags[i] = seenAt[i]! - returnedAt[i]!;
    lags.sort();
    return {
      appendEventsPerSecond: result.eventsPerSecond,
      p50Ms: percentile(lags, 50),
      p99Ms: percentile(lags, 99),
      maxMs: lags[lags.length - 1]!,
      behindAtEndEvents,
      catchUpMs,
      batches,
    };
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

type Profile = {
  totalMs: number;
  readAllMs: number;
  readAllCalls: number;
  applyJsMs: number;
  applySqlMs: number;
  upsertedRows: number;
  otherMs: number;
};

/** One rebuild with the event source and projections wrapped in timers (the tx's queries are timed too). */
async function profiledRebuild(uri: string, pool: DatabasePool, store: PostgresEventStore, batchSize: number): Promise<Profile> {
  const profile = { readAllMs: 0, readAllCalls: 0, applyJsMs: 0, applySqlMs: 0, upsertedRows: 0 };
  const source: EventSource = {
    readAll: async (options) => {
      const t = now();
      const events = await store.readAll(options as Parameters<PostgresEventStore['readAll']>[0]);
      profile.readAllMs += now() - t;
      profile.readAllCalls += 1;
      return events;
    },
    onAppended: (listener) => store.onAppended(listener),
  };
  const projections: Projection[] = allProjections.map((projection) => ({
    name: projection.name,
    eventTypes: projection.eventTypes,
    apply: async (tx: DatabaseTransactionConnection, schema: string, events: readonly ProjectedEvent[]) => {
      let sqlMs = 0;
      const timed = new Proxy(tx, {
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
              sqlMs += now() - t;
            }
          };
        },
      });
      const t = now();
      await projection.apply(timed, schema, events);
      const ms = now() - t;
      profile.applySqlMs += sqlMs;
      profile.applyJsMs += ms - sqlMs;
    },
  }));
  // The same span rebuildReadModels reports (after creating the build schema, through the swap).
  const totalMs = (await rebuildOnce(uri, pool, source, projections, batchSize)).seconds * 1000;
  return { totalMs, ...profile, otherMs: totalMs - profile.readAllMs - profile.applyJsMs - profile.applySqlMs };
}

/** Where readAll's time goes: server execution, result transfer and text decode, JSON.parse, slonik/mapping. */
async function readAllBreakdown(uri: string, store: PostgresEventStore, pageSize: number) {
  // 1. Through the store (what the rebuild does): slonik, jsonb parsed by the pool's type parsers, toRecorded.
  let t = now();
  const positions: Array<string | null> = [null];
  let count = 0;
  for (;;) {
    const page = await store.readAll({ after: positions[positions.length - 1] as never, maxCount: pageSize });
    if (page.length === 0) break;
    count += page.length;
    positions.push(page[page.length - 1]!.position);
  }
  const storeMs = now() - t;
  positions.pop();

  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    const pageSql = (columns: string) => `
      SELECT ${columns} FROM es.events
       WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id, global_position LIMIT $3`;
    const args = (position: string | null) => {
      const [xid, pos] = position ? position.split('/').map((part) => BigInt(part).toString()) : ['0', '0'];
      return [xid, pos, pageSize];
    };
    const fullColumns = `global_position, transaction_id::text AS xid_text, stream_name, stream_revision, event_id::text AS event_id,
      event_type, data, metadata, recorded_at`;
    const textColumns = fullColumns.replace('data, metadata', 'data::text AS data, metadata::text AS metadata');
    // 2. Plain pg, jsonb as text (no JSON.parse): server time + transfer + protocol decode.
    t = now();
    for (const position of positions) await client.query(pageSql(textColumns), args(position));
    const pgTextMs = now() - t;
    // 3. Plain pg with its default jsonb parsing (JSON.parse per value).
    t = now();
    for (const position of positions) await client.query(pageSql(fullColumns), args(position));
    const pgParsedMs = now() - t;
    // 4. Server execution alone (no output conversion or transfer).
    let serverMs = 0;
    for (const position of positions) {
      const [xid, pos, limit] = args(position);
      const plan = await client.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
        `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${pageSql(fullColumns).replace('$1', `'${xid}'`).replace('$2', `'${pos}'`).replace('$3', String(limit))}`,
      );
      serverMs += plan.rows[0]!['QUERY PLAN'][0]!['Execution Time'];
    }
    // 5. Server time including the jsonb → text output conversion, but tiny transfer.
    t = now();
    for (const position of positions) {
      await client.query(`SELECT count(*), sum(length(data::text) + length(metadata::text)) FROM (${pageSql(fullColumns)}) page`, args(position));
    }
    const serverWithOutputMs = now() - t;
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${pageSql(fullColumns).replace('$1', "'0'").replace('$2', "'0'").replace('$3', String(pageSize))}`,
    );
    return {
      events: count,
      pages: positions.length,
      storeMs,
      pgTextMs,
      pgParsedMs,
      serverMs,
      serverWithOutputMs,
      plan: plan.rows.map((row) => row['QUERY PLAN'].trim()).join(' | '),
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function readModelCounts(uri: string) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    const { rows } = await client.query<{ years: number; videos: number; articles: number }>(
      'SELECT (SELECT count(*) FROM rm.years)::int AS years, (SELECT count(*) FROM rm.videos)::int AS videos, (SELECT count(*) FROM rm.articles)::int AS articles',
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const rate = (s: Series) => `${fmt(s.median)}`;
const spread = (s: Series, digits = 0) => `${fmt(s.min, digits)}–${fmt(s.max, digits)}`;

async function main() {
  const wallStart = now();
  log(`${EVENTS} events, ${REPS} repetitions, ${os.cpus().length} CPUs, Node ${process.version}`);
  const dataset = generateDataset(EVENTS);
  const units = dataset.units;
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
  const indexOf = new Map(rows.map((row, i) => [row.id, i]));
  log(
    `data: ${units.length} appends over ${dataset.entities.year + dataset.entities.video + dataset.entities.article} streams ` +
      `(${dataset.entities.year} years, ${dataset.entities.video} videos, ${dataset.entities.article} articles); ` +
      `event JSON median ${dataset.bytes.median} B, max ${dataset.bytes.max} B, total ${fmt(dataset.bytes.total / 1e6, 1)} MB`,
  );

  let database: BenchDatabase | null = null;
  try {
    database = await startBenchDatabase(log);
    const uri = database.uri;
    const settings = await serverSettings(uri);
    log(`PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, shared_buffers=${settings.shared_buffers}`);

    // 1. Baselines, interleaved so both see the same machine noise.
    const insertRuns: number[] = [];
    const copyRuns: number[] = [];
    for (let r = 0; r < REPS; r += 1) {
      insertRuns.push(await insertBaseline(uri, rows));
      copyRuns.push(await copyBaseline(uri, rows));
      log(`baseline ${r + 1}/${REPS}: INSERT ${fmt(insertRuns[r]!)} rows/s, COPY ${fmt(copyRuns[r]!)} rows/s`);
    }
    await runSql(uri, 'DROP SCHEMA bench_raw CASCADE; CHECKPOINT;');
    const insert = series(insertRuns);
    const copy = series(copyRuns);

    // 2. Appends.
    const oneWriterRuns: number[] = [];
    const concurrentRuns: number[] = [];
    for (let r = 0; r < REPS; r += 1) {
      oneWriterRuns.push(await appendOneWriter(uri, units));
      concurrentRuns.push((await appendConcurrently(uri, units)).eventsPerSecond);
      log(`append ${r + 1}/${REPS}: 1 writer ${fmt(oneWriterRuns[r]!)} events/s, ${WRITERS} writers ${fmt(concurrentRuns[r]!)} events/s`);
      await emptyLog(uri);
    }
    const oneWriter = series(oneWriterRuns);
    const concurrent = series(concurrentRuns);

    // 3. Subscriber lag (the last run leaves the 100k-event log for the rebuild).
    const lagRuns: LagResult[] = [];
    for (let r = 0; r < REPS; r += 1) {
      const lag = await lagRun(uri, units, indexOf, total);
      lagRuns.push(lag);
      log(
        `lag ${r + 1}/${REPS}: appends ${fmt(lag.appendEventsPerSecond)} events/s; lag p50 ${fmt(lag.p50Ms, 1)} ms, p99 ${fmt(lag.p99Ms, 1)} ms, ` +
          `max ${fmt(lag.maxMs, 1)} ms; ${lag.behindAtEndEvents} events behind at the end, caught up ${fmt(lag.catchUpMs, 1)} ms later (${lag.batches} batches)`,
      );
    }
    const lagOf = (key: keyof LagResult) => series(lagRuns.map((l) => l[key]));

    // 4. Rebuild.
    const rebuilder = await openStore(uri, 4);
    const rebuildRuns: number[] = [];
    const variantRuns = new Map<number, number>();
    let profile: Profile | null = null;
    let readAll: Awaited<ReturnType<typeof readAllBreakdown>> | null = null;
    let counts: Awaited<ReturnType<typeof readModelCounts>> | null = null;
    try {
      for (let r = 0; r < REPS; r += 1) {
        const result = await rebuildOnce(uri, rebuilder.pool, rebuilder.store, allProjections, REBUILD_BATCH_DEFAULT);
        if (result.events !== total) throw new Error(`rebuild read ${result.events} events, expected ${total}`);
        rebuildRuns.push(result.eventsPerSecond);
        log(`rebuild ${r + 1}/${REPS} (batch ${REBUILD_BATCH_DEFAULT}): ${fmt(result.eventsPerSecond)} events/s (${fmt(result.seconds, 2)} s)`);
      }
      counts = await readModelCounts(uri);
      for (const batchSize of REBUILD_BATCH_VARIANTS) {
        const result = await rebuildOnce(uri, rebuilder.pool, rebuilder.store, allProjections, batchSize);
        variantRuns.set(batchSize, result.eventsPerSecond);
        log(`rebuild (batch ${batchSize}): ${fmt(result.eventsPerSecond)} events/s (${fmt(result.seconds, 2)} s)`);
      }
      profile = await profiledRebuild(uri, rebuilder.pool, rebuilder.store, REBUILD_BATCH_DEFAULT);
      readAll = await readAllBreakdown(uri, rebuilder.store, REBUILD_BATCH_DEFAULT);
    } finally {
      await rebuilder.close();
    }
    const rebuild = series(rebuildRuns);
    const expected = dataset.entities;
    if (counts.years !== expected.year || counts.videos !== expected.video || counts.articles !== expected.article) {
      throw new Error(`read models hold ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
    }

    // ------------------------------------------------------------------------------------------------------------
    const lines: Array<[string, string, string, string]> = [
      ['Raw INSERT baseline (100 rows/statement, 1 tx each)', `${rate(insert)} rows/s`, spread(insert), '1.00× INSERT'],
      ['Raw COPY baseline (one COPY FROM STDIN)', `${rate(copy)} rows/s`, spread(copy), `${fmt(copy.median / insert.median, 2)}× INSERT`],
      [`Append, 1 writer, ${EVENTS_PER_APPEND} events/append`, `${rate(oneWriter)} events/s`, spread(oneWriter), `${fmt(oneWriter.median / insert.median, 2)}× INSERT`],
      [`Append, ${WRITERS} writers, ${EVENTS_PER_APPEND} events/append`, `${rate(concurrent)} events/s`, spread(concurrent), `${fmt(concurrent.median / insert.median, 2)}× INSERT`],
      [`Append, ${WRITERS} writers + live ProjectionRunner`, `${rate(lagOf('appendEventsPerSecond'))} events/s`, spread(lagOf('appendEventsPerSecond')), `${fmt(lagOf('appendEventsPerSecond').median / insert.median, 2)}× INSERT`],
      ['Subscriber lag p50 (seen − append returned)', `${fmt(lagOf('p50Ms').median, 1)} ms`, spread(lagOf('p50Ms'), 1), ''],
      ['Subscriber lag p99', `${fmt(lagOf('p99Ms').median, 1)} ms`, spread(lagOf('p99Ms'), 1), ''],
      ['Subscriber behind when writers finished', `${fmt(lagOf('behindAtEndEvents').median)} events`, spread(lagOf('behindAtEndEvents')), `caught up after ${fmt(lagOf('catchUpMs').median)} ms`],
      [`Rebuild (rebuildReadModels, batch ${REBUILD_BATCH_DEFAULT}, swap)`, `${rate(rebuild)} events/s`, spread(rebuild), `${fmt(rebuild.median / copy.median, 2)}× COPY`],
      ...REBUILD_BATCH_VARIANTS.map((b): [string, string, string, string] => [
        `Rebuild, batch ${b} (1 run)`,
        `${fmt(variantRuns.get(b)!)} events/s`,
        '',
        `${fmt(variantRuns.get(b)! / copy.median, 2)}× COPY`,
      ]),
    ];
    const widths = [0, 1, 2, 3].map((c) => Math.max(...lines.map((l) => l[c]!.length), ['Measurement', 'Median', 'Range', 'Ratio'][c]!.length));
    const row = (cells: readonly string[]) => `| ${cells.map((cell, c) => (c === 1 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join(' | ')} |`;
    console.log('');
    console.log(`Event store benchmark — ${new Date().toISOString()} — ${total} events, median of ${REPS} runs, PostgreSQL ${settings.server_version} (fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}), ${os.cpus().length} CPUs`);
    console.log(row(['Measurement', 'Median', 'Range', 'Ratio']));
    console.log(row(widths.map((w) => '-'.repeat(w))));
    for (const line of lines) console.log(row(line));

    const rebuildOk = rebuild.median >= TARGET_REBUILD_EVENTS_PER_S;
    const ratioOk = rebuild.median / copy.median >= TARGET_REBUILD_COPY_RATIO;
    console.log('');
    console.log(
      `Targets: rebuild ≥ ${fmt(TARGET_REBUILD_EVENTS_PER_S)} events/s: ${rebuildOk ? 'MET' : 'NOT MET'} (${fmt(rebuild.median)}); ` +
        `rebuild ≥ ${TARGET_REBUILD_COPY_RATIO}× COPY: ${ratioOk ? 'MET' : 'NOT MET'} (${fmt(rebuild.median / copy.median, 2)}×)`,
    );
    console.log(`Read models after rebuild: ${counts.years} years, ${counts.videos} videos, ${counts.articles} articles`);
    const pct = (ms: number) => `${fmt(ms)} ms (${fmt((100 * ms) / profile.totalMs)}%)`;
    console.log('');
    console.log(`Rebuild profile (one instrumented run, batch ${REBUILD_BATCH_DEFAULT}, ${fmt(profile.totalMs)} ms = ${fmt(total / (profile.totalMs / 1000))} events/s):`);
    console.log(`  readAll (${profile.readAllCalls} calls)        ${pct(profile.readAllMs)}`);
    console.log(`  projection SQL (upserts)     ${pct(profile.applySqlMs)}  — ${fmt(profile.upsertedRows)} rows written for ${fmt(total)} events`);
    console.log(`  projection JS (reduce, JSON) ${pct(profile.applyJsMs)}`);
    console.log(`  other (BEGIN/COMMIT, locks, checkpoint rows, swap) ${pct(profile.otherMs)}`);
    console.log(
      `readAll over the log (${readAll.pages} pages of ${REBUILD_BATCH_DEFAULT}): store.readAll ${fmt(readAll.storeMs)} ms; plain pg, jsonb as text ${fmt(readAll.pgTextMs)} ms; ` +
        `plain pg + JSON.parse ${fmt(readAll.pgParsedMs)} ms; server execution ${fmt(readAll.serverMs)} ms; server incl. jsonb→text ${fmt(readAll.serverWithOutputMs)} ms`,
    );
    console.log(`readAll plan: ${readAll.plan}`);
    console.log(`Total wall time ${fmt((now() - wallStart) / 1000, 1)} s`);

    const json = {
      bench: 'store',
      date: new Date().toISOString(),
      events: total,
      reps: REPS,
      cpus: os.cpus().length,
      node: process.version,
      postgres: settings,
      dataset: { appends: units.length, entities: dataset.entities, eventBytes: dataset.bytes },
      baseline: { insertRowsPerS: insert, copyRowsPerS: copy },
      append: {
        oneWriterEventsPerS: oneWriter,
        concurrentEventsPerS: concurrent,
        concurrentWithRunnerEventsPerS: lagOf('appendEventsPerSecond'),
        oneWriterVsInsert: oneWriter.median / insert.median,
        concurrentVsInsert: concurrent.median / insert.median,
      },
      lag: { p50Ms: lagOf('p50Ms'), p99Ms: lagOf('p99Ms'), maxMs: lagOf('maxMs'), behindAtEndEvents: lagOf('behindAtEndEvents'), catchUpMs: lagOf('catchUpMs') },
      rebuild: {
        eventsPerS: rebuild,
        vsCopy: rebuild.median / copy.median,
        byBatchSize: Object.fromEntries([[REBUILD_BATCH_DEFAULT, rebuild.median], ...variantRuns]),
        profile,
        readAll,
      },
      targets: { rebuildEventsPerS: TARGET_REBUILD_EVENTS_PER_S, rebuildVsCopy: TARGET_REBUILD_COPY_RATIO, met: rebuildOk && ratioOk },
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
