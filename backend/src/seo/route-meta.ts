import { pageMeta, type Article, type PageMeta, type Video, type Year } from '@mello/contracts';
import { listArticlesJson, listVideosJson, listYearsJson, yearByNumberJson } from '@mello/projections';
import type { CommonQueryMethods } from 'slonik';
import { matchClientRoute } from './client-routes';

/** `page`: which page module the client shows (for preloading its JavaScript). */
export type RouteMeta = { status: 200 | 404; meta: PageMeta; page: string };

// The read models hold documents validated when their events were decided: the JSON is the contract's shape.
const parse = <T>(json: string) => JSON.parse(json) as T;

/**
 * The page meta and HTTP status of a client route, from the same read models the API answers with and the same
 * builders the client uses. Unknown paths, years and articles are 404 (the client shows its not-found view).
 */
export async function routeMeta(db: CommonQueryMethods, pathname: string, query: { q?: string }): Promise<RouteMeta> {
  const route = matchClientRoute(pathname);
  if (!route) return { status: 404, meta: pageMeta.notFound(pathname), page: 'notFound' };
  const found = (meta: PageMeta, status: 200 | 404 = 200): RouteMeta => ({ status, meta, page: route.page });
  switch (route.page) {
    case 'home':
      return found(pageMeta.home());
    case 'years':
      return found(pageMeta.years(parse<Year[]>(await listYearsJson(db))));
    case 'year': {
      if (route.year === null) return found(pageMeta.notFound(pathname), 404);
      const json = await yearByNumberJson(db, route.year);
      const year = json === null ? null : parse<Year>(json);
      return found(pageMeta.year(route.year, year), year ? 200 : 404);
    }
    case 'videoArchive':
      return found(pageMeta.videoArchive(parse<Video[]>(await listVideosJson(db))));
    case 'blog':
      return found(pageMeta.blog(parse<Article[]>(await listArticlesJson(db))));
    case 'article': {
      // As the client does (spec: all articles are loaded and the one matching id is picked).
      const article = parse<Article[]>(await listArticlesJson(db)).find((candidate) => candidate.id === route.id) ?? null;
      return found(pageMeta.article(route.id, article), article ? 200 : 404);
    }
    case 'search':
      return found(pageMeta.search(query.q ?? ''));
    case 'about':
      return found(pageMeta.about());
    case 'login':
      return found(pageMeta.login());
    case 'forum':
      return found(pageMeta.forum());
    case 'forumPost':
      // The forum's own read model gives a post its meta once the forum screens exist; until then the forum's.
      return found({ ...pageMeta.forum(), path: pathname });
    case 'admin':
      return found({ title: 'Admin Panel | Melloarkivet', description: 'Administration av Melloarkivet.', path: pathname, noindex: true });
    default: {
      const never: never = route;
      return never;
    }
  }
}
