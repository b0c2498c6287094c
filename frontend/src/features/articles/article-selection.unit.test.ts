import { describe, expect, it } from 'vitest';
import type { Article } from '@mello/contracts';
import { ARTICLE_FILTERS, authorInitials, findArticle, parseArticleFilter } from './article-selection';

const article = (id: string, featured = false): Article => ({
  id,
  title: `Artikel ${id}`,
  slug: `artikel-${id}`,
  excerpt: 'Ingress',
  content: '',
  category: 'history',
  author: 'Admin',
  authorTitle: '',
  publishedAt: '2024-03-12T10:00:00.000Z',
  readTime: 5,
  imageUrl: null,
  sources: [],
  featured,
});

describe('ARTICLE_FILTERS and parseArticleFilter', () => {
  it('offers all followed by the four categories', () => {
    expect(ARTICLE_FILTERS).toEqual(['all', 'analysis', 'culture', 'tech', 'history']);
  });

  it('reads a known category and falls back to all otherwise', () => {
    expect(parseArticleFilter('tech')).toBe('tech');
    expect(parseArticleFilter('Tech')).toBe('all');
    expect(parseArticleFilter(null)).toBe('all');
  });
});

describe('findArticle', () => {
  const list = [article('a'), article('b')];

  it('picks the article with the id', () => {
    expect(findArticle(list, 'b')?.id).toBe('b');
  });

  it('reads the id in either case, as a uuid is (an address typed or shared in capitals)', () => {
    const id = '7978ff7d-38dd-589a-b11b-2aec20748601';
    expect(findArticle([article(id)], id.toUpperCase())?.id).toBe(id);
  });

  it('finds nothing for an unknown id, a missing id or a list not loaded yet', () => {
    expect(findArticle(list, 'zzz')).toBeNull();
    expect(findArticle(list, undefined)).toBeNull();
    expect(findArticle(undefined, 'a')).toBeNull();
  });
});

describe('authorInitials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(authorInitials('Anna Svensson')).toBe('AS');
    expect(authorInitials('  karl  gustav   ölund ')).toBe('KÖ');
  });

  it('takes one letter of a single name and a question mark for none', () => {
    expect(authorInitials('Admin')).toBe('A');
    expect(authorInitials('   ')).toBe('?');
  });
});
