import Router from '@koa/router';
import { ForumSearchQuerySchema, TextSearchQuerySchema, YearSearchQuerySchema } from '@mello/contracts';
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

  router.get('/years', async (ctx) => answer(ctx, await engine.searchYears(parseQuery(YearSearchQuerySchema, ctx))));
  router.get('/articles', async (ctx) => answer(ctx, await engine.searchArticles(parseQuery(TextSearchQuerySchema, ctx).q)));
  router.get('/videos', async (ctx) => answer(ctx, await engine.searchVideos(parseQuery(TextSearchQuerySchema, ctx).q)));
  router.get('/forum', async (ctx) => answer(ctx, await engine.searchForum(parseQuery(ForumSearchQuerySchema, ctx))));
  return router;
}
