import type { ExportEntry } from '@mello/contracts';

/**
 * The open-data CSV (docs/open-data.md): one row per entry, the columns below, RFC 4180 (CRLF line ends, a field
 * with a comma, quote or line break in double quotes, a quote doubled), UTF-8. An empty cell is unknown (a null
 * in the JSON), never 0. Lists are joined with '; '; disputes are their JSON text.
 */
const list = (values: readonly string[]) => values.join('; ');

export const CSV_COLUMNS: ReadonlyArray<readonly [string, (entry: ExportEntry) => string | number | null]> = [
  ['id', (e) => e.id],
  ['year', (e) => e.year],
  ['artist', (e) => e.artist],
  ['artist_slug', (e) => e.artistSlug],
  ['song', (e) => e.song],
  ['songwriters', (e) => list(e.songwriters)],
  ['heat', (e) => e.heat],
  ['running_order', (e) => e.runningOrder],
  ['heat_place', (e) => e.heatPlace],
  ['heat_result', (e) => e.heatResult],
  ['andra_chansen', (e) => e.andraChansen],
  ['final_running_order', (e) => e.finalRunningOrder],
  ['final_place', (e) => e.finalPlace],
  ['final_points', (e) => e.finalPoints],
  ['jury_points', (e) => e.juryPoints],
  ['televote_points', (e) => e.televotePoints],
  ['result', (e) => e.result],
  ['sources', (e) => list(e.sources.map((source) => source.key))],
  ['verified_by', (e) => list(e.verifiedBy.map((source) => source.key))],
  ['unconfirmed', (e) => list(e.unconfirmed)],
  ['disputed', (e) => (e.disputed.length > 0 ? JSON.stringify(e.disputed.map((d) => ({ ...d, sources: d.sources.map((s) => s.key) }))) : null)],
  ['notes', (e) => e.notes],
];

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function lineupsCsv(entries: readonly ExportEntry[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const entry of entries) lines.push(CSV_COLUMNS.map(([, value]) => csvField(value(entry))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
