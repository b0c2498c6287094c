import { fmt, REBUILD_BATCH_DEFAULT } from './common';
import type { Profile, readAllBreakdown, sqlFoldReference } from './rebuild-profile';

/** The rebuild runs' profile table, printed after the bench's summary (store-bench.ts). */
export function printRebuildProfile({
  runs,
  variants,
  breakdown,
  fold,
  total,
}: {
  runs: readonly Profile[];
  variants: readonly Profile[];
  breakdown: Awaited<ReturnType<typeof readAllBreakdown>> | null;
  fold: Awaited<ReturnType<typeof sqlFoldReference>> | null;
  total: number;
}): void {
  console.log('');
  console.log(
    'Rebuild profile (ms; readAll = store.readAll calls incl. transfer and JSON.parse, in flight — they overlap the folding when the ' +
      "loader prefetches; JS = the projections' folding; page SQL = statements applied page by page (projections without a bulk " +
      "loader); flushes = the span of the bulk loaders' writes, side by side; rest = total minus those: deferred vocabulary and " +
      'indexes, checkpoints, swap):',
  );
  const header = ['run', 'events/s', 'total', 'readAll', 'JS', 'page SQL', 'flushes', 'rest', 'GIN build', 'rows written'];
  const table = [...runs, ...variants].map((p) => {
    return [
      p.label,
      fmt(p.eventsPerSecond),
      fmt(p.totalMs),
      fmt(p.readAllMs),
      fmt(p.applyJsMs),
      fmt(p.applySqlMs),
      fmt(p.flushWallMs),
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
    `  SQL by projection (${median0.label}, one run; the flushes overlap): ${Object.entries(median0.sqlMsByProjection)
      .map(([name, ms]) => `${name} ${fmt(ms)}`)
      .join(', ')}`,
  );
  if (breakdown) {
    const b = breakdown;
    const line = (name: string, m: NonNullable<typeof b.json>) =>
      `  ${name.padEnd(22)} ${Number.isNaN(m.pgTextMs) ? '' : `pg, values as text ${fmt(m.pgTextMs)} ms; `}pg + JSON.parse ${fmt(m.pgParsedMs)} ms; ` +
      `server incl. detoast + conversion to text ${fmt(m.serverWithOutputMs)} ms; table + indexes ${fmt(m.bytes / 1e6)} MB`;
    console.log(
      `readAll's query on plain pg over the whole log, ${b.pages} pages of ${REBUILD_BATCH_DEFAULT}, one pass each (server execution alone ${fmt(b.serverMs)} ms):`,
    );
    console.log(
      `  store.readAll (slonik, toRecorded) ${fmt(b.storeMs)} ms; plain pg + JSON.parse without the metadata column ${fmt(b.pgParsedNoMetadataMs)} ms`,
    );
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
}
