import { articleApi, articlePage, articlePagesApi, pickFeaturedArticle, isUuid, type Article, type ArticleFields } from '@mello/contracts';
import { articleByIdWithRevision, listArticlesJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { setRevisionETag } from '../../http/concurrency';
import { jsonText, on } from '../../http/contract-routes';
import { documentRoutes } from '../../http/document-routes';
import type { ListCache } from '../../http/list-cache';
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
  // The article list view page by page (without its featured article), and the featured article: from the list's
  // cached text. Registered before GET /:id, which would take 'page' and 'featured' for an id. None
  // featured is the JSON null (as text: Koa answers a null body with 204).
  const all = async () => JSON.parse((await deps.lists.get(articleApi.list.path, () => listArticlesJson(deps.pool))).body.toString('utf8')) as Article[];
  on(router, articlePagesApi.page, async ({ query }) => articlePage(await all(), query));
  on(router, articlePagesApi.featured, async () => jsonText(JSON.stringify(pickFeaturedArticle(await all()))));
  // One article with its revision (ETag): what the admin's edit page opens and sends back in If-Match.
  on(router, articleApi.byId, async ({ params }, ctx) => {
    const found = isUuid(params.id) ? await articleByIdWithRevision(deps.pool, params.id) : null;
    if (found === null) throw new NotFoundError(ARTICLE_NOT_FOUND);
    setRevisionETag(ctx, found.revision);
    return jsonText(found.body);
  });
  return router;
}
