import { yearApi, type YearFields } from '@mello/contracts';
import { listYearsJson, yearByNumberWithRevision } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { setRevisionETag } from '../../http/concurrency';
import { jsonText, on } from '../../http/contract-routes';
import { documentRoutes } from '../../http/document-routes';
import type { ListCache } from '../../http/list-cache';
import { AppError } from '../../shared/errors';
import type { DocumentService } from '../document-service';
import { YEAR_NOT_FOUND } from './year';

export function yearRoutes(deps: { pool: DatabasePool; lists: ListCache; years: DocumentService<YearFields> }) {
  const router = documentRoutes({
    api: yearApi,
    db: deps.pool,
    lists: deps.lists,
    list: listYearsJson,
    service: deps.years,
    notFoundMessage: YEAR_NOT_FOUND,
  });
  on(router, yearApi.byYear, async ({ params }, ctx) => {
    const found = /^\d{1,4}$/.test(params.year) ? await yearByNumberWithRevision(deps.pool, Number(params.year)) : null;
    // The client recognises exactly this text (spec section 8).
    if (found === null) throw new AppError(404, 'Year not found');
    setRevisionETag(ctx, found.revision);
    return jsonText(found.body);
  });
  return router;
}
