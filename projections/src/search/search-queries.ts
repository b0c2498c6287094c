import { sql, type DatabasePool, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';

/** Below this trigram word similarity a misspelt word is not a match ('lorren' ~ 'loreen' is 0.43). */
export const FUZZY_THRESHOLD = 0.4;
const MAX_TERMS = 8;

export type SearchSpec = {
  table: 'search_years' | 'search_videos' | 'search_articles' | 'forum_posts';
  q: string;
  /** Extra WHERE conditions (category, decade). */
  filters?: FragmentSqlToken[];
  /** Match only the names text (e.g. the 'winners' category: artist and song). */
  namesOnly?: boolean;
  /** Document fields whose whole value equal to the query ranks first; `year` compares the number. */
  exactFields: string[];
  exactYear?: boolean;
  /** Order when relevance ties, and the whole order for an empty query. */
  order: FragmentSqlToken;
  limit?: number;
};

const body = z.object({ body: z.string() });
const phraseRow = z.object({ phrase: z.string().nullable() });

/**
 * Searches one search read model and answers the matching documents as JSON text, best first:
 * 1. an exact artist, song, title or year match;
 * 2. documents matching every word before those matching only some;
 * 3. the sum of each word's best match: whole word in the names > word prefix in the names > whole word in the
 *    text > prefix > substring > Swedish stem > misspelling (trigram word similarity).
 * Both sides are normalised by public.mello_norm (lower case, accents folded), so "fangad" finds "Fångad".
 */
export async function searchJson(pool: DatabasePool, spec: SearchSpec): Promise<string> {
  const table = sql.identifier([LIVE_SCHEMA, spec.table]);
  const filters = spec.filters?.length ? sql.join(spec.filters, sql.fragment` AND `) : sql.fragment`TRUE`;
  const limit = spec.limit ?? 500;

  const { phrase } = await pool.one(sql.type(phraseRow)`SELECT public.mello_norm(${spec.q}) AS phrase`);
  const terms = [...new Set((phrase ?? '').split(' ').filter(Boolean))].slice(0, MAX_TERMS);
  if (terms.length === 0) {
    return (await pool.one(sql.type(body)`
      SELECT coalesce(json_agg(doc ORDER BY ${spec.order}), '[]')::text AS body
        FROM (SELECT * FROM ${table} WHERE ${filters} ORDER BY ${spec.order} LIMIT ${limit}) t`)).body;
  }

  const field = spec.namesOnly ? sql.fragment`names` : sql.fragment`body`;
  const matches = terms.map((term) => {
    const fuzzy = term.length >= 4 ? sql.fragment`OR ${term} <% ${field}` : sql.fragment``;
    const stem = spec.namesOnly ? sql.fragment`` : sql.fragment`OR tsv @@ plainto_tsquery('public.mello_swedish', ${term})`;
    return sql.fragment`(${field} LIKE ${`%${term}%`} ${fuzzy} ${stem})`;
  });
  const scores = terms.map(
    (term) => sql.fragment`(CASE
      ${spec.exactYear ? sql.fragment`WHEN year::text = ${term} THEN 10` : sql.fragment``}
      WHEN ' ' || names || ' ' LIKE ${`% ${term} %`} THEN 10
      WHEN ' ' || names LIKE ${`% ${term}%`} THEN 7
      WHEN ' ' || ${field} || ' ' LIKE ${`% ${term} %`} THEN 5
      WHEN ' ' || ${field} LIKE ${`% ${term}%`} THEN 4
      WHEN ${field} LIKE ${`%${term}%`} THEN 3
      ${spec.namesOnly ? sql.fragment`` : sql.fragment`WHEN tsv @@ plainto_tsquery('public.mello_swedish', ${term}) THEN 2.5`}
      WHEN ${term.length >= 4} AND word_similarity(${term}, names) >= ${FUZZY_THRESHOLD} THEN 1 + word_similarity(${term}, names)
      WHEN ${term.length >= 4} AND word_similarity(${term}, ${field}) >= ${FUZZY_THRESHOLD} THEN word_similarity(${term}, ${field})
      ELSE 0 END)`,
  );
  const exact = sql.join(
    [
      sql.fragment`names = ${phrase}`,
      ...spec.exactFields.map((name) => sql.fragment`public.mello_norm(doc->>${name}) = ${phrase}`),
      ...(spec.exactYear ? [sql.fragment`year::text = ${phrase}`] : []),
    ],
    sql.fragment` OR `,
  );

  return pool.transaction(async (tx) => {
    // The trigram index answers `<%` with this threshold; it applies to this transaction only.
    await tx.query(sql.unsafe`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
    const row = await tx.one(sql.type(body)`
      SELECT coalesce(json_agg(doc ORDER BY full_match DESC, exact DESC, score DESC, ${spec.order}), '[]')::text AS body
        FROM (
          SELECT *,
                 (${sql.join(scores.map((s) => sql.fragment`(${s} > 0)::int`), sql.fragment` + `)}) = ${terms.length} AS full_match,
                 (${exact}) AS exact,
                 (${sql.join(scores, sql.fragment` + `)}) AS score
            FROM ${table}
           WHERE ${filters} AND (${sql.join(matches, sql.fragment` OR `)})
           ORDER BY full_match DESC, exact DESC, score DESC, ${spec.order}
           LIMIT ${limit}
        ) ranked`);
    return row.body;
  });
}
