import {
  nameSlug,
  songwriterCredit,
  VOTE_COUNT_FINAL_YEARS,
  type ArtistDetail,
  type ArtistFields,
  type ArtistSummary,
  type EntryFields,
  type LineupsExport,
  type Source,
  type SongwriterDetail,
  type SongwriterSummary,
  type Statistics,
  type YearLineup,
} from '@mello/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { withRevision, type JsonWithRevision } from '../archive/queries';
import { LIVE_SCHEMA } from '../schema';
import { artistMediaView } from './entry-links-queries';
import { artistEntry, byYearThenOrder, careerOf, exportEntry, yearLineup, type ArtistRow, type EntryRow, type LineupYearInfo } from './lineup-views';

/**
 * The lineup, artist, songwriter, source, statistics and export queries. Rows come from the entries, artists,
 * sources and lineup_years read models; the views are built by the pure functions of lineup-views.ts. The
 * documents were validated when their events were decided.
 */
const t = (name: string) => sql.identifier([LIVE_SCHEMA, name]);
const entryRow = z.object({ id: z.string(), position: z.string(), doc: z.record(z.unknown()) });
const artistRow = z.object({ id: z.string(), doc: z.record(z.unknown()) });
const artistRowWithRevision = artistRow.extend({ revision: z.number() });
const sourceRow = z.object({ key: z.string(), doc: z.record(z.unknown()) });

const toEntry = (row: z.infer<typeof entryRow>): EntryRow => {
  const { id: _id, ...fields } = row.doc;
  return { id: row.id, position: row.position, fields: fields as EntryFields };
};
const toArtist = (row: z.infer<typeof artistRow>): ArtistRow => {
  const { id: _id, ...fields } = row.doc;
  return { id: row.id, fields: fields as ArtistFields };
};

async function entriesWhere(db: CommonQueryMethods, where: ReturnType<typeof sql.fragment>): Promise<EntryRow[]> {
  const rows = await db.any(
    sql.type(entryRow)`SELECT id::text AS id, created_position AS position, doc FROM ${t('entries')} WHERE ${where} ORDER BY created_position`,
  );
  return rows.map(toEntry);
}

async function artistsById(db: CommonQueryMethods, ids: readonly string[] | null): Promise<Map<string, ArtistRow>> {
  const where = ids === null ? sql.fragment`TRUE` : sql.fragment`id = ANY(${sql.array([...new Set(ids)], 'uuid')})`;
  const rows = await db.any(sql.type(artistRow)`SELECT id::text AS id, doc FROM ${t('artists')} WHERE ${where}`);
  return new Map(rows.map((row) => [row.id, toArtist(row)]));
}

async function sourceDescriptions(db: CommonQueryMethods, keys: readonly string[] | null): Promise<Map<string, string>> {
  const where = keys === null ? sql.fragment`TRUE` : sql.fragment`key = ANY(${sql.array([...new Set(keys)], 'text')})`;
  const rows = await db.any(sql.type(sourceRow)`SELECT key, doc FROM ${t('sources')} WHERE ${where}`);
  return new Map(rows.map((row) => [row.key, String(row.doc.description)]));
}

const keysOf = (rows: readonly EntryRow[]) =>
  rows.flatMap((row) => [...row.fields.sources, ...row.fields.verifiedBy, ...row.fields.disputed.flatMap((dispute) => dispute.sources)]);

/** The year's lineup by show, or null when the year is not in the archive. */
export async function yearLineupView(db: CommonQueryMethods, year: number): Promise<YearLineup | null> {
  const exists = await db.exists(sql.unsafe`SELECT 1 FROM ${t('years')} WHERE year = ${year}`);
  if (!exists) return null;
  const rows = await entriesWhere(db, sql.fragment`year = ${year}`);
  const info = await db.maybeOne(sql.type(z.object({ doc: z.record(z.unknown()) }))`SELECT doc FROM ${t('lineup_years')} WHERE year = ${year}`);
  const [artists, sources] = await Promise.all([
    artistsById(
      db,
      rows.map((row) => row.fields.artistId),
    ),
    sourceDescriptions(db, keysOf(rows)),
  ]);
  return yearLineup(year, (info?.doc as LineupYearInfo | undefined) ?? null, rows, artists, sources);
}

/** The entries of a year as stored (the reorder command's view of a show). */
export async function entriesOfYear(db: CommonQueryMethods, year: number): Promise<EntryRow[]> {
  return entriesWhere(db, sql.fragment`year = ${year}`);
}

export async function countEntriesOfArtist(db: CommonQueryMethods, artistId: string): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM ${t('entries')} WHERE artist_id = ${artistId}`);
}

/** GET /api/entries/{id}: the entry as stored and its stream revision (its ETag), from one row; null when unknown. */
export async function entryByIdWithRevision(db: CommonQueryMethods, id: string): Promise<JsonWithRevision | null> {
  return db.maybeOne(sql.type(withRevision)`SELECT doc::text AS body, revision FROM ${t('entries')} WHERE id = ${id}`);
}

export async function artistDetailView(db: CommonQueryMethods, slug: string): Promise<ArtistDetail | null> {
  return (await artistDetailWithRevision(db, slug))?.view ?? null;
}

/**
 * GET /api/artists/{slug}: the act's page, and the act's stream revision (the ETag a rename or a delete sends back),
 * read from the act's row with its document; null when unknown.
 */
export async function artistDetailWithRevision(db: CommonQueryMethods, slug: string): Promise<{ view: ArtistDetail; revision: number } | null> {
  const row = await db.maybeOne(sql.type(artistRowWithRevision)`SELECT id::text AS id, doc, revision FROM ${t('artists')} WHERE slug = ${slug} LIMIT 1`);
  if (!row) return null;
  const artist = toArtist(row);
  const rows = (await entriesWhere(db, sql.fragment`artist_id = ${artist.id}`)).sort(byYearThenOrder);
  const media = await artistMediaView(
    db,
    rows.map((entry) => ({ id: entry.id, year: entry.fields.year })),
  );
  const view: ArtistDetail = {
    id: artist.id,
    slug: artist.fields.slug,
    name: artist.fields.name,
    aliases: artist.fields.aliases,
    entries: rows.map(artistEntry),
    ...careerOf(rows),
    ...media,
  };
  return { view, revision: row.revision };
}

const summaryRow = z.object({ id: z.string(), doc: z.record(z.unknown()), entry_count: z.number(), wins: z.number() });

/** Every act by name, with its entry and win counts (about 800: small enough for one answer). */
export async function listArtistsView(db: CommonQueryMethods): Promise<ArtistSummary[]> {
  const rows = await db.any(sql.type(summaryRow)`
    SELECT a.id::text AS id, a.doc,
           count(e.id)::int AS entry_count,
           count(e.id) FILTER (WHERE (e.doc->>'finalPlace')::int = 1)::int AS wins
      FROM ${t('artists')} a LEFT JOIN ${t('entries')} e ON e.artist_id = a.id
     GROUP BY a.id, a.doc`);
  return rows
    .map((row) => ({
      id: row.id,
      slug: String(row.doc.slug),
      name: String(row.doc.name),
      aliases: row.doc.aliases as string[],
      entryCount: row.entry_count,
      wins: row.wins,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'sv') || a.slug.localeCompare(b.slug));
}

/** The name a songwriter is shown with: the spelling credited most often (ties: the earliest credit). */
function songwriterNames(rows: readonly EntryRow[], slug: string) {
  const counts = new Map<string, number>();
  const aliases = new Set<string>();
  for (const row of [...rows].sort(byYearThenOrder)) {
    for (const credit of row.fields.songwriters.map(songwriterCredit)) {
      if (credit.slug === slug) {
        counts.set(credit.name, (counts.get(credit.name) ?? 0) + 1);
        if (credit.alias) aliases.add(credit.alias);
      } else if (credit.alias && nameSlug(credit.alias) === slug) {
        aliases.add(credit.name);
        counts.set(credit.alias, counts.get(credit.alias) ?? 0);
      }
    }
  }
  // As listSongwritersView names it: most credits, then alphabetical.
  const [name = ''] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([candidate]) => candidate);
  for (const candidate of counts.keys()) if (candidate !== name) aliases.add(candidate);
  aliases.delete(name);
  return { name, aliases: [...aliases] };
}

export async function songwriterDetailView(db: CommonQueryMethods, slug: string): Promise<SongwriterDetail | null> {
  const rows = (await entriesWhere(db, sql.fragment`songwriter_all_slugs @> ARRAY[${slug}]::text[]`)).sort(byYearThenOrder);
  if (rows.length === 0) return null;
  const artists = await artistsById(
    db,
    rows.map((row) => row.fields.artistId),
  );
  const artistRef = (id: string) => {
    const artist = artists.get(id);
    return { id, slug: artist?.fields.slug ?? '', name: artist?.fields.name ?? '' };
  };
  return {
    slug,
    ...songwriterNames(rows, slug),
    entries: rows.map((row) => ({ ...artistEntry(row), artistRef: artistRef(row.fields.artistId) })),
    ...careerOf(rows),
  };
}

const songwriterRow = z.object({ slug: z.string(), entry_count: z.number(), wins: z.number(), name: z.string() });

/** Every songwriter credited (by slug), with the name credited most often. */
export async function listSongwritersView(db: CommonQueryMethods): Promise<SongwriterSummary[]> {
  const rows = await db.any(sql.type(songwriterRow)`${songwriterTotals()} SELECT slug, entry_count, wins, name FROM totals ORDER BY name, slug`);
  return rows.map((row) => ({ slug: row.slug, name: row.name, entryCount: row.entry_count, wins: row.wins }));
}

/**
 * Per songwriter slug: entries, wins, and the spelling credited most often. The slug of a credit is computed
 * once by the projection (songwriter_slugs, in credit order); the name is the credit at the same position.
 */
const songwriterTotals = () => sql.fragment`
  WITH credits AS (
    SELECT e.id, s.slug, (e.doc->>'finalPlace')::int AS final_place,
           coalesce(nullif(btrim(split_part(e.doc->'songwriters'->>(s.n - 1)::int, '(', 1)), ''), e.doc->'songwriters'->>(s.n - 1)::int) AS name
      FROM ${t('entries')} e, unnest(e.songwriter_slugs) WITH ORDINALITY AS s(slug, n)
  ), names AS (
    SELECT DISTINCT ON (slug) slug, name FROM (SELECT slug, name, count(*) AS n FROM credits GROUP BY slug, name) c ORDER BY slug, n DESC, name
  ), totals AS (
    SELECT c.slug, n.name, count(DISTINCT c.id)::int AS entry_count, count(DISTINCT c.id) FILTER (WHERE c.final_place = 1)::int AS wins
      FROM credits c JOIN names n USING (slug) GROUP BY c.slug, n.name
  )`;

export async function listSourcesView(db: CommonQueryMethods): Promise<Source[]> {
  const rows = await db.any(sql.type(z.object({ id: z.string(), doc: z.record(z.unknown()) }))`SELECT id::text AS id, doc FROM ${t('sources')} ORDER BY key`);
  return rows.map((row) => ({ id: row.id, key: String(row.doc.key), description: String(row.doc.description) }));
}

/** GET /api/sources/{key}: the source and its stream revision (the ETag an edit or a delete sends back), from one row; null when unknown. */
export async function sourceByKeyWithRevision(db: CommonQueryMethods, key: string): Promise<{ source: Source; revision: number } | null> {
  const row = await db.maybeOne(
    sql.type(z.object({ id: z.string(), doc: z.record(z.unknown()), revision: z.number() }))`
      SELECT id::text AS id, doc, revision FROM ${t('sources')} WHERE key = ${key} LIMIT 1`,
  );
  return row ? { source: { id: row.id, key: String(row.doc.key), description: String(row.doc.description) }, revision: row.revision } : null;
}

const count = z.object({ n: z.number() });

export async function statisticsView(db: CommonQueryMethods, top = 10): Promise<Statistics> {
  const [entryCount, yearCount, artistCount, songwriterCount] = await Promise.all([
    db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM ${t('entries')}`),
    db.oneFirst(sql.type(count)`SELECT count(DISTINCT year)::int AS n FROM ${t('entries')}`),
    db.oneFirst(sql.type(count)`SELECT count(*)::int AS n FROM ${t('artists')} a WHERE EXISTS (SELECT 1 FROM ${t('entries')} e WHERE e.artist_id = a.id)`),
    db.oneFirst(sql.type(count)`SELECT count(DISTINCT s)::int AS n FROM ${t('entries')}, unnest(songwriter_slugs) AS s`),
  ]);
  const mostEntriesByArtist = await db.any(sql.type(z.object({ slug: z.string(), name: z.string(), entryCount: z.number() }))`
    SELECT a.slug, a.doc->>'name' AS name, count(*)::int AS "entryCount"
      FROM ${t('entries')} e JOIN ${t('artists')} a ON a.id = e.artist_id
     GROUP BY a.id, a.slug, a.doc ORDER BY count(*) DESC, a.doc->>'name' LIMIT ${top}`);
  const mostWinsBySongwriter = await db.any(sql.type(z.object({ slug: z.string(), name: z.string(), wins: z.number() }))`
    ${songwriterTotals()} SELECT slug, name, wins FROM totals WHERE wins > 0 ORDER BY wins DESC, name LIMIT ${top}`);
  // Unknown points are null and left out: never counted as 0. So are the finals scored in votes, not points.
  const highestFinalPoints = await db.any(
    sql.type(z.object({ id: z.string(), year: z.number(), artist: z.string(), song: z.string(), artistSlug: z.string(), finalPoints: z.number() }))`
    SELECT e.id::text AS id, e.year, e.doc->>'artist' AS artist, e.doc->>'song' AS song, coalesce(a.slug, '') AS "artistSlug",
           (e.doc->>'finalPoints')::int AS "finalPoints"
      FROM ${t('entries')} e LEFT JOIN ${t('artists')} a ON a.id = e.artist_id
     WHERE jsonb_typeof(e.doc->'finalPoints') = 'number' AND e.year <> ALL(${sql.array([...VOTE_COUNT_FINAL_YEARS], 'int4')})
     ORDER BY (e.doc->>'finalPoints')::int DESC, e.year LIMIT ${top}`,
  );
  const entriesPerYear = await db.any(sql.type(z.object({ year: z.number(), entryCount: z.number() }))`
    SELECT year, count(*)::int AS "entryCount" FROM ${t('entries')} GROUP BY year ORDER BY year`);
  return {
    entryCount,
    yearCount,
    artistCount,
    songwriterCount,
    mostEntriesByArtist: [...mostEntriesByArtist],
    mostWinsBySongwriter: [...mostWinsBySongwriter],
    highestFinalPoints: [...highestFinalPoints],
    entriesPerYear: [...entriesPerYear],
  };
}

/** Every entry with its sources and disputes, by year (the open-data export, docs/open-data.md). */
export async function lineupsExportView(db: CommonQueryMethods): Promise<LineupsExport> {
  const rows = (await entriesWhere(db, sql.fragment`TRUE`)).sort(byYearThenOrder);
  const [artists, sources] = await Promise.all([artistsById(db, null), sourceDescriptions(db, null)]);
  return { entryCount: rows.length, entries: rows.map((row) => exportEntry(row, artists, sources)) };
}
