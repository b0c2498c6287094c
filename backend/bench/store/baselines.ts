/** Raw PostgreSQL INSERT and COPY baselines; run by backend/bench/store-bench.ts. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { runSql } from '../bench-database';
import { eventCount, type Segment, partition } from './appends';
import { ROWS_PER_INSERT, cpuMeter, now } from './common';
import { type Unit } from './dataset';

// ---------------------------------------------------------------------------------------------------------------
// Baselines: the same rows, straight into a table shaped like es.events (same columns, defaults and indexes).

export type Row = { stream: string; revision: number; id: string; type: string; data: string; metadata: string };
export const RAW_TABLE = 'bench_raw.events';
export const RAW_COLUMNS = 'stream_name, stream_revision, event_id, event_type, data, metadata';

export async function freshRawTable(uri: string) {
  await runSql(
    uri,
    `CREATE SCHEMA IF NOT EXISTS bench_raw; DROP TABLE IF EXISTS ${RAW_TABLE}; CREATE TABLE ${RAW_TABLE} (LIKE es.events INCLUDING ALL); CHECKPOINT;`,
  );
}

export const insertStatement = (count: number) =>
  `INSERT INTO ${RAW_TABLE} (${RAW_COLUMNS}) VALUES ${Array.from({ length: count }, (_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}::jsonb, $${i * 6 + 6}::jsonb)`).join(', ')}`;

export async function insertBaseline(uri: string, rows: readonly Row[]): Promise<number> {
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
export async function rawAppendSizedPass(uri: string, segments: readonly Unit[][], rowsOf: Map<Unit, Row[]>, connections: number): Promise<Segment[]> {
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
            await clients[c]!.query(
              statement(rows.length),
              rows.flatMap((r) => [r.stream, r.revision, r.id, r.type, r.data, r.metadata]),
            );
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

/**
 * The rows as COPY text, in chunks of about a megabyte: Buffers, outside the JavaScript heap, so a bench can keep
 * them from the baselines through the rebuilds (copyRate, beside each) without its garbage collections tracing them.
 */
export function copyText(rows: readonly Row[]): Buffer[] {
  // COPY text format: only backslashes need escaping (JSON.stringify leaves no raw tabs or newlines).
  const escape = (text: string) => text.replaceAll('\\', '\\\\');
  const chunks: Buffer[] = [];
  let chunk = '';
  for (const r of rows) {
    chunk += `${r.stream}\t${r.revision}\t${r.id}\t${r.type}\t${escape(r.data)}\t${escape(r.metadata)}\n`;
    if (chunk.length > 1 << 20) {
      chunks.push(Buffer.from(chunk));
      chunk = '';
    }
  }
  if (chunk) chunks.push(Buffer.from(chunk));
  return chunks;
}

/** One COPY of `chunks` (copyText's, `count` rows) into a fresh raw table: rows/s. */
export async function copyRate(uri: string, chunks: readonly Buffer[], count: number): Promise<number> {
  await freshRawTable(uri);
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    const started = now();
    await pipeline(Readable.from(chunks), client.query(copyStreams.from(`COPY ${RAW_TABLE} (${RAW_COLUMNS}) FROM STDIN`)));
    return count / ((now() - started) / 1000);
  } finally {
    await client.end();
  }
}
