import Router from '@koa/router';
import { ForumSearchQuerySchema, TextSearchQuerySchema, YearSearchQuerySchema, hasNothingToFind } from '@mello/contracts';
import type { Context } from 'koa';
import type { z } from 'zod';
import { parseBody } from '../http/validation';
import type { SearchEngine } from './search-engine';

/** Query parameters validated like a body: a parameter given twice arrives as an array and is refused. */
const parseQuery = <S extends z.ZodTypeAny>(schema: S, ctx: Context): z.output<S> => parseBody(schema, { ...ctx.query });

/** GET /api/search/*: validated parameters in, the engine's JSON text out (spec section 7). */
export function searchRoutes(deps: { engine: SearchEngine }): Router {
  const { engine } = deps;
  const router = new Router({ prefix: '/api/search' });
  const answer = (ctx: Context, json: string) => {
    ctx.type = 'json';
    ctx.body = json;
  };
  /** Validates, then asks the engine unless the query has nothing to find (hasNothingToFind: no hits, either engine). */
  const search = <Q extends { q: string }>(schema: z.ZodType<Q, z.ZodTypeDef, unknown>, run: (query: Q) => Promise<string>) => async (ctx: Context) => {
    const query = parseQuery(schema, ctx);
    answer(ctx, hasNothingToFind(query.q) ? '[]' : await run(query));
  };

  router.get('/years', search(YearSearchQuerySchema, (query) => engine.searchYears(query)));
  router.get('/articles', search(TextSearchQuerySchema, (query) => engine.searchArticles(query.q)));
  router.get('/videos', search(TextSearchQuerySchema, (query) => engine.searchVideos(query.q)));
  router.get('/entries', search(TextSearchQuerySchema, (query) => engine.searchEntries(query.q)));
  router.get('/artists', search(TextSearchQuerySchema, (query) => engine.searchArtists(query.q)));
  router.get('/songwriters', search(TextSearchQuerySchema, (query) => engine.searchSongwriters(query.q)));
  router.get('/forum', search(ForumSearchQuerySchema, (query) => engine.searchForum(query)));
  return router;
}
