import type { Article } from '@mello/contracts';

/**
 * The blog's layout: the featured article (the first flagged featured, otherwise the first) and the others
 * in the server's order. An empty list has no featured article.
 */
export function splitFeaturedArticle(articles: readonly Article[]): { featured: Article | null; others: Article[] } {
  const featured = articles.find((article) => article.featured) ?? articles[0] ?? null;
  return { featured, others: articles.filter((article) => article !== featured) };
}

/** The article the detail page shows: the one whose id matches, from the full list (spec: all are loaded). */
export function findArticle(articles: readonly Article[] | undefined, id: string | undefined): Article | null {
  if (!articles || !id) return null;
  return articles.find((article) => article.id === id) ?? null;
}

/** Up to two initials of the author's name for the avatar: 'Anna Svensson' → 'AS', 'Admin' → 'A'. */
export function authorInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word[0]!.toLocaleUpperCase('sv-SE')).join('') || '?';
}
