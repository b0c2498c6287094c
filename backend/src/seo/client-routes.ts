import { NAME_SLUG_PATTERN } from '@mello/contracts';

/**
 * The client's routes as the server knows them (spec section 2), so it can give each route's HTML its page meta
 * and answer 404 for any other path. Keep in step with frontend/src/app/routes.tsx and SPEC.md.
 */
export type ClientRoute =
  | { page: 'home' | 'years' | 'videoArchive' | 'blog' | 'about' | 'login' | 'forum' | 'search' | 'statistics' | 'sources' | 'notifications' }
  // `param` as the client reads it (decoded): its not-found view names it, e.g. 'År abc hittades inte'.
  | { page: 'year'; year: number | null; param: string }
  | { page: 'article'; id: string }
  | { page: 'forumPost'; id: string }
  | { page: 'artist' | 'songwriter'; slug: string }
  // An edit page names the year, video or article it edits: a 404 when the archive has none with that id.
  | { page: 'admin'; edits?: { kind: 'year' | 'video' | 'article'; id: string } };

const FIXED: Record<string, ClientRoute> = {
  '/': { page: 'home' },
  '/years': { page: 'years' },
  '/video-archive': { page: 'videoArchive' },
  '/blog': { page: 'blog' },
  '/search': { page: 'search' },
  '/about': { page: 'about' },
  '/login': { page: 'login' },
  '/forum': { page: 'forum' },
  '/lost-media': { page: 'forum' },
  '/admin': { page: 'admin' },
  '/notiser': { page: 'notifications' },
  '/statistik': { page: 'statistics' },
  '/kallor': { page: 'sources' },
};

const YEAR_NUMBER = /^\d{1,4}$/;

/** The admin's edit pages, /admin/edit-{kind}/{id}, by their path segment. */
const EDIT_PAGES: Partial<Record<string, 'year' | 'video' | 'article'>> = { 'edit-year': 'year', 'edit-video': 'video', 'edit-article': 'article' };

/** The route a path shows, or null when the client shows its 'Page Not Found' page. */
export function matchClientRoute(pathname: string): ClientRoute | null {
  // React Router treats '/years/' as '/years'.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = FIXED[path];
  if (fixed) return fixed;
  const [, first, second, third, ...rest] = path.split('/');
  // The admin's item history: /admin/history/{kind}/{id}.
  if (first === 'admin' && second === 'history' && third && rest.length === 1 && rest[0]) return { page: 'admin' };
  if (rest.length > 0 || !second) return null;
  let param: string;
  try {
    param = decodeURIComponent(third ?? second);
  } catch {
    return null;
  }
  if (first === 'year' && third === undefined) return { page: 'year', year: YEAR_NUMBER.test(param) ? Number(param) : null, param };
  if (first === 'article' && third === undefined) return { page: 'article', id: param };
  if (first === 'artist' && third === undefined) return { page: 'artist', slug: param };
  if (first === 'songwriter' && third === undefined) return { page: 'songwriter', slug: param };
  if (first === 'forum' && second === 'post' && third !== undefined) return { page: 'forumPost', id: param };
  const edited = first === 'admin' && third !== undefined ? EDIT_PAGES[second] : undefined;
  if (edited) return { page: 'admin', edits: { kind: edited, id: param } };
  return null;
}

/**
 * An artist's or songwriter's address typed with capitals (/artist/ABBA, as a reader writes the name): the act's
 * address, whose slug is lower case (NAME_SLUG_PATTERN), to be redirected to. Null for every other route.
 */
export function lowerCaseSlugPath(route: ClientRoute | null): string | null {
  if (route?.page !== 'artist' && route?.page !== 'songwriter') return null;
  const slug = route.slug.toLowerCase();
  return slug !== route.slug && NAME_SLUG_PATTERN.test(slug) ? `/${route.page}/${slug}` : null;
}
