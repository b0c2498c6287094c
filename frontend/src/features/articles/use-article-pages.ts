import { articlePage, articlePagesApi, pickFeaturedArticle, type Article, type ArticleCategory } from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { callRoute, routeKey } from '../../api/call';
import { useListPages, type PagedList } from '../../lib/use-list-pages';

/**
 * Articles per page of the list ('Fler artiklar'): a multiple of the grid's 1, 2 and 3 columns, and enough rows that
 * the end of the first page is more than a screen and LoadMore's lead below it (an article card is short).
 */
export const ARTICLE_PAGE_SIZE = 12;

const ARTICLE_LIST: PagedList<Article, ArticleCategory> = {
  wholeKey: archiveKeys.articles,
  pageKey: (query) => routeKey(articlePagesApi.page, { query }),
  featuredKey: routeKey(articlePagesApi.featured),
  fetchPage: (query) => callRoute(articlePagesApi.page, { query }),
  fetchFeatured: () => callRoute(articlePagesApi.featured),
  cut: articlePage,
  pickFeatured: pickFeaturedArticle,
  pageSize: ARTICLE_PAGE_SIZE,
};

/**
 * The article list without its featured article, page by page in one category (null: all), newest first
 * (GET /api/articles/page), and the featured article (GET /api/articles/featured): useListPages. Coming from a page
 * that holds the whole list (home, an article), both show at once.
 */
export function useArticlePages(category: ArticleCategory | null) {
  const { items, ...list } = useListPages(ARTICLE_LIST, category);
  return { ...list, articles: items };
}
