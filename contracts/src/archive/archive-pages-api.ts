import { z } from 'zod';
import { pageAfter, pageSchema, pagedQuerySchema, type Cursor, type Page } from '../http/paging';
import { route } from '../http/route';
import { ARTICLE_CATEGORIES, ArticleSchema, type Article, type ArticleCategory } from './articles';
import { VideoViewSchema, type VideoView } from './entry-links';
import { VIDEO_CATEGORIES, type VideoCategory } from './videos';

/**
 * The video archive (/video-archive) and the article list (/blog) page by page (issue 19, part 8): the category is
 * filtered and the featured item chosen here, on the server, so a page never needs the whole list. A module of its
 * own, apart from videoApi and articleApi: the home page reads the whole lists and its JavaScript carries no paging.
 */

/** The video archive's order, newest contest year first (the cursor carries the year, then the id). */
export const VIDEO_PAGE_SORT = 'video-year';
export const videoPageKey = (video: { year: number }) => [video.year] as const;

/** The article list's order, newest published first (the cursor carries the instant, then the id). */
export const ARTICLE_PAGE_SORT = 'article-published';
export const articlePageKey = (article: { publishedAt: string }) => [article.publishedAt] as const;

/** A category query parameter: 'all' (the default) or one of the list's categories; answers null for all. */
const categoryFilter = <const C extends readonly [string, ...string[]]>(categories: C) =>
  z
    .enum(['all', ...categories] as [string, ...string[]], { errorMap: () => ({ message: `Måste vara all eller en av: ${categories.join(', ')}` }) })
    .default('all')
    .transform((value) => (value === 'all' ? null : (value as C[number])));

/**
 * The featured video (spec: the first of category winner, otherwise the first) of the archive in the order it was
 * added (GET /api/videos' order), whatever category is shown; null for an empty archive.
 */
export function pickFeaturedVideo<V extends { category: VideoCategory }>(videos: readonly V[]): V | null {
  return videos.find((video) => video.category === 'winner') ?? videos[0] ?? null;
}

/** The featured article (spec: the first flagged featured, otherwise the first) of the list newest first. */
export function pickFeaturedArticle<A extends Pick<Article, 'featured'>>(articles: readonly A[]): A | null {
  return articles.find((article) => article.featured) ?? articles[0] ?? null;
}

type PageQuery<C> = { category: C | null; after: Cursor | null; limit: number };

/** One page of the video archive from the whole list (GET /api/videos' answer): the server's and the client's cut. */
export function videoPage(all: readonly VideoView[], query: PageQuery<VideoCategory>): Page<VideoView> {
  const shown = query.category === null ? all : all.filter((video) => video.category === query.category);
  return pageAfter(shown, { sort: VIDEO_PAGE_SORT, keyOf: videoPageKey, cursor: query.after, limit: query.limit });
}

/**
 * One page of the article list's "Fler artiklar" from the whole list (GET /api/articles' answer, newest first): every
 * article but the featured one (shown above the list), in the category asked for.
 */
export function articlePage(all: readonly Article[], query: PageQuery<ArticleCategory>): Page<Article> {
  const featured = pickFeaturedArticle(all);
  const others = all.filter((article) => article !== featured && (query.category === null || article.category === query.category));
  return pageAfter(others, { sort: ARTICLE_PAGE_SORT, keyOf: articlePageKey, cursor: query.after, limit: query.limit });
}

export const videoPagesApi = {
  page: route({
    method: 'GET',
    path: '/api/videos/page',
    query: pagedQuerySchema(VIDEO_PAGE_SORT, ['int'], { category: categoryFilter(VIDEO_CATEGORIES) }),
    response: pageSchema(VideoViewSchema),
    summary: 'Videoarkivet sida för sida, nyast år först (category: all eller en kategori; cursor från föregående sidas nextCursor; limit högst 100)',
  }),
  featured: route({
    method: 'GET',
    path: '/api/videos/featured',
    response: VideoViewSchema.nullable(),
    summary: 'Den utvalda videon: den första vinnaren, annars den första videon (null utan videor)',
  }),
};

export const articlePagesApi = {
  page: route({
    method: 'GET',
    path: '/api/articles/page',
    query: pagedQuerySchema(ARTICLE_PAGE_SORT, ['instant'], { category: categoryFilter(ARTICLE_CATEGORIES) }),
    response: pageSchema(ArticleSchema),
    summary:
      'Artiklarna utom den utvalda, sida för sida, nyast först (category: all eller en kategori; cursor från föregående sidas nextCursor; limit högst 100)',
  }),
  featured: route({
    method: 'GET',
    path: '/api/articles/featured',
    response: ArticleSchema.nullable(),
    summary: 'Den utvalda artikeln: den första markerade som utvald, annars den nyaste (null utan artiklar)',
  }),
};
