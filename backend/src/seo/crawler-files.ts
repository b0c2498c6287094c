import type { Context } from 'koa';
import type { CommonQueryMethods } from 'slonik';
import { API_PREFIX, articlePath, artistPath, escapeHtml, forumPostPath, pageMeta, songwriterPath, yearPath } from '@mello/contracts';
import { sitemapDocuments, type SitemapDocuments } from '@mello/projections';
import { compressBody } from '../http/compressed-files';

const ROBOTS_PATH = '/robots.txt';
const SITEMAP_PATH = '/sitemap.xml';

/**
 * Areas a crawler has no business in: the admin screens, the API, a member's own notifications, and the search's
 * endless result pages (which say noindex as well). Every other page is open, and the sitemap names them.
 */
const DISALLOWED = ['/admin', `${API_PREFIX}/`, '/notiser', '/search'];

export const robotsTxt = (origin: string) =>
  ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}${SITEMAP_PATH}`, ''].join('\n');

/** The pages with no document behind them that a search engine should index (their meta says so: not noindex). */
const fixedPages = () =>
  [
    pageMeta.home(),
    pageMeta.years([]),
    pageMeta.videoArchive([]),
    pageMeta.blog([]),
    pageMeta.forum(),
    pageMeta.statistics(),
    pageMeta.sources(),
    pageMeta.about(),
  ].filter((meta) => !meta.noindex);

/** The sitemap protocol's urlset: every public page's absolute address; a forum post with its last activity. */
export function sitemapXml(origin: string, documents: SitemapDocuments): string {
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>`;
  const urls = [
    ...fixedPages().map((meta) => url(meta.path)),
    ...documents.years.map((year) => url(yearPath(year))),
    ...documents.articles.map((id) => url(articlePath(id))),
    ...documents.artists.map((slug) => url(artistPath(slug))),
    ...documents.songwriters.map((slug) => url(songwriterPath(slug))),
    ...documents.posts.map((post) => url(forumPostPath(post.id), post.activityAt)),
  ];
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/**
 * Answers GET and HEAD of /robots.txt and /sitemap.xml (true), or leaves the request to the client's files and
 * pages (false). `origin` is the one the pages' canonical links use, so the two name the same addresses.
 */
export async function serveCrawlerFile(ctx: Context, origin: string, db: CommonQueryMethods | undefined): Promise<boolean> {
  if (ctx.path === ROBOTS_PATH) {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = robotsTxt(origin);
    return true;
  }
  if (ctx.path === SITEMAP_PATH && db) {
    const xml = sitemapXml(origin, await sitemapDocuments(db));
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    // About 2,000 addresses (acts and songwriters most of them): 150 kB of XML, a tenth of that compressed.
    ctx.body = compressBody(ctx, xml);
    return true;
  }
  return false;
}
