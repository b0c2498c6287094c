import { sql, type DatabasePool, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';

/** Below this trigram similarity a word of the index is no spelling of the query word ('lorren' ~ 'loreen' is 0.4). */
export const FUZZY_THRESHOLD = 0.3;
/** How many indexed words may stand in for one misspelt query word. */
const MAX_SPELLINGS = 3;
const MAX_TERMS = 8;
/** Words shorter than this (av, en, i) only add to the score: alone they would match nearly everything. */
const MIN_MATCH_LENGTH = 3;

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
  /** The columns `order` uses: ranking carries only these and the scores, not whole rows. */
  orderColumns: string[];
  limit?: number;
};

const body = z.object({ body: z.string() });
/** slonik refuses to join an empty list. */
const spaced = (fragments: FragmentSqlToken[]) => (fragments.length > 0 ? sql.join(fragments, sql.fragment` `) : sql.fragment``);
const phraseRow = z.object({ phrase: z.string().nullable() });
const stemRow = z.object({ term: z.string(), query: z.string() });
const spellingRow = z.object({ term: z.string(), word: z.string(), sim: z.number() });

/**
 * Searches one search read model and answers the matching documents as JSON text, best first:
 * 1. an exact artist, song, title or year match;
 * 2. documents matching every word before those matching only some;
 * 3. the sum of each word's best match: whole word in the names > word prefix in the names > whole word in the
 *    text > prefix > substring > Swedish stem > a close spelling of a misspelt word.
 * Both sides are normalised by public.mello_norm (lower case, accents folded), so "fangad" finds "Fångad".
 * A query word of four letters or more that is neither a word nor a word start anywhere in the index is
 * misspelt: the closest indexed words (trigram similarity over the small search_words vocabulary) stand in for
 * it, which keeps typo tolerance from comparing the query with every document's text.
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
  const longTerms = terms.filter((term) => term.length >= MIN_MATCH_LENGTH);
  const required = longTerms.length > 0 ? longTerms : terms;

  return pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT set_config('pg_trgm.similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
    // The planner guesses an OR of a substring and a stem match as unselective and scans every row, testing the
    // full-text condition on each; the bitmap of the two indexes touches only the candidates (about 5× faster on
    // 10,000 posts). Where no index applies (one- and two-letter words) it still scans. This transaction only.
    await tx.query(sql.unsafe`SELECT set_config('enable_seqscan', 'off', true)`);
    const words = sql.identifier([LIVE_SCHEMA, 'search_words']);
    // Nearest words first straight from the GiST trigram index (a KNN scan), then only the close enough ones.
    const spellings = await tx.any(sql.type(spellingRow)`
      SELECT t.term, w.word, w.sim
        FROM unnest(${sql.array(required.filter((term) => term.length >= 4), 'text')}) AS t(term)
        CROSS JOIN LATERAL (
          SELECT word, similarity(word, t.term) AS sim FROM ${words}
           WHERE NOT EXISTS (SELECT 1 FROM ${words} known WHERE known.word LIKE t.term || '%')
           ORDER BY word <-> t.term
           LIMIT ${MAX_SPELLINGS}) w
       WHERE w.sim >= ${FUZZY_THRESHOLD}`);
    const spellingsOf = (term: string) => spellings.filter((row) => row.term === term);
    // Each word's Swedish stem query, computed once here: inside the row expressions it would be built per row.
    const stems = new Map<string, string>();
    if (!spec.namesOnly) {
      // A stem no document has is dropped here (one index probe) rather than tested against every candidate row.
      const rows = await tx.any(sql.type(stemRow)`
        SELECT t.term, s.query::text AS query
          FROM unnest(${sql.array(terms, 'text')}) AS t(term)
          CROSS JOIN LATERAL (SELECT plainto_tsquery('public.mello_swedish', t.term) AS query) s
         WHERE EXISTS (SELECT 1 FROM ${table} WHERE tsv @@ s.query)`);
      for (const row of rows) if (row.query) stems.set(row.term, row.query);
    }
    const stemMatch = (term: string) => (stems.has(term) ? sql.fragment`tsv @@ ${stems.get(term)!}::tsquery` : sql.fragment`false`);

    const field = spec.namesOnly ? sql.fragment`names` : sql.fragment`body`;
    const matches = required.map((term) => {
      const stem = spec.namesOnly ? sql.fragment`` : sql.fragment`OR ${stemMatch(term)}`;
      const spelt = spellingsOf(term).map((row) => sql.fragment`OR ${field} LIKE ${`%${row.word}%`}`);
      return sql.fragment`(${field} LIKE ${`%${term}%`} ${stem} ${spaced(spelt)})`;
    });
    const scoreOf = (term: string) => sql.fragment`(CASE
      ${spec.exactYear ? sql.fragment`WHEN year::text = ${term} THEN 10` : sql.fragment``}
      WHEN ' ' || names || ' ' LIKE ${`% ${term} %`} THEN 10
      WHEN ' ' || names LIKE ${`% ${term}%`} THEN 7
      WHEN ' ' || ${field} || ' ' LIKE ${`% ${term} %`} THEN 5
      WHEN ' ' || ${field} LIKE ${`% ${term}%`} THEN 4
      WHEN ${field} LIKE ${`%${term}%`} THEN 3
      ${spec.namesOnly ? sql.fragment`` : sql.fragment`WHEN ${stemMatch(term)} THEN 2.5`}
      ${spaced(
        spellingsOf(term).flatMap((row) => [
          sql.fragment`WHEN ' ' || names || ' ' LIKE ${`% ${row.word} %`} THEN ${1 + row.sim}::float8`,
          sql.fragment`WHEN ${field} LIKE ${`%${row.word}%`} THEN ${row.sim}::float8`,
        ]),
      )}
      ELSE 0 END)`;
    const requiredScores = required.map(scoreOf);
    const bonusScores = terms.filter((term) => !required.includes(term)).map(scoreOf);
    // Normalising a field costs tens of microseconds (unaccent): only a field of about the phrase's length, in a row
    // whose names contain the phrase, is normalised and compared.
    const exactFields = sql.join(
      [
        sql.fragment`names = ${phrase}`,
        ...spec.exactFields.map(
          (name) => sql.fragment`(abs(length(doc->>${name}) - ${phrase!.length}) <= 3 AND public.mello_norm(doc->>${name}) = ${phrase})`,
        ),
      ],
      sql.fragment` OR `,
    );
    const exact = sql.fragment`(CASE WHEN names LIKE ${`%${phrase}%`} THEN (${exactFields}) ELSE false END
      ${spec.exactYear ? sql.fragment`OR year::text = ${phrase}` : sql.fragment``})`;

    // Rank on narrow rows (id and scores, each word scored once), then fetch the documents of the page only.
    const columns = [...requiredScores, ...bonusScores].map((score, i) => sql.fragment`${score} AS ${sql.identifier([`s${i}`])}`);
    const scoreColumn = (i: number) => sql.identifier([`s${i}`]);
    const allScores = [...requiredScores, ...bonusScores].map((_, i) => scoreColumn(i));
    const row = await tx.one(sql.type(body)`
      SELECT coalesce(json_agg(doc ORDER BY full_match DESC, exact DESC, score DESC, ${spec.order}), '[]')::text AS body
        FROM (
          SELECT id,
                 (${sql.join(required.map((_, i) => sql.fragment`(${scoreColumn(i)} > 0)::int`), sql.fragment` + `)}) = ${required.length} AS full_match,
                 exact,
                 (${sql.join(allScores, sql.fragment` + `)}) AS score
            FROM (
              SELECT ${sql.join([...new Set(['id', ...spec.orderColumns])].map((c) => sql.identifier([c])), sql.fragment`, `)},
                     ${exact} AS exact, ${sql.join(columns, sql.fragment`, `)}
                FROM ${table}
               WHERE ${filters} AND (${sql.join(matches, sql.fragment` OR `)})
              OFFSET 0 -- a fence: keeps PostgreSQL from inlining each score expression twice
            ) scored
           ORDER BY full_match DESC, exact DESC, score DESC, ${spec.order}
           LIMIT ${limit}
        ) ranked
        JOIN ${table} USING (id)`);
    return row.body;
  });
}
