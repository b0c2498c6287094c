import { YEAR_SUMMARY_FIELDS } from '@mello/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';

/**
 * Queries answer with the JSON text PostgreSQL builds, so the API sends a list without parsing and
 * re-serialising every row. The documents were validated when their events were decided.
 */
const jsonText = z.object({ body: z.string() });
const table = (name: string) => sql.identifier([LIVE_SCHEMA, name]);

export async function listYearsJson(db: CommonQueryMethods): Promise<string> {
  return (await db.one(sql.type(jsonText)`SELECT coalesce(json_agg(doc ORDER BY year DESC), '[]')::text AS body FROM ${table('years')}`)).body;
}

/** GET /api/years/summaries: each year's doc cut to the fields its card shows (YEAR_SUMMARY_FIELDS), newest first. */
export async function listYearSummariesJson(db: CommonQueryMethods): Promise<string> {
  const fields = sql.array(YEAR_SUMMARY_FIELDS, 'text');
  return (
    await db.one(sql.type(jsonText)`
      SELECT coalesce(json_agg((SELECT jsonb_object_agg(key, value) FROM jsonb_each(doc) WHERE key = ANY(${fields})) ORDER BY year DESC), '[]')::text AS body
        FROM ${table('years')}`)
  ).body;
}

/** A document's JSON text and its stream revision (its ETag), read from one row so the two always agree. */
export const withRevision = z.object({ body: z.string(), revision: z.number() });
export type JsonWithRevision = z.infer<typeof withRevision>;

/** GET /api/years/by-year/{year}: the year and its revision, or null. */
export async function yearByNumberWithRevision(db: CommonQueryMethods, year: number): Promise<JsonWithRevision | null> {
  return db.maybeOne(sql.type(withRevision)`SELECT doc::text AS body, revision FROM ${table('years')} WHERE year = ${year} LIMIT 1`);
}

/** Whether the archive holds a year, video or article with this id (the admin's edit pages: 404 when not). */
export async function archiveDocumentExists(db: CommonQueryMethods, kind: 'year' | 'video' | 'article', id: string): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM ${table(`${kind}s`)} WHERE id = ${id}`);
}

/** GET /api/articles/{id}: the article and its revision, or null. */
export async function articleByIdWithRevision(db: CommonQueryMethods, id: string): Promise<JsonWithRevision | null> {
  return db.maybeOne(sql.type(withRevision)`SELECT doc::text AS body, revision FROM ${table('articles')} WHERE id = ${id}`);
}

export async function yearByNumberJson(db: CommonQueryMethods, year: number): Promise<string | null> {
  const row = await db.maybeOne(sql.type(jsonText)`SELECT doc::text AS body FROM ${table('years')} WHERE year = ${year} LIMIT 1`);
  return row?.body ?? null;
}

// The videos' list answers each video with the entry it shows: lineups/entry-links-queries.ts (listVideosJson).

export async function listArticlesJson(db: CommonQueryMethods): Promise<string> {
  return (
    await db.one(sql.type(jsonText)`SELECT coalesce(json_agg(doc ORDER BY published_at DESC, created_position), '[]')::text AS body FROM ${table('articles')}`)
  ).body;
}
