import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';
import { isHiddenSql } from '../forum/moderation-queries';

const table = (name: string) => sql.identifier([LIVE_SCHEMA, name]);

const sitemapRow = z.object({
  years: z.array(z.number()),
  articles: z.array(z.string()),
  artists: z.array(z.string()),
  songwriters: z.array(z.string()),
  posts: z.array(z.object({ id: z.string(), activityAt: z.string() })),
});

/** What /sitemap.xml lists beside the fixed pages: every document with a page of its own, from the read models. */
export type SitemapDocuments = z.infer<typeof sitemapRow>;

/**
 * The documents that have a public page, in one statement: years, articles, acts, songwriters (every credited
 * slug: the address a credit links to), and the forum's posts that are not hidden, with their last activity.
 */
export async function sitemapDocuments(db: CommonQueryMethods): Promise<SitemapDocuments> {
  return db.one(sql.type(sitemapRow)`
    SELECT
      (SELECT coalesce(array_agg(year ORDER BY year DESC), '{}') FROM ${table('years')}) AS years,
      (SELECT coalesce(array_agg(id::text ORDER BY published_at DESC, id), '{}') FROM ${table('articles')}) AS articles,
      (SELECT coalesce(array_agg(doc->>'slug' ORDER BY doc->>'slug'), '{}') FROM ${table('artists')}) AS artists,
      (SELECT coalesce(array_agg(DISTINCT slug ORDER BY slug), '{}') FROM ${table('entries')}, unnest(songwriter_slugs) AS slug) AS songwriters,
      (SELECT coalesce(json_agg(json_build_object(
                'id', p.id::text,
                'activityAt', to_char(p.activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
              ORDER BY p.created_at DESC, p.id), '[]')
         FROM ${table('forum_posts')} p WHERE NOT ${isHiddenSql(sql.fragment`p.id`)}) AS posts`);
}
