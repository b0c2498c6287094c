import { pageSchema, pagedQuerySchema } from '../http/paging';
import { route } from '../http/route';
import { YearSchema } from './years';

/** The /years list view's order, newest year first: the cursor carries the year (http/paging.ts). */
export const YEAR_PAGE_SORT = 'year';
export const yearPageKey = (year: { year: number }) => [year.year] as const;

/**
 * The /years list view page by page. A module of its own, apart from yearApi: the home page reads the whole list
 * (yearApi.list) and its JavaScript carries no paging.
 */
export const yearPagesApi = {
  page: route({
    method: 'GET',
    path: '/api/years/page',
    query: pagedQuerySchema(YEAR_PAGE_SORT, ['int']),
    response: pageSchema(YearSchema),
    summary: 'Åren sida för sida, nyast först (cursor från föregående sidas nextCursor; limit högst 100)',
  }),
};
