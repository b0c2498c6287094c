import Router from '@koa/router';
import { hasNothingToFind, searchApi } from '@mello/contracts';
import { forumReaderOf } from '@mello/projections';
import { currentUser } from '../auth/guards';
import { jsonText, on } from '../http/contract-routes';
import type { SearchEngine } from './search-engine';

/**
 * GET /api/search/*, registered from their contracts (contracts/src/search/search-api.ts): validated parameters in,
 * the engine's JSON text out (spec section 7). A query with nothing to find (hasNothingToFind) answers [] without
 * asking the engine, the same with either engine.
 */
export function searchRoutes(deps: { engine: SearchEngine }): Router {
  const { engine } = deps;
  const router = new Router();
  const search = async (q: string, run: () => Promise<string>) => jsonText(hasNothingToFind(q) ? '[]' : await run());

  on(router, searchApi.years, ({ query }) => search(query.q, () => engine.searchYears(query)));
  on(router, searchApi.articles, ({ query }) => search(query.q, () => engine.searchArticles(query.q)));
  on(router, searchApi.videos, ({ query }) => search(query.q, () => engine.searchVideos(query.q)));
  on(router, searchApi.entries, ({ query }) => search(query.q, () => engine.searchEntries(query.q)));
  on(router, searchApi.artists, ({ query }) => search(query.q, () => engine.searchArtists(query.q)));
  on(router, searchApi.songwriters, ({ query }) => search(query.q, () => engine.searchSongwriters(query.q)));
  // Hidden posts are in the administrator's list only (flags and moderation).
  on(router, searchApi.forum, ({ query }, ctx) => search(query.q, () => engine.searchForum({ ...query, ...forumReaderOf(currentUser(ctx)) })));
  return router;
}
