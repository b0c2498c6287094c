import { sql, type CommonQueryMethods, type FragmentSqlToken, type IdentifierSqlToken, type ListSqlToken } from 'slonik';
import { SEARCH_HITS_MAX } from '@mello/contracts';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';
import { searchDocument, type SearchTable } from './search-documents';

/** Below this trigram similarity a word of the index is no spelling of the query word ('lorren' ~ 'loreen' is 0.4). */
export const FUZZY_THRESHOLD = 0.3;
/**
 * What a word scores as a spelling of a query word one slip of the finger away: two neighbouring letters swapped
 * ('caorla' for 'carola': in a short word that leaves no trigram in common, so trigram similarity alone never finds
 * it), or one letter wrong, missing or extra ('karola' for 'carola', 0.4 by trigrams, below 'karolidou''s 0.42).
 * Above 'lorren' ~ 'loreen' by trigrams (0.4): a slip, not a guess.
 */
const SLIP_SIMILARITY = 0.5;
/** How many indexed words may stand in for one misspelt query word. */
const MAX_SPELLINGS = 3;
const MAX_TERMS = 8;
/** Words shorter than this (av, en, i) only add to the score: alone they would match nearly everything. */
const MIN_MATCH_LENGTH = 3;

export type SearchSpec = {
  table: SearchTable;
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
  /**
   * `order` is newest first along an index (the forum's `created_at DESC, id DESC`): a common word may be answered
   * from the newest rows alone (see searchJson). Only for a table with no exactFields and no exactYear.
   */
  walkOrder?: boolean;
};

const body = z.object({ body: z.string() });
/** slonik refuses to join an empty list. */
const spaced = (fragments: FragmentSqlToken[]) => (fragments.length > 0 ? sql.join(fragments, sql.fragment` `) : sql.fragment``);
const lookupRow = z.object({
  kind: z.enum(['phrase', 'spelling', 'stem', 'bound']),
  term: z.string(),
  word: z.string().nullable(),
  sim: z.number().nullable(),
  query: z.string().nullable(),
});
const walkedRow = z.object({ body: z.string(), complete: z.boolean() });
/** How many of the newest rows a search of a common word reads at most (searchJson), per document asked for. */
const WALK_ROWS_PER_RESULT = 20;

/**
 * The most a word can score in any document, from the vocabulary (search_words: every word of 3 to 40 letters of
 * every search table, kept in the same transaction as the rows, and never shrunk, so what it lacks no row has):
 * 10 (a whole word of the names) needs the word itself there; 7 (a prefix in the names) and 4 (in the text) need
 * a word starting with it; below that, `below` (searchJson's walk bounds a misspelt word further), else 0, "not
 * bounded cheaply". A word shorter or longer than the vocabulary's words may be anything: 10.
 * The lengths are those of public.mello_collect_words (search-functions.ts) and deferredWordsDdl (schema.ts).
 */
const termBound = (words: IdentifierSqlToken, term: FragmentSqlToken, below: FragmentSqlToken = sql.fragment`0`) => sql.fragment`(CASE
    WHEN length(${term}) NOT BETWEEN 3 AND 40 OR EXISTS (SELECT 1 FROM ${words} WHERE word = ${term}) THEN 10
    WHEN EXISTS (SELECT 1 FROM ${words} k
                  WHERE k.word ~>=~ ${term} AND k.word ~<~ (${term} || chr(1114111)) AND k.word LIKE ${term} || '%') THEN 7
    ELSE ${below} END)::float8`;
const termBounds = (words: IdentifierSqlToken) => sql.fragment`
    UNION ALL
    SELECT 'bound', t.term, NULL, ${termBound(words, sql.fragment`t.term`)}, NULL FROM terms t`;

/** The first MAX_TERMS distinct words of a normalised phrase, in order (the lookup statement takes the same). */
const termsOf = (phrase: string) => [...new Set(phrase.split(' ').filter(Boolean))].slice(0, MAX_TERMS);

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
 *
 * Two statements (a round trip costs about as much as a small query here): the phrase with the spellings and stems
 * of its words, then the ranking. `pool` must plan with enable_seqscan off (searchPoolUri): the planner guesses an
 * OR of a substring and a stem match as unselective and scans every row, testing the full-text condition on each,
 * where the bitmap of the two indexes touches only the candidates (about 5× faster on 10,000 posts). Where no
 * index applies (one- and two-letter words) it still scans.
 */
export async function searchJson(pool: CommonQueryMethods, spec: SearchSpec): Promise<string> {
  const table = sql.identifier([LIVE_SCHEMA, spec.table]);
  const filters = spec.filters?.length ? sql.join(spec.filters, sql.fragment` AND `) : sql.fragment`TRUE`;
  const limit = spec.limit ?? SEARCH_HITS_MAX;
  const document = searchDocument(spec.table);
  const list = async () =>
    (
      await pool.one(sql.type(body)`
      SELECT coalesce(json_agg(${document} ORDER BY ${spec.order}), '[]')::text AS body
        FROM (SELECT * FROM ${table} WHERE ${filters} ORDER BY ${spec.order} LIMIT ${limit}) t`)
    ).body;
  if (spec.q.trim() === '') return list();

  const words = sql.identifier([LIVE_SCHEMA, 'search_words']);
  // The phrase's words as termsOf takes them (first MAX_TERMS distinct, in order). Spellings: the words close
  // enough (`%`: trigram similarity of at least pg_trgm.similarity_threshold, which the search pool sets to
  // FUZZY_THRESHOLD) from the vocabulary's GIN trigram index, and the words the query word is with two neighbouring
  // letters swapped (a probe of the primary key each), nearest first, one slip away scoring SLIP_SIMILARITY; only a word of four letters or more is
  // looked up (it is always a required word). A GiST index ordering every word by distance (a KNN scan) cost about
  // 3 ms a misspelt word; the GIN index reads only the words sharing trigrams with it (about 0.3 ms). A word is
  // known if a vocabulary word starts with it: a range of the prefix index (`LIKE term || '%'` alone, with a
  // pattern only known at run time, reads the whole index), rechecked by the LIKE; normalised words hold no
  // U+10FFFF, so the range holds every word starting with the term.
  // Stems: each word's Swedish stem query, computed once here (inside the row expressions it would be built per
  // row); a stem no document has is dropped here (one index probe) rather than tested on every row.
  const lookups = await pool.any(sql.type(lookupRow)`
    WITH phrase AS (SELECT public.mello_norm(${spec.q}) AS phrase),
         terms AS (
           SELECT term FROM phrase, unnest(string_to_array(phrase.phrase, ' ')) WITH ORDINALITY AS t(term, ord)
            WHERE term <> '' GROUP BY term ORDER BY min(ord) LIMIT ${MAX_TERMS})
    SELECT 'phrase' AS kind, '' AS term, NULL AS word, NULL::float8 AS sim, phrase AS query FROM phrase
    UNION ALL
    SELECT 'spelling', t.term, w.word, w.sim, NULL
      FROM terms t
      CROSS JOIN LATERAL (
        SELECT ARRAY(SELECT overlay(t.term PLACING substr(t.term, i + 1, 1) || substr(t.term, i, 1) FROM i FOR 2)
                       FROM generate_series(1, length(t.term) - 1) i) AS swaps) v
      CROSS JOIN LATERAL (
        SELECT word, greatest(similarity(word, t.term),
                              CASE WHEN word = ANY (v.swaps) OR public.levenshtein_less_equal(word, t.term, 1) <= 1 THEN ${SLIP_SIMILARITY}::float8 ELSE 0 END) AS sim
          FROM ${words}
         WHERE NOT EXISTS (
                 SELECT 1 FROM ${words} known
                  WHERE known.word ~>=~ t.term AND known.word ~<~ (t.term || chr(1114111)) AND known.word LIKE t.term || '%')
           AND (word % t.term OR word = ANY (v.swaps))
         ORDER BY sim DESC, word
         LIMIT ${MAX_SPELLINGS}) w
     WHERE length(t.term) >= 4 AND w.sim >= ${FUZZY_THRESHOLD}
    UNION ALL
    SELECT 'stem', t.term, NULL, NULL, s.query::text
      FROM terms t
      CROSS JOIN LATERAL (SELECT plainto_tsquery('public.mello_swedish', t.term) AS query) s
     WHERE ${spec.namesOnly ? sql.fragment`false` : sql.fragment`true`} AND s.query::text <> '' AND EXISTS (SELECT 1 FROM ${table} WHERE tsv @@ s.query)
    ${spec.walkOrder ? termBounds(words) : sql.fragment``}`);
  const phrase = lookups.find((row) => row.kind === 'phrase')?.query ?? '';
  const terms = termsOf(phrase);
  if (terms.length === 0) return list();
  const longTerms = terms.filter((term) => term.length >= MIN_MATCH_LENGTH);
  const required = longTerms.length > 0 ? longTerms : terms;

  const spellingsOf = (term: string) =>
    lookups.filter((row) => row.kind === 'spelling' && row.term === term).map((row) => ({ word: row.word!, sim: row.sim! }));
  const stems = new Map(lookups.filter((row) => row.kind === 'stem').map((row) => [row.term, row.query!]));
  const stemMatch = (term: string) => (stems.has(term) ? sql.fragment`tsv @@ ${stems.get(term)!}::tsquery` : sql.fragment`false`);

  const field = spec.namesOnly ? sql.fragment`names` : sql.fragment`body`;
  type Contains = (text: FragmentSqlToken, part: string) => FragmentSqlToken;
  // Finding rows: LIKE '%…%', which the trigram index answers. Testing a row already found: strpos (a skip-table
  // search), several times cheaper, and equal here, since normalised words hold no LIKE wildcards.
  const like: Contains = (text, part) => sql.fragment`${text} LIKE ${`%${part}%`}`;
  const contains: Contains = (text, part) => sql.fragment`strpos(${text}, ${part}) > 0`;
  /** A word matches as a substring, its stem or a close spelling. */
  const matchOf = (term: string, has: Contains) => {
    const stem = spec.namesOnly ? sql.fragment`` : sql.fragment`OR ${stemMatch(term)}`;
    const spelt = spellingsOf(term).map((row) => sql.fragment`OR ${has(field, row.word)}`);
    return sql.fragment`(${has(field, term)} ${stem} ${spaced(spelt)})`;
  };
  const matches = required.map((term) => matchOf(term, like));
  const padded = sql.fragment`' ' || names || ' '`;
  const fieldPadded = sql.fragment`' ' || ${field} || ' '`;
  // A misspelt word scores its best spelling: every spelling as a whole word of the names (1 + similarity) before
  // any as a part of the text (the similarity), each group nearest first. The CASE takes the first branch that
  // holds, so a spelling's pair in turn let a close short word inside another ('her' in Herlitz, for "herries")
  // shadow a farther spelling's whole name (Herreys), and every act holding 'her' tied with Herreys.
  const spellingScores = (term: string) => {
    const spellings = spellingsOf(term).sort((a, b) => b.sim - a.sim);
    return [
      ...spellings.map((row) => sql.fragment`WHEN ${contains(padded, ` ${row.word} `)} THEN ${1 + row.sim}::float8`),
      ...spellings.map((row) => sql.fragment`WHEN ${contains(field, row.word)} THEN ${row.sim}::float8`),
    ];
  };
  // Every branch below the year implies the word's match (the names are part of the body), so a row without it
  // scores 0 after one test instead of all of them: with several words, most rows lack most words. The scores are
  // float8 (the ELSE's type), not numeric, which is slower to sum and sort over every candidate; every score is
  // exact in binary (10, 7, 2.5, …), so the order is the same.
  const scoreOf = (term: string) => sql.fragment`(CASE
    ${spec.exactYear ? sql.fragment`WHEN year::text = ${term} THEN 10` : sql.fragment``}
    WHEN NOT ${matchOf(term, contains)} THEN 0
    WHEN ${contains(padded, ` ${term} `)} THEN 10
    WHEN ${contains(padded, ` ${term}`)} THEN 7
    WHEN ${contains(fieldPadded, ` ${term} `)} THEN 5
    WHEN ${contains(fieldPadded, ` ${term}`)} THEN 4
    WHEN ${contains(field, term)} THEN 3
    ${spec.namesOnly ? sql.fragment`` : sql.fragment`WHEN ${stemMatch(term)} THEN 2.5`}
    ${spaced(spellingScores(term))}
    ELSE 0::float8 END)`;
  const requiredScores = required.map(scoreOf);
  const bonusScores = terms.filter((term) => !required.includes(term)).map(scoreOf);
  // Normalising a field costs tens of microseconds (unaccent): only a field of about the phrase's length, in a row
  // whose names contain the phrase, is normalised and compared.
  const exactFields = sql.join(
    [
      sql.fragment`names = ${phrase}`,
      ...spec.exactFields.map((name) => sql.fragment`(abs(length(doc->>${name}) - ${phrase.length}) <= 3 AND public.mello_norm(doc->>${name}) = ${phrase})`),
    ],
    sql.fragment` OR `,
  );
  const exact = sql.fragment`(CASE WHEN ${contains(sql.fragment`names`, phrase)} THEN (${exactFields}) ELSE false END
    ${spec.exactYear ? sql.fragment`OR year::text = ${phrase}` : sql.fragment``})`;

  // Rank on narrow rows (id and scores, each word scored once), then fetch the documents of the page only.
  const columns = [...requiredScores, ...bonusScores].map((score, i) => sql.fragment`${score} AS ${sql.identifier([`s${i}`])}`);
  const scoreColumn = (i: number) => sql.identifier([`s${i}`]);
  const allScores = [...requiredScores, ...bonusScores].map((_, i) => scoreColumn(i));
  const candidatesWhere = (match: FragmentSqlToken | ListSqlToken) => sql.fragment`
    SELECT ${sql.join(
      [...new Set(['id', ...spec.orderColumns])].map((c) => sql.identifier([c])),
      sql.fragment`, `,
    )},
           ${exact} AS exact, ${sql.join(columns, sql.fragment`, `)}
      FROM ${table}
     WHERE ${filters} AND (${match})
    OFFSET 0 -- a fence: keeps PostgreSQL from inlining each score expression twice
  `;
  const candidates = candidatesWhere(sql.join(matches, sql.fragment` OR `));

  // A word found in thousands of rows: the newest rows often hold a page of rows scoring all a row can score, and
  // no older row can rank before them, so only the newest rows are read, along the order's index, until a page of
  // them is found (walkOrder). What a row can score at most is each word's bound: termBound's 10 or 7 from the
  // vocabulary; for a word that is no word or word start of any row (misspelt), 3 if some row holds it inside a
  // word, else 2.5 if some row has its stem, else its closest spelling that some row holds, as a whole word of the
  // names (1 + similarity, the highest of the spelling scores): each an index probe. The bounds are taken in the
  // walk's own statement, so rows and bounds are of one snapshot.
  // - One word: the newest rows at the bound; an exact title ranks first whatever its age, found by the names index.
  // - Two or more: the rows matching every word come first, and are ranked in full (the AND of the words' indexes
  //   finds them: few rows hold every word); after them the newest rows matching only some words, at the most such a
  //   row can score (every bound but one required word's).
  // A page not found falls back to ranking every candidate (the answer is the same either way). Only tried when
  // every word can be bounded (a word of the vocabulary, or with a stem or spellings): a walk that finds no page
  // reads WALK_ROWS_PER_RESULT × limit rows for nothing.
  const allTerms = [...required, ...terms.filter((term) => !required.includes(term))];
  const boundable = (term: string) =>
    lookups.some((row) => row.kind === 'bound' && row.term === term && (row.sim ?? 0) > 0) || stems.has(term) || spellingsOf(term).length > 0;
  if (spec.walkOrder && spec.exactFields.length === 0 && !spec.exactYear && required.every(boundable)) {
    const misspelt = (term: string) => {
      const spelt = spellingsOf(term).map(
        (row) => sql.fragment`CASE WHEN EXISTS (SELECT 1 FROM ${table} WHERE ${like(field, row.word)}) THEN ${1 + row.sim}::float8 ELSE 0 END`,
      );
      return sql.fragment`CASE
        WHEN EXISTS (SELECT 1 FROM ${table} WHERE ${like(field, term)}) THEN 3
        ${stems.has(term) ? sql.fragment`WHEN EXISTS (SELECT 1 FROM ${table} WHERE ${stemMatch(term)}) THEN 2.5` : sql.fragment``}
        ELSE greatest(${sql.join([sql.fragment`0::float8`, ...spelt], sql.fragment`, `)}) END`;
    };
    const boundColumn = (i: number) => sql.identifier([`b${i}`]);
    const boundColumns = allTerms.map((term, i) => sql.fragment`${termBound(words, sql.fragment`${term}::text`, misspelt(term))} AS ${boundColumn(i)}`);
    // Sums in the order the scores are summed, a 0 for a missing word: a row at the bound sums to exactly this.
    const sumOf = (missing: number) =>
      sql.join(
        allTerms.map((_, i) => (i === missing ? sql.fragment`0::float8` : boundColumn(i))),
        sql.fragment` + `,
      );
    const scoreSum = sql.join([...requiredScores, ...bonusScores], sql.fragment` + `);
    const newest = sql.fragment`(SELECT * FROM ${table} WHERE ${filters} ORDER BY ${spec.order} LIMIT ${limit * WALK_ROWS_PER_RESULT}) t`;
    // Testing rows already read: strpos, as the scores do (the indexes are not used on them).
    const some = sql.join(
      required.map((term) => matchOf(term, contains)),
      sql.fragment` OR `,
    );
    const idAndOrder = sql.join(
      [...new Set(['id', ...spec.orderColumns])].map((c) => sql.identifier([c])),
      sql.fragment`, `,
    );
    // Each hit carries what orders it: its group (-1 an exact title, 0 the bound's or every word's rows, 1 the rest),
    // whether it is exact, its score; the table's order breaks ties.
    let hits: FragmentSqlToken;
    if (required.length === 1) {
      hits = sql.fragment`
             (SELECT id, 0 AS grp, false AS hit_exact, 0::float8 AS hit_score FROM ${newest}
               WHERE (SELECT total FROM bounds) > 0 AND ${some} AND ${scoreSum} = (SELECT total FROM bounds) AND names <> ${phrase}
               LIMIT ${limit})
             UNION ALL SELECT id, -1, true, 0::float8 FROM ${table} WHERE ${filters} AND names = ${phrase}`;
    } else {
      const every = sql.join(matches, sql.fragment` AND `);
      const hasEvery = sql.join(
        required.map((term) => matchOf(term, contains)),
        sql.fragment` AND `,
      );
      hits = sql.fragment`
             (SELECT id, 0 AS grp, exact AS hit_exact, score AS hit_score FROM (
                SELECT ${idAndOrder}, exact, (${sql.join(allScores, sql.fragment` + `)}) AS score
                  FROM (${candidatesWhere(every)}) scored
                 ORDER BY exact DESC, score DESC, ${spec.order}
                 LIMIT ${limit}) full_hits)
             UNION ALL
             (SELECT id, 1, false, 0::float8 FROM ${newest}
               WHERE (SELECT partial FROM bounds) > 0 AND (${some}) AND NOT (${hasEvery}) AND ${scoreSum} = (SELECT partial FROM bounds)
               LIMIT ${limit})`;
    }
    const walked = await pool.one(sql.type(walkedRow)`
      WITH bounds AS (
             SELECT ${sumOf(-1)} AS total,
                    greatest(${sql.join(
                      required.map((_, i) => sumOf(i)),
                      sql.fragment`, `,
                    )}) AS partial
               FROM (SELECT ${sql.join(boundColumns, sql.fragment`, `)} OFFSET 0) b), -- a fence: each bound planned once
           hits AS (${hits})
      SELECT coalesce(json_agg(${document} ORDER BY t.grp, t.hit_exact DESC, t.hit_score DESC, ${spec.order}), '[]')::text AS body,
             count(*) = ${limit} AS complete
        FROM (SELECT t.*, hits.grp, hits.hit_exact, hits.hit_score FROM hits JOIN ${table} t USING (id)
               ORDER BY hits.grp, hits.hit_exact DESC, hits.hit_score DESC, ${spec.order} LIMIT ${limit}) t`);
    if (walked.complete) return walked.body;
  }
  const row = await pool.one(sql.type(body)`
    SELECT coalesce(json_agg(${document} ORDER BY full_match DESC, exact DESC, score DESC, ${spec.order}), '[]')::text AS body
      FROM (
        SELECT id,
               (${sql.join(
                 required.map((_, i) => sql.fragment`(${scoreColumn(i)} > 0)::int`),
                 sql.fragment` + `,
               )}) = ${required.length} AS full_match,
               exact,
               (${sql.join(allScores, sql.fragment` + `)}) AS score
          FROM (${candidates}) scored
         ORDER BY full_match DESC, exact DESC, score DESC, ${spec.order}
         LIMIT ${limit}
      ) ranked
      JOIN ${table} t USING (id)`);
  return row.body;
}
