/**
 * Where the live runner's batch time goes (issue 20 goal 2): the log written untimed, then the real ProjectionRunner
 * applies it batch by batch (runBatch('stop'), as its run loop does), with each projection's apply and the log read
 * timed. Run with `node --cpu-prof` for the JavaScript side. `npx tsx backend/bench/store/runner-profile.ts`
 *   PROFILE_EVENTS=20000 PROFILE_BATCH=1000
 */
import { sql } from 'slonik';
import { ProjectionRunner, allProjections, createReadModelSchema, type EventSource, type Projection } from '@mello/projections';
import { decodingEventStore } from '../../src/event-store/decoding-event-store';
import { startBenchDatabase } from '../bench-database';
import { appendPassConcurrent, openStore } from './appends';
import { generateDataset } from './dataset';
import { log, now } from './common';

const EVENTS = Number(process.env.PROFILE_EVENTS ?? 20000);
const BATCH = Number(process.env.PROFILE_BATCH ?? 1000);

async function main() {
  const db = await startBenchDatabase(log);
  try {
    const { units } = generateDataset(EVENTS);
    await appendPassConcurrent(db.uri, [units]);
    await createReadModelSchema(db.uri, 'rm');
    const reader = await openStore(db.uri, 4);
    const ms = new Map<string, number>();
    const add = (key: string, t: number) => ms.set(key, (ms.get(key) ?? 0) + t);
    const decoded = decodingEventStore(reader.store);
    const source: EventSource = {
      ...decoded,
      onAppended: (l) => decoded.onAppended(l),
      readAll: async (o) => {
        const t = now();
        try {
          return await decoded.readAll(o as Parameters<typeof decoded.readAll>[0]);
        } finally {
          add('readAll', now() - t);
        }
      },
    };
    const timed: Projection[] = allProjections.map((p) => ({
      ...p,
      eventTypes: p.eventTypes,
      apply: async (tx, schema, events) => {
        const t = now();
        try {
          await p.apply(tx, schema, events);
        } finally {
          add(p.name, now() - t);
        }
      },
    }));
    const runner = new ProjectionRunner(reader.pool, db.uri, source, timed, { schema: 'rm', batchSize: BATCH });
    const started = now();
    let events = 0;
    let batches = 0;
    for (;;) {
      const batch = await runner.runBatch('stop');
      if (batch.events.length === 0) break;
      events += batch.events.length;
      batches += 1;
    }
    const total = now() - started;
    log(`${events} events in ${batches} batches of ≤ ${BATCH}: ${(total / 1000).toFixed(2)} s, ${Math.round(events / (total / 1000))} events/s`);
    const rows = [...ms].sort((a, b) => b[1] - a[1]);
    for (const [key, t] of rows) log(`  ${key.padEnd(22)} ${t.toFixed(0).padStart(7)} ms ${((t / total) * 100).toFixed(1).padStart(5)} %`);
    const accounted = rows.reduce((s, [, t]) => s + t, 0);
    log(`  ${'other (lock, checkpoints, commit)'.padEnd(22)} ${(total - accounted).toFixed(0).padStart(7)} ms`);
    if (process.env.PROFILE_EXPLAIN) {
      const plan = await reader.pool.any(
        sql.unsafe`SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE schemaname = 'rm' ORDER BY n_tup_upd DESC LIMIT 10`,
      );
      for (const row of plan) log(JSON.stringify(row));
    }
    if (process.env.PROFILE_SQL) {
      // What one search upsert costs in PostgreSQL, piece by piece, on 50 rows of search_years (rolled back).
      const client = new (await import('pg')).default.Client({ connectionString: db.uri });
      await client.connect();
      const timeIt = async (label: string, text: string) => {
        await client.query('BEGIN');
        const t = now();
        const result = await client.query(text);
        const took = now() - t;
        await client.query('ROLLBACK');
        log(`  ${label.padEnd(40)} ${took.toFixed(1)} ms`);
        if (process.env.PROFILE_SQL === 'plans' && text.startsWith('EXPLAIN')) for (const r of result.rows) log(`    ${Object.values(r)[0]}`);
      };
      const rowsN = (n: number) => `SELECT id FROM rm.search_years ORDER BY id LIMIT ${n}`;
      const clean = `; SELECT gin_clean_pending_list('rm.search_years_body_trgm'), gin_clean_pending_list('rm.search_years_tsv')`;
      const big = `ALTER INDEX rm.search_years_body_trgm SET (gin_pending_list_limit = 4096); ALTER INDEX rm.search_years_tsv SET (gin_pending_list_limit = 4096); `;
      for (let round = 0; round < 2; round += 1) {
        for (const n of [50, 200]) {
          const upd = `UPDATE rm.search_years SET body_text = body_text || ' ändrad' WHERE id IN (${rowsN(n)})`;
          await timeIt(`${n}: update, 64 kB`, `${upd}${clean}`);
          await timeIt(`${n}: update, 4 MB + clean`, `${big}${upd}${clean}`);
          await timeIt(
            `${n}: update, no trigger, no gin`,
            `ALTER TABLE rm.search_years DISABLE TRIGGER USER; DROP INDEX rm.search_years_body_trgm; DROP INDEX rm.search_years_tsv; ${upd}`,
          );
          const upsert = `INSERT INTO rm.search_years SELECT * FROM (SELECT id, created_position, doc, year, is_classic, has_video, has_controversies, names_text, body_text || ' ändrad' FROM rm.search_years WHERE id IN (${rowsN(n)})) r ON CONFLICT (id) DO UPDATE SET body_text = excluded.body_text, doc = excluded.doc`;
          await timeIt(
            `${n}: upsert, no trigger, no gin`,
            `ALTER TABLE rm.search_years DISABLE TRIGGER USER; DROP INDEX rm.search_years_body_trgm; DROP INDEX rm.search_years_tsv; ${upsert}`,
          );
          await timeIt(`${n}: upsert, 4 MB + clean`, `${big}${upsert}${clean}`);
        }
      }
      await client.end();
    }
    await reader.close();
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
