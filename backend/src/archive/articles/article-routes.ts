import Router from '@koa/router';
import { ArticleCreateInputSchema, ArticleUpdateInputSchema, type ArticleFields } from '@mello/contracts';
import { listArticlesJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { mountDocumentCommands } from '../../http/document-routes';
import type { DocumentService } from '../document-service';
import { ARTICLE_NOT_FOUND, withSlug } from './article';

export function articleRoutes(deps: { pool: DatabasePool; articles: DocumentService<ArticleFields> }): Router {
  const router = new Router({ prefix: '/api/articles' });
  router.get('/', async (ctx) => {
    ctx.type = 'json';
    ctx.body = await listArticlesJson(deps.pool);
  });
  mountDocumentCommands(router, {
    service: deps.articles,
    createSchema: ArticleCreateInputSchema,
    updateSchema: ArticleUpdateInputSchema,
    notFoundMessage: ARTICLE_NOT_FOUND,
    prepareCreate: withSlug,
  });
  return router;
}
