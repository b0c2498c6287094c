import {
  NAME_SLUG_PATTERN,
  articleApi,
  lowerCaseId,
  normaliseSearchText,
  artistApi,
  pageMeta,
  routeKey,
  songwriterApi,
  videoApi,
  yearApi,
  yearSummariesApi,
  canonicalUuid,
  type Article,
  type ForumPost,
  type PageMeta,
  type Video,
  type Year,
} from '@mello/contracts';
import {
  archiveDocumentExists,
  artistDetailView,
  forumPostJson,
  listArticlesJson,
  listVideosJson,
  listYearSummariesJson,
  listYearsJson,
  songwriterDetailView,
  yearByNumberJson,
} from '@mello/projections';
import type { CommonQueryMethods } from 'slonik';
import type { ListCache } from '../http/list-cache';
import { matchClientRoute } from './client-routes';

/** A query the client would make first, answered ahead: its React Query key and the API's JSON text for it. */
export type InitialQuery = { key: ReturnType<typeof routeKey>; json: string };

/**
 * `page`: which page module the client shows (for preloading its JavaScript). `data`: the archive queries that
 * page starts with, so the client renders them at once instead of asking the API after its JavaScript has run.
 */
export type RouteMeta = { status: 200 | 404; meta: PageMeta; page: string; data: InitialQuery[] };

/** The client's query keys of these calls, derived from their contracts as the client derives them (routeKey). */
const ARCHIVE_KEYS = {
  years: routeKey(yearApi.list),
  yearSummaries: routeKey(yearSummariesApi.list),
  year: (year: number) => routeKey(yearApi.byYear, { params: { year } }),
  videos: routeKey(videoApi.list),
  articles: routeKey(articleApi.list),
  artist: (slug: string) => routeKey(artistApi.bySlug, { params: { slug } }),
  songwriter: (slug: string) => routeKey(songwriterApi.bySlug, { params: { slug } }),
};

/** A slug the API would look up (the lineup routes' own check); anything else is a page that does not exist. */
const lookupSlug = (slug: string) => NAME_SLUG_PATTERN.test(slug) && slug.length <= 300;

/** The list read models' JSON texts a page may start with. */
export type ArchiveLists = Record<'years' | 'yearSummaries' | 'videos' | 'articles', () => Promise<string>>;

const LIST_QUERIES = { years: listYearsJson, yearSummaries: listYearSummariesJson, videos: listVideosJson, articles: listArticlesJson } as const;
/** The list cache's key of each: its GET's path, as the API's list routes key it (document-routes.ts). */
const LIST_PATHS = {
  years: yearApi.list.path,
  yearSummaries: yearSummariesApi.list.path,
  videos: videoApi.list.path,
  articles: articleApi.list.path,
} as const;

/**
 * The lists from the read models; through the API's list cache when there is one, so a page costs no query while
 * the lists are unchanged and carries exactly the bytes `GET /api/…` answers (the cache is keyed by that URL).
 */
export function archiveLists(db: CommonQueryMethods, cache?: ListCache): ArchiveLists {
  const list = (name: keyof typeof LIST_QUERIES) => () =>
    cache ? cache.get(LIST_PATHS[name], () => LIST_QUERIES[name](db)).then((entry) => entry.body.toString('utf8')) : LIST_QUERIES[name](db);
  return { years: list('years'), yearSummaries: list('yearSummaries'), videos: list('videos'), articles: list('articles') };
}

// The read models hold documents validated when their events were decided: the JSON is the contract's shape.
const parse = <T>(json: string) => JSON.parse(json) as T;

/**
 * The page meta and HTTP status of a client route, from the same read models the API answers with and the same
 * builders the client uses. Unknown paths, years and articles are 404 (the client shows its not-found view).
 */
export async function routeMeta(db: CommonQueryMethods, pathname: string, query: { q?: string }, lists: ArchiveLists = archiveLists(db)): Promise<RouteMeta> {
  const route = matchClientRoute(pathname);
  if (!route) return { status: 404, meta: pageMeta.notFound(pathname), page: 'notFound', data: [] };
  const found = (meta: PageMeta, status: 200 | 404 = 200, data: InitialQuery[] = []): RouteMeta => ({ status, meta, page: route.page, data });
  switch (route.page) {
    case 'home': {
      const [years, videos, articles] = await Promise.all([lists.yearSummaries(), lists.videos(), lists.articles()]);
      return found(pageMeta.home(), 200, [
        { key: ARCHIVE_KEYS.yearSummaries, json: years },
        { key: ARCHIVE_KEYS.videos, json: videos },
        { key: ARCHIVE_KEYS.articles, json: articles },
      ]);
    }
    case 'years': {
      const json = await lists.years();
      return found(pageMeta.years(parse<Year[]>(json)), 200, [{ key: ARCHIVE_KEYS.years, json }]);
    }
    case 'year': {
      if (route.year === null) return found(pageMeta.yearNotFound(route.param), 404);
      const [json, summaries] = await Promise.all([yearByNumberJson(db, route.year), lists.yearSummaries()]);
      const year = json === null ? null : parse<Year>(json);
      // The archive's years too: the page's links to the previous and next year (YearNeighbours) are in its HTML.
      return found(pageMeta.year(route.year, year), year ? 200 : 404, [
        { key: ARCHIVE_KEYS.year(route.year), json: json ?? 'null' },
        { key: ARCHIVE_KEYS.yearSummaries, json: summaries },
      ]);
    }
    case 'videoArchive': {
      // The page shows the archive's first page and its featured video (their own calls, which the render fetches),
      // not the whole list: the meta's structured data is all that reads it.
      return found(pageMeta.videoArchive(parse<Video[]>(await lists.videos())));
    }
    case 'blog': {
      // As the video archive: the page shows its first page and featured article, the meta reads the list.
      return found(pageMeta.blog(parse<Article[]>(await lists.articles())));
    }
    case 'article': {
      // As the client does (spec: all articles are loaded and the one matching id is picked).
      const json = await lists.articles();
      const id = lowerCaseId(route.id);
      const article = parse<Article[]>(json).find((candidate) => candidate.id === id) ?? null;
      return found(pageMeta.article(route.id, article), article ? 200 : 404, [{ key: ARCHIVE_KEYS.articles, json }]);
    }
    case 'search':
      // The text as the page reads it (readSearchParams): control characters are spaces.
      return found(pageMeta.search(normaliseSearchText(query.q ?? '')));
    case 'about':
      return found(pageMeta.about());
    case 'login':
      return found(pageMeta.login());
    case 'notifications':
      return found(pageMeta.notifications());
    case 'forum':
      return found(pageMeta.forum());
    case 'forumPost': {
      // Post ids are uuids: anything else is a post that does not exist (and must not reach the uuid column). The
      // page's canonical address names the post in lower case, however the address spelled it.
      const id = canonicalUuid(route.id);
      const json = id === null ? null : await forumPostJson(db, id);
      const post = json === null ? null : parse<ForumPost>(json);
      return found(pageMeta.forumPost(id ?? route.id, post), post ? 200 : 404);
    }
    case 'artist': {
      const artist = lookupSlug(route.slug) ? await artistDetailView(db, route.slug) : null;
      return found(pageMeta.artist(route.slug, artist), artist ? 200 : 404, [{ key: ARCHIVE_KEYS.artist(route.slug), json: JSON.stringify(artist) }]);
    }
    case 'songwriter': {
      const songwriter = lookupSlug(route.slug) ? await songwriterDetailView(db, route.slug) : null;
      return found(pageMeta.songwriter(route.slug, songwriter), songwriter ? 200 : 404, [
        { key: ARCHIVE_KEYS.songwriter(route.slug), json: JSON.stringify(songwriter) },
      ]);
    }
    case 'statistics':
      return found(pageMeta.statistics());
    case 'sources':
      return found(pageMeta.sources());
    case 'admin': {
      const id = route.edits ? canonicalUuid(route.edits.id) : null;
      const missing = route.edits !== undefined && (id === null || !(await archiveDocumentExists(db, route.edits.kind, id)));
      return found({ title: 'Admin Panel | Melloarkivet', description: 'Administration av Melloarkivet.', path: pathname, noindex: true }, missing ? 404 : 200);
    }
    default: {
      const never: never = route;
      return never;
    }
  }
}
