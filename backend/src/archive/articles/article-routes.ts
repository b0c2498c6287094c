import { ArticleCreateInputSchema, ArticleUpdateInputSchema, type ArticleFields } from '@mello/contracts';
import { listArticlesJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { documentRoutes } from '../../http/document-routes';
import type { DocumentService } from '../document-service';
import { ARTICLE_NOT_FOUND, withSlug } from './article';

export const articleRoutes = (deps: { pool: DatabasePool; articles: DocumentService<ArticleFields> }) =>
  documentRoutes({
    prefix: '/api/articles',
    db: deps.pool,
    list: listArticlesJson,
    service: deps.articles,
    createSchema: ArticleCreateInputSchema,
    updateSchema: ArticleUpdateInputSchema,
    notFoundMessage: ARTICLE_NOT_FOUND,
    prepareCreate: withSlug,
  });
