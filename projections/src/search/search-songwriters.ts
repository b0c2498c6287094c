import { mergeGinPendingLists } from './gin-pending-list';
import { DOCUMENT_EVENTS, eventNames, songwriterCredit } from '@mello/contracts';
import { sql, type DatabaseTransactionConnection, type SerializableValue } from 'slonik';
import { noDocumentChanges, reduceDocumentEvents, type DocumentChanges } from '../document-projection';
import type { Projection } from '../events';
import { SEARCH_LANE } from '../lanes';

/**
 * Songwriters have no events of their own: they are the entries' credits, by slug (as the songwriter pages and
 * GET /api/songwriters name them). This projection keeps its own copy of every credit (search_songwriter_credits:
 * it may not read rm.entries, which another projection writes at its own pace) and from it one search row per
 * slug in search_songwriters, recomputed for the slugs a batch touches.
 */
const ENTRY_EVENTS = DOCUMENT_EVENTS.entry;

export type CreditRow = { entry_id: string; n: number; slug: string; name: string; alias: string | null; year: number; final_place: number | null };

/** Pure: an entry's credits as rows, in credit order; credits without a usable name are left out. */
export function creditRows(entryId: string, fields: Record<string, unknown>): CreditRow[] {
  const songwriters = Array.isArray(fields.songwriters) ? fields.songwriters.filter((s): s is string => typeof s === 'string') : [];
  const year = typeof fields.year === 'number' ? fields.year : 0;
  const finalPlace = typeof fields.finalPlace === 'number' ? fields.finalPlace : null;
  return songwriters
    .map((credit, n) => ({ n, ...songwriterCredit(credit) }))
    .filter((credit) => credit.slug !== '')
    .map((credit) => ({ entry_id: entryId, n: credit.n, slug: credit.slug, name: credit.name, alias: credit.alias, year, final_place: finalPlace }));
}

const t = (schema: string, table: string) => sql.identifier([schema, table]);

async function insertCredits(tx: DatabaseTransactionConnection, schema: string, rows: CreditRow[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    await tx.query(sql.unsafe`
      INSERT INTO ${t(schema, 'search_songwriter_credits')} (entry_id, n, slug, name, alias, year, final_place)
      SELECT entry_id, n, slug, name, alias, year, final_place
        FROM jsonb_to_recordset(${sql.jsonb(rows.slice(i, i + 5000) as unknown as SerializableValue)})
          AS r(entry_id uuid, n integer, slug text, name text, alias text, year integer, final_place integer)`);
  }
}

/**
 * (Re)writes the search rows of `slugs` (null: every slug) from the credits, and drops those left without any.
 * The name is the spelling credited most often (ties: alphabetical), as GET /api/songwriters names it; the other
 * spellings and the stage names are aliases, searched with it.
 */
async function writeSongwriters(tx: DatabaseTransactionConnection, schema: string, slugs: string[] | null) {
  const credits = t(schema, 'search_songwriter_credits');
  const table = t(schema, 'search_songwriters');
  const wanted = slugs === null ? sql.fragment`TRUE` : sql.fragment`slug = ANY(${sql.array(slugs, 'text')})`;
  if (slugs !== null) {
    await tx.query(sql.unsafe`
      DELETE FROM ${table} s WHERE ${wanted} AND NOT EXISTS (SELECT 1 FROM ${credits} c WHERE c.slug = s.slug)`);
  }
  await tx.query(sql.unsafe`
    WITH c AS (SELECT * FROM ${credits} WHERE ${wanted}),
         names AS (
           SELECT DISTINCT ON (slug) slug, name FROM (SELECT slug, name, count(*) AS n FROM c GROUP BY slug, name) x
            ORDER BY slug, n DESC, name),
         totals AS (
           SELECT slug,
                  count(DISTINCT entry_id)::int AS entry_count,
                  count(DISTINCT entry_id) FILTER (WHERE final_place = 1)::int AS wins,
                  min(year) AS first_year, max(year) AS last_year,
                  array_agg(DISTINCT name) AS spellings,
                  array_remove(array_agg(DISTINCT alias), NULL) AS stage_names
             FROM c GROUP BY slug),
         docs AS (
           SELECT t.slug, t.entry_count, n.name,
                  ARRAY(SELECT DISTINCT a FROM unnest(t.spellings || t.stage_names) a WHERE a <> n.name ORDER BY a) AS aliases,
                  t.wins, t.first_year, t.last_year
             FROM totals t JOIN names n USING (slug))
    INSERT INTO ${table} (id, slug, entry_count, created_position, doc, names_text, body_text)
    SELECT md5('songwriter:' || slug)::uuid, slug, entry_count, '',
           jsonb_build_object('slug', slug, 'name', name, 'aliases', to_jsonb(aliases), 'entryCount', entry_count, 'wins', wins,
                              'firstYear', first_year, 'lastYear', last_year),
           array_to_string(name || aliases, ' \n '), array_to_string(name || aliases, ' \n ')
      FROM docs
    ON CONFLICT (id) DO UPDATE
      SET entry_count = excluded.entry_count, doc = excluded.doc, names_text = excluded.names_text, body_text = excluded.body_text
      WHERE ${table}.doc IS DISTINCT FROM excluded.doc`);
}

async function apply(tx: DatabaseTransactionConnection, schema: string, changes: DocumentChanges) {
  const touched = [...changes.upserts.keys(), ...changes.deletes];
  if (touched.length === 0) return;
  const old = await tx.anyFirst(sql.unsafe`
    DELETE FROM ${t(schema, 'search_songwriter_credits')} WHERE entry_id = ANY(${sql.array(touched, 'uuid')}) RETURNING slug`);
  const rows = [...changes.upserts].flatMap(([id, change]) => creditRows(id, change.fields));
  await insertCredits(tx, schema, rows);
  const slugs = [...new Set([...(old as string[]), ...rows.map((row) => row.slug)])];
  if (slugs.length === 0) return;
  await writeSongwriters(tx, schema, slugs);
  await mergeGinPendingLists(tx, schema, 'search_songwriters');
}

export const searchSongwritersProjection: Projection = {
  name: 'search_songwriters',
  lane: SEARCH_LANE,
  eventTypes: eventNames(ENTRY_EVENTS.created, ENTRY_EVENTS.updated, ENTRY_EVENTS.deleted),
  apply: (tx, schema, events) => apply(tx, schema, reduceDocumentEvents(ENTRY_EVENTS, events)),
  // A rebuild: every credit once, then every songwriter in one statement.
  bulk: {
    start: noDocumentChanges,
    add: (state, events) => void reduceDocumentEvents(ENTRY_EVENTS, events, state as DocumentChanges),
    flush: async (tx, schema, state) => {
      await insertCredits(
        tx,
        schema,
        [...(state as DocumentChanges).upserts].flatMap(([id, change]) => creditRows(id, change.fields)),
      );
      await writeSongwriters(tx, schema, null);
    },
  },
};
