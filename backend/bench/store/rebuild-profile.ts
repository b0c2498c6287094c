/** Rebuild runs, instrumented rebuilds and where readAll's time goes; run by backend/bench/store-bench.ts. */
import pg from 'pg';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import {
  LIVE_SCHEMA,
  allProjections,
  rebuildReadModels,
  type BulkLoader,
  type CopyRows,
  type EventSource,
  type ProjectedEvent,
  type Projection,
} from '@mello/projections';
import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { decodePage, decodeRecorded } from '../../src/event-store/decoding-event-store';
import { runSql } from '../bench-database';
import { now } from './common';
import { cpuProfiled, sampledBackends } from './rebuild-observers';

// ---------------------------------------------------------------------------------------------------------------
// Rebuild: rebuildReadModels over the whole log into rm_next, swapped in as rm.

export async function rebuildOnce(uri: string, pool: DatabasePool, source: EventSource, projections: readonly Projection[], batchSize: number) {
  await runSql(uri, 'CHECKPOINT');
  const result = await rebuildReadModels({ pool, connectionUri: uri, source, projections, swap: true, batchSize });
  return { eventsPerSecond: result.events / result.seconds, events: result.events, seconds: result.seconds };
}

export type Profile = {
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
  /** From the first bulk flush's start to the last one's end (they run side by side). */
  flushWallMs: number;
  otherMs: number;
  /** Whether the log was read in one stream (store.streamAll) rather than page by page (readAll). */
  streamed: boolean;
  /** Experiment `held`: the audit rows held until the flush instead of COPYed batch by batch. */
  held: boolean;
  /** The process's resident set when the rebuild began and at its peak during it (sampled every 50 ms), MB. */
  rssStartMb: number;
  rssPeakMb: number;
};

/**
 * One rebuild with the event source and projections wrapped in timers (the projections' queries are timed on the
 * transaction). The wrappers cost microseconds per batch. With `lateGin`, an experiment: the build schema's GIN
 * indexes (the search tables') are dropped before the first batch and built once after the load, instead of being
 * maintained row by row; the figure then includes the index builds.
 */
export async function profiledRebuild(
  uri: string,
  pool: DatabasePool,
  store: PostgresEventStore,
  batchSize: number,
  options: { lateGin?: boolean; writeOnce?: boolean; prefetch?: boolean; paged?: boolean; held?: boolean } = {},
): Promise<Profile> {
  const { lateGin = false, writeOnce = false, prefetch = false, paged = false, held = false } = options;
  const profile = {
    readAllMs: 0,
    readAllCalls: 0,
    applyJsMs: 0,
    applySqlMs: 0,
    upsertedRows: 0,
    bulkFlushes: 0,
    sqlMsByProjection: {} as Record<string, number>,
  };
  let flushStart = Number.POSITIVE_INFINITY;
  let flushEnd = Number.NEGATIVE_INFINITY;
  let ginIndexes: string[] | null = null;
  let ginDuringLoad = 0;
  let lastPage = false;
  // Prefetch emulation: as soon as a page is handed out, the next one is read on another connection, so reading
  // overlaps with the projections' work on the page just returned.
  let prefetched: { after: string | null; page: Promise<ProjectedEvent[]> } | null = null;
  // Decoded as the product reads it (decoding-event-store.ts), so the profile includes the registry's parsing.
  const read = async (after: string | null, maxCount: number) => decodePage(await store.readAll({ after: after as never, maxCount }));
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
  // The product's one-pass read (the rebuild uses it when the source has it), decoded as the product decodes it;
  // readAllMs is then the time the rebuild waited for the next batch. The variants emulate paged reads and keep
  // readAll; `paged` (experiment) is the read path before streamAll, for a paired comparison.
  const streamed = !prefetch && !writeOnce && !paged;
  if (streamed) {
    source.streamAll = (streamOptions) =>
      (async function* () {
        const batches = store.streamAll({ after: streamOptions.after as never, batchSize: streamOptions.batchSize })[Symbol.asyncIterator]();
        try {
          for (;;) {
            const t = now();
            const next = await batches.next();
            const events = next.done ? [] : next.value.map(decodeRecorded);
            profile.readAllMs += now() - t;
            profile.readAllCalls += 1;
            if (next.done) return;
            yield events;
          }
        } finally {
          await batches.return?.();
        }
      })();
  }
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
  /** COPY timed as the projection's flush SQL (rows written counted like an INSERT's). */
  const timedCopy =
    (copy: CopyRows, name: string): CopyRows =>
    async (table, columns, rows) => {
      const t = now();
      try {
        await copy(table, columns, rows);
        profile.upsertedRows += rows.length;
      } finally {
        profile.sqlMsByProjection[name] = (profile.sqlMsByProjection[name] ?? 0) + now() - t;
      }
    };
  /** The transaction with its `query` timed (the projections' statements), per projection. */
  /**
   * With `sideBySide` (the loaders' flushes, which run three at a time) a statement counts only in its projection's
   * SQL time: those overlap, so the flushes as a whole are timed by their span (flushWallMs) instead.
   */
  const timedTx = (tx: DatabaseTransactionConnection, name: string, sideBySide = false) =>
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
            if (!sideBySide) profile.applySqlMs += ms;
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
    const bulk = (projection as { bulk?: BulkLoader }).bulk;
    const wrappedBulk: BulkLoader | undefined =
      bulk && !writeOnce
        ? {
            start: () => bulk.start(),
            add: (state, events) => {
              const t = now();
              bulk.add(state, events);
              profile.applyJsMs += now() - t;
            },
            // The rows a loader hands over batch by batch (the audit history's), taken as the product takes them.
            // Experiment `held`: without it, the audit rows are held and COPYed in the flush (the path before).
            ...(bulk.streamed && !held && { streamed: bulk.streamed }),
            flush: async (tx, schema, state, copy) => {
              profile.bulkFlushes += 1;
              await probeGin(tx, schema);
              const t = now();
              flushStart = Math.min(flushStart, t);
              try {
                await bulk.flush(timedTx(tx, projection.name, true), schema, state, timedCopy(copy, projection.name));
              } finally {
                flushEnd = Math.max(flushEnd, now());
              }
            },
          }
        : undefined;
    return Object.assign(
      { ...projection },
      {
        bulk: wrappedBulk,
        apply: async (tx: DatabaseTransactionConnection, schema: string, batch: readonly ProjectedEvent[]) => {
          await probeGin(tx, schema);
          const events = await timedJs(() => (writeOnce ? fold(batch) : batch));
          if (events.length > 0) await timedJs(() => projection.apply(timedTx(tx, projection.name), schema, events));
        },
      },
    ) as Projection;
  });
  const rssStartMb = process.memoryUsage().rss / 1e6;
  let rssPeakMb = rssStartMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, process.memoryUsage().rss / 1e6)), 50);
  let result: Awaited<ReturnType<typeof rebuildOnce>>;
  try {
    result = await sampledBackends(uri, () => cpuProfiled(() => rebuildOnce(uri, pool, source, projections, batchSize)));
  } finally {
    clearInterval(sampler);
    rssPeakMb = Math.max(rssPeakMb, process.memoryUsage().rss / 1e6);
  }
  let indexMs = 0;
  const lateIndexes: string[] = ginIndexes ?? [];
  if (lateGin && lateIndexes.length > 0) {
    // Built on the swapped-in schema here; a real implementation would build them just before the swap.
    const t = now();
    await runSql(uri, lateIndexes.map((definition) => `${definition};`).join('\n'));
    indexMs = now() - t;
  }
  const totalMs = result.seconds * 1000 + indexMs;
  const flushWallMs = flushEnd > flushStart ? flushEnd - flushStart : 0;
  return {
    label: [
      `batch ${batchSize}`,
      streamed ? 'streamed' : 'paged readAll',
      held ? 'audit rows held until the flush' : '',
      writeOnce ? 'each row written once' : '',
      prefetch ? 'next page prefetched' : '',
      lateGin ? 'GIN indexes built after the load' : '',
    ]
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
    flushWallMs,
    // With a prefetching loader, reads overlap the folding and the parts need not add up: "rest" is then unknown.
    otherMs: Math.max(0, result.seconds * 1000 - profile.readAllMs - profile.applyJsMs - profile.applySqlMs - flushWallMs),
    streamed,
    held,
    rssStartMb,
    rssPeakMb,
  };
}

/** Where readAll's time goes: server execution, result transfer and text decode, JSON.parse, slonik/mapping. */
export async function readAllBreakdown(uri: string, store: PostgresEventStore, pageSize: number, withJsonExperiment: boolean) {
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
export async function sqlFoldReference(uri: string) {
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
