import { describe, expect, it } from 'vitest';
import type { Article } from '@mello/contracts';
import { authorInitials, findArticle, splitFeaturedArticle } from './article-selection';

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

describe('splitFeaturedArticle', () => {
  it('features the first article flagged featured and keeps the rest in order', () => {
    const { featured, others } = splitFeaturedArticle([article('a'), article('b', true), article('c', true)]);
    expect(featured?.id).toBe('b');
    expect(others.map((a) => a.id)).toEqual(['a', 'c']);
  });

  it('features the first article when none is flagged', () => {
    const { featured, others } = splitFeaturedArticle([article('a'), article('b')]);
    expect(featured?.id).toBe('a');
    expect(others.map((a) => a.id)).toEqual(['b']);
  });

  it('has no featured article and no others for an empty list', () => {
    expect(splitFeaturedArticle([])).toEqual({ featured: null, others: [] });
  });

  it('leaves a single article with no others', () => {
    const { featured, others } = splitFeaturedArticle([article('only')]);
    expect(featured?.id).toBe('only');
    expect(others).toEqual([]);
  });
});

describe('findArticle', () => {
  const list = [article('a'), article('b')];

  it('picks the article with the id', () => {
    expect(findArticle(list, 'b')?.id).toBe('b');
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
