import { YearCreateInputSchema, YearUpdateInputSchema, type YearFields } from '@mello/contracts';
import { listYearsJson, yearByNumberJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { documentRoutes } from '../../http/document-routes';
import type { ListCache } from '../../http/list-cache';
import { AppError } from '../../shared/errors';
import type { DocumentService } from '../document-service';
import { YEAR_NOT_FOUND } from './year';

export function yearRoutes(deps: { pool: DatabasePool; lists: ListCache; years: DocumentService<YearFields> }) {
  const router = documentRoutes({
    prefix: '/api/years',
    db: deps.pool,
    lists: deps.lists,
    list: listYearsJson,
    service: deps.years,
    createSchema: YearCreateInputSchema,
    updateSchema: YearUpdateInputSchema,
    notFoundMessage: YEAR_NOT_FOUND,
  });
  router.get('/by-year/:year', async (ctx) => {
    const raw = ctx.params.year!;
    const body = /^\d{1,4}$/.test(raw) ? await yearByNumberJson(deps.pool, Number(raw)) : null;
    // The client recognises exactly this text (spec section 8).
    if (body === null) throw new AppError(404, 'Year not found');
    ctx.type = 'json';
    ctx.body = body;
  });
  return router;
}
