import { ARTICLE_CATEGORIES, lowerCaseId, type Article, type ArticleCategory } from '@mello/contracts';

/** The article list's filter: every category, or one of the four. */
export type ArticleFilter = 'all' | ArticleCategory;
export const ARTICLE_FILTERS: readonly ArticleFilter[] = ['all', ...ARTICLE_CATEGORIES];

/** A filter value read from the address bar; anything unknown falls back to 'all'. */
export function parseArticleFilter(value: string | null | undefined): ArticleFilter {
  return ARTICLE_FILTERS.find((filter) => filter === value) ?? 'all';
}

/**
 * The article the detail page shows: the one whose id matches, from the full list (spec: all are loaded). An id in
 * capitals names the same article (a uuid is read in either case, as the API and the forum's pages do).
 */
export function findArticle(articles: readonly Article[] | undefined, id: string | undefined): Article | null {
  if (!articles || !id) return null;
  const wanted = lowerCaseId(id);
  return articles.find((article) => article.id === wanted) ?? null;
}

/** Up to two initials of the author's name for the avatar: 'Anna Svensson' → 'AS', 'Admin' → 'A'. */
export function authorInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word[0]!.toLocaleUpperCase('sv-SE')).join('') || '?';
}
