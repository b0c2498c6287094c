import { articleApi, type ArticleFields } from '@mello/contracts';
import { listArticlesJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { documentRoutes } from '../../http/document-routes';
import type { ListCache } from '../../http/list-cache';
import type { DocumentService } from '../document-service';
import { ARTICLE_NOT_FOUND, withSlug } from './article';

export const articleRoutes = (deps: { pool: DatabasePool; lists: ListCache; articles: DocumentService<ArticleFields> }) =>
  documentRoutes({
    api: articleApi,
    db: deps.pool,
    lists: deps.lists,
    list: listArticlesJson,
    service: deps.articles,
    notFoundMessage: ARTICLE_NOT_FOUND,
    prepareCreate: withSlug,
  });
