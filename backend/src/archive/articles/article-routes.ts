import { articleApi, type ArticleFields } from '@mello/contracts';
import { articleByIdWithRevision, listArticlesJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { setRevisionETag } from '../../http/concurrency';
import { jsonText, on } from '../../http/contract-routes';
import { documentRoutes } from '../../http/document-routes';
import type { ListCache } from '../../http/list-cache';
import { isUuid } from '../../http/validation';
import { NotFoundError } from '../../shared/errors';
import type { DocumentService } from '../document-service';
import { ARTICLE_NOT_FOUND, withSlug } from './article';

export function articleRoutes(deps: { pool: DatabasePool; lists: ListCache; articles: DocumentService<ArticleFields> }) {
  const router = documentRoutes({
    api: articleApi,
    db: deps.pool,
    lists: deps.lists,
    list: listArticlesJson,
    service: deps.articles,
    notFoundMessage: ARTICLE_NOT_FOUND,
    prepareCreate: withSlug,
  });
  // One article with its revision (ETag): what the admin's edit page opens and sends back in If-Match.
  on(router, articleApi.byId, async ({ params }, ctx) => {
    const found = isUuid(params.id) ? await articleByIdWithRevision(deps.pool, params.id) : null;
    if (found === null) throw new NotFoundError(ARTICLE_NOT_FOUND);
    setRevisionETag(ctx, found.revision);
    return jsonText(found.body);
  });
  return router;
}
