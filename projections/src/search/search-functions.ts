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
];
