import { encodeCursor, type Cursor, type ForumSort } from '@mello/contracts';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';
import { PUBLIC_READER, postDocFor, visiblePostsFilter, type ForumReader } from './moderation-queries';

/** An instant column as the API writes instants (ISO, UTC, milliseconds): what the cursor carries. */
const isoOf = (column: string) => sql.fragment`to_char(${sql.identifier(['p', column])} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Each order's key columns (contracts' forumSortKey says the same of a post), each with the index that reads it. */
const SORT_COLUMNS: Record<ForumSort, readonly { column: string; kind: 'int' | 'instant' }[]> = {
  activity: [{ column: 'activity_at', kind: 'instant' }],
  newest: [{ column: 'created_at', kind: 'instant' }],
  liked: [
    { column: 'likes', kind: 'int' },
    { column: 'created_at', kind: 'instant' },
  ],
};

const pageRow = z.object({ body: z.string(), id: z.string(), k0: z.union([z.string(), z.number()]), k1: z.union([z.string(), z.number()]).nullable() });

export type ForumListPageQuery = { category: string | null; sort: ForumSort; after: Cursor | null; limit: number; reader?: ForumReader };

/** The statement of one page (exported for the EXPLAIN in the tests and the bench). */
export function forumListPageSql({ category, sort, after, limit, reader = PUBLIC_READER }: ForumListPageQuery) {
  const columns = SORT_COLUMNS[sort];
  const keyColumns = sql.join(
    columns.map(({ column }) => sql.identifier(['p', column])),
    sql.fragment`, `,
  );
  const conditions: FragmentSqlToken[] = [...(category === null ? [] : [sql.fragment`category = ${category}`]), ...visiblePostsFilter(reader)];
  if (after !== null) {
    const values = columns.map(({ kind }, index) => {
      const value = after.key[index]!;
      return kind === 'int' ? sql.fragment`${Number(value)}::int` : sql.fragment`${String(value)}::timestamptz`;
    });
    // A row comparison: the index's range condition, so a later page starts where the last one ended.
    conditions.push(sql.fragment`(${keyColumns}, p.id) < (${sql.join(values, sql.fragment`, `)}, ${after.id}::uuid)`);
  }
  const keys = columns.map(
    ({ column, kind }, index) => sql.fragment`${kind === 'int' ? sql.identifier(['p', column]) : isoOf(column)} AS ${sql.identifier([`k${index}`])}`,
  );
  return sql.type(pageRow)`
    SELECT ${postDocFor(reader, sql.fragment`p`)}::text AS body, p.id::text AS id, ${sql.join(keys, sql.fragment`, `)}${columns.length === 1 ? sql.fragment`, NULL AS k1` : sql.fragment``}
      FROM ${sql.identifier([LIVE_SCHEMA, 'forum_posts'])} p
     WHERE ${conditions.length > 0 ? sql.join(conditions, sql.fragment` AND `) : sql.fragment`TRUE`}
     ORDER BY ${sql.join(
       columns.map(({ column }) => sql.fragment`${sql.identifier(['p', column])} DESC`),
       sql.fragment`, `,
     )}, p.id DESC
     LIMIT ${limit + 1}`;
}

/**
 * One page of the forum list as the API's JSON text (`{ items, nextCursor }`): the posts after `after` in the
 * order `sort`, read by one index range scan (one more row than the page tells whether another page follows).
 * The documents are passed through as the read model holds them, joined into the answer without parsing.
 */
export async function forumListPageJson(db: CommonQueryMethods, query: ForumListPageQuery): Promise<string> {
  const rows = await db.any(forumListPageSql(query));
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ sort: query.sort, key: [last.k0, ...(last.k1 === null ? [] : [last.k1])], id: last.id }) : null;
  return `{"items":[${page.map((row) => row.body).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}
