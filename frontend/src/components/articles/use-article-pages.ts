import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { articlePage, articlePagesApi, pickFeaturedArticle, type Article, type ArticleCategory } from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { callRoute, routeKey, routeKeyPrefix } from '../../api/call';

/** Every page of the article list and its featured article (not in archiveKeys: the home page's code carries no paging). */
export const articlePagesKeys = [routeKeyPrefix(articlePagesApi.page), routeKeyPrefix(articlePagesApi.featured)] as const;

/**
 * Articles per page of the list ('Fler artiklar'): a multiple of the grid's 1, 2 and 3 columns, and enough rows that
 * the end of the first page is more than a screen and LoadMore's lead below it (an article card is short).
 */
export const ARTICLE_PAGE_SIZE = 12;

/**
 * The article list without its featured article, page by page in one category (null: all), newest first
 * (GET /api/articles/page), and the featured article (GET /api/articles/featured): chosen and filtered by the
 * server. Coming from a page that holds the whole list (home, an article), both are cut from it with the server's
 * own functions, so the screen shows at once instead of loading.
 */
export function useArticlePages(category: ArticleCategory | null) {
  const client = useQueryClient();
  const cached = () => client.getQueryData<Article[]>(archiveKeys.articles);
  const cachedAt = () => client.getQueryState(archiveKeys.articles)?.dataUpdatedAt;
  const query = { limit: ARTICLE_PAGE_SIZE, ...(category === null ? {} : { category }) };
  const pages = useInfiniteQuery({
    queryKey: routeKey(articlePagesApi.page, { query }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => callRoute(articlePagesApi.page, { query: { ...query, cursor: pageParam ?? undefined } }),
    getNextPageParam: (page) => page.nextCursor,
    initialData: () => {
      const all = cached();
      return all && { pages: [articlePage(all, { category, after: null, limit: ARTICLE_PAGE_SIZE })], pageParams: [null] };
    },
    initialDataUpdatedAt: cachedAt,
  });
  const featured = useQuery({
    queryKey: routeKey(articlePagesApi.featured),
    queryFn: () => callRoute(articlePagesApi.featured),
    initialData: () => {
      const all = cached();
      return all && pickFeaturedArticle(all);
    },
    initialDataUpdatedAt: cachedAt,
  });
  const articles: Article[] = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return { pages, featured, articles };
}
