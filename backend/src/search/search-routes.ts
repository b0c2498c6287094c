import Router from '@koa/router';
import { TextSearchQuerySchema, YearSearchQuerySchema } from '@mello/contracts';
import { searchJson } from '@mello/projections';
import type { Context } from 'koa';
import { sql, type DatabasePool } from 'slonik';
import type { z } from 'zod';
import { parseBody } from '../http/validation';

/** Query parameters validated like a body: a parameter given twice arrives as an array and is refused. */
const parseQuery = <S extends z.ZodTypeAny>(schema: S, ctx: Context): z.output<S> => parseBody(schema, { ...ctx.query });

export function searchRoutes(deps: { pool: DatabasePool }): Router {
  const router = new Router({ prefix: '/api/search' });
  const answer = (ctx: Context, json: string) => {
    ctx.type = 'json';
    ctx.body = json;
  };

  router.get('/years', async (ctx) => {
    const { q, category, decade } = parseQuery(YearSearchQuerySchema, ctx);
    const filters = [
      ...(decade === null ? [] : [sql.fragment`year BETWEEN ${decade} AND ${decade + 9}`]),
      ...(category === 'classics' ? [sql.fragment`is_classic`] : []),
      ...(category === 'lost-media' ? [sql.fragment`NOT has_video`] : []),
      ...(category === 'controversies' ? [sql.fragment`has_controversies`] : []),
    ];
    answer(
      ctx,
      await searchJson(deps.pool, {
        table: 'search_years',
        q,
        filters,
        namesOnly: category === 'winners',
        exactFields: ['winner', 'song'],
        exactYear: true,
        order: sql.fragment`year DESC`,
      }),
    );
  });

  router.get('/articles', async (ctx) => {
    const { q } = parseQuery(TextSearchQuerySchema, ctx);
    answer(ctx, await searchJson(deps.pool, { table: 'search_articles', q, exactFields: ['title'], order: sql.fragment`published_at DESC, created_position` }));
  });

  router.get('/videos', async (ctx) => {
    const { q } = parseQuery(TextSearchQuerySchema, ctx);
    answer(ctx, await searchJson(deps.pool, { table: 'search_videos', q, exactFields: ['title', 'artist'], exactYear: true, order: sql.fragment`created_position` }));
  });

  return router;
}
