import { YEAR_PAGE_SORT, pageAfter, yearApi, yearPageKey, yearPagesApi, yearSummariesApi, type Year, type YearFields } from '@mello/contracts';
import { listYearSummariesJson, listYearsJson, yearByNumberWithRevision } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { setRevisionETag } from '../../http/concurrency';
import { jsonText, on } from '../../http/contract-routes';
import { documentRoutes } from '../../http/document-routes';
import { answerCached, type ListCache } from '../../http/list-cache';
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
  // A page of the /years list: from the list's cached text (one query per read-model position), by the year after the cursor's.
  on(router, yearPagesApi.page, async ({ query }) => {
    const cached = await deps.lists.get(yearApi.list.path, () => listYearsJson(deps.pool));
    const years = JSON.parse(cached.body.toString('utf8')) as Year[];
    return pageAfter(years, { sort: YEAR_PAGE_SORT, keyOf: yearPageKey, cursor: query.after, limit: query.limit });
  });
  on(router, yearSummariesApi.list, async (_request, ctx) => {
    answerCached(ctx, await deps.lists.get(yearSummariesApi.list.path, () => listYearSummariesJson(deps.pool)));
    return undefined;
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
