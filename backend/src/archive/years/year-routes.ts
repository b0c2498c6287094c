import Router from '@koa/router';
import { YearCreateInputSchema, YearUpdateInputSchema, type YearFields } from '@mello/contracts';
import { listYearsJson, yearByNumberJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { mountDocumentCommands } from '../../http/document-routes';
import { AppError } from '../../shared/errors';
import type { DocumentService } from '../document-service';
import { YEAR_NOT_FOUND } from './year';

export function yearRoutes(deps: { pool: DatabasePool; years: DocumentService<YearFields> }): Router {
  const router = new Router({ prefix: '/api/years' });

  router.get('/', async (ctx) => {
    ctx.type = 'json';
    ctx.body = await listYearsJson(deps.pool);
  });

  router.get('/by-year/:year', async (ctx) => {
    const raw = ctx.params.year!;
    const year = /^\d{1,4}$/.test(raw) ? Number(raw) : null;
    const body = year === null ? null : await yearByNumberJson(deps.pool, year);
    // The client recognises exactly this text (spec section 8).
    if (body === null) throw new AppError(404, 'Year not found');
    ctx.type = 'json';
    ctx.body = body;
  });

  mountDocumentCommands(router, {
    service: deps.years,
    createSchema: YearCreateInputSchema,
    updateSchema: YearUpdateInputSchema,
    notFoundMessage: YEAR_NOT_FOUND,
  });
  return router;
}
