/** Same shape as the backend's migrations: applied once, in order, by backend/src/db/migrate.ts. */
type Migration = { id: string; sql: string };

/**
 * Database-wide pieces of the PostgreSQL search (the embedded default): accent folding and trigrams, a text
 * search configuration that folds accents before Swedish stemming, and an IMMUTABLE normaliser so search
 * tables can hold generated, indexed columns (unaccent itself is only STABLE). Read-model schemas are rebuilt and
 * renamed, so these live in `public`.
 */
export const searchMigrations: Migration[] = [
  {
    id: 'search-001-text-functions',
    sql: `
      CREATE EXTENSION IF NOT EXISTS unaccent;
      CREATE EXTENSION IF NOT EXISTS pg_trgm;

      CREATE TEXT SEARCH CONFIGURATION public.mello_swedish (COPY = pg_catalog.swedish);
      ALTER TEXT SEARCH CONFIGURATION public.mello_swedish
        ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, swedish_stem;

      -- Lower case, accents folded (å→a, ö→o, é→e), every run of other characters one space.
      CREATE FUNCTION public.mello_norm(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT btrim(regexp_replace(public.unaccent('public.unaccent'::regdictionary, lower($1)), '[^[:alnum:]]+', ' ', 'g')) $$;
    `,
  },
  {
    id: 'search-002-word-collector',
    sql: `
      -- Every normalised word of the search tables goes into their schema's search_words: the vocabulary a
      -- misspelt query word is matched against (a few thousand short rows, instead of every document's text).
      CREATE FUNCTION public.mello_collect_words() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        EXECUTE format(
          'INSERT INTO %I.search_words (word)
           SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows.names || '' '' || new_rows.body, '' '')) AS w
            WHERE length(w) BETWEEN 3 AND 40
           ON CONFLICT DO NOTHING', TG_TABLE_SCHEMA);
        RETURN NULL;
      END $$;
    `,
  },
  {
    id: 'search-003-new-words-collector',
    sql: `
      -- An update's words that its row did not have before go into search_words. Every word a row had was collected
      -- when it was written (or by the rebuild's fill, before the triggers: schema.ts, deferredWordsDdl), and the
      -- vocabulary never shrinks, so the words an update keeps are there already: a row whose text is unchanged
      -- (a view count, a like) collects nothing, and an edit only the words it adds, not its whole text again.
      CREATE FUNCTION public.mello_collect_new_words() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        EXECUTE format(
          'INSERT INTO %I.search_words (word)
           SELECT DISTINCT w FROM (
             SELECT new_rows.id, w FROM new_rows, unnest(string_to_array(new_rows.names || '' '' || new_rows.body, '' '')) AS w
             EXCEPT
             SELECT old_rows.id, w FROM old_rows, unnest(string_to_array(old_rows.names || '' '' || old_rows.body, '' '')) AS w) added
            WHERE length(w) BETWEEN 3 AND 40
           ON CONFLICT DO NOTHING', TG_TABLE_SCHEMA);
        RETURN NULL;
      END $$;
    `,
  },
  {
    id: 'search-004-words-of-changed-rows',
    sql: `
      -- Most updates keep a row's texts (a view count, a like, a reply's activity, the document projection's
      -- statement for unchanged texts, often with no row at all): they collect nothing, and asking that first, in a
      -- static statement that PL/pgSQL plans once per session and table, costs far less than the dynamic INSERT,
      -- which is planned on every call (0.96 -> 0.50 ms for a one-row UPDATE of forum_posts' view count, the same as
      -- with no trigger: docs/performance-report.md). Only the rows whose texts changed are split into words.
      CREATE OR REPLACE FUNCTION public.mello_collect_new_words() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                        WHERE n.names IS DISTINCT FROM o.names OR n.body IS DISTINCT FROM o.body) THEN
          RETURN NULL;
        END IF;
        EXECUTE format(
          'WITH changed AS (
             SELECT n.id, n.names || '' '' || n.body AS new_text, o.names || '' '' || o.body AS old_text
               FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE n.names IS DISTINCT FROM o.names OR n.body IS DISTINCT FROM o.body)
           INSERT INTO %I.search_words (word)
           SELECT DISTINCT w FROM (
             SELECT id, w FROM changed, unnest(string_to_array(new_text, '' '')) AS w
             EXCEPT
             SELECT id, w FROM changed, unnest(string_to_array(old_text, '' '')) AS w) added
            WHERE length(w) BETWEEN 3 AND 40
           ON CONFLICT DO NOTHING', TG_TABLE_SCHEMA);
        RETURN NULL;
      END $$;
    `,
  },
  {
    id: 'search-005-words-in-one-order',
    sql: `
      -- The live runner applies the search_* tables and forum_posts in two transactions side by side
      -- (projections/src/lanes.ts), and both feed search_words. Two inserts of the same new words in different
      -- orders would each wait for a word the other holds (a deadlock, one batch failed and retried); inserted in
      -- one order, the second waits for the first to commit, then skips the words it added.
      CREATE OR REPLACE FUNCTION public.mello_collect_words() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        EXECUTE format(
          'INSERT INTO %I.search_words (word)
           SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows.names || '' '' || new_rows.body, '' '')) AS w
            WHERE length(w) BETWEEN 3 AND 40
            ORDER BY w
           ON CONFLICT DO NOTHING', TG_TABLE_SCHEMA);
        RETURN NULL;
      END $$;
      CREATE OR REPLACE FUNCTION public.mello_collect_new_words() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                        WHERE n.names IS DISTINCT FROM o.names OR n.body IS DISTINCT FROM o.body) THEN
          RETURN NULL;
        END IF;
        EXECUTE format(
          'WITH changed AS (
             SELECT n.id, n.names || '' '' || n.body AS new_text, o.names || '' '' || o.body AS old_text
               FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE n.names IS DISTINCT FROM o.names OR n.body IS DISTINCT FROM o.body)
           INSERT INTO %I.search_words (word)
           SELECT DISTINCT w FROM (
             SELECT id, w FROM changed, unnest(string_to_array(new_text, '' '')) AS w
             EXCEPT
             SELECT id, w FROM changed, unnest(string_to_array(old_text, '' '')) AS w) added
            WHERE length(w) BETWEEN 3 AND 40
            ORDER BY w
           ON CONFLICT DO NOTHING', TG_TABLE_SCHEMA);
        RETURN NULL;
      END $$;
    `,
  },
  {
    id: 'search-006-edit-distance',
    sql: `
      -- levenshtein_less_equal: a vocabulary word one letter away from a misspelt query word ('karola' for 'carola')
      -- is one slip of the finger, closer than a longer word that merely shares more trigrams with it ('karolidou').
      CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
    `,
  },
];
