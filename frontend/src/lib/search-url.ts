import { normaliseSearchText } from '@mello/contracts';

/**
 * Where the search block sends the visitor (spec 'Search block', section 5): /search with the trimmed text,
 * plus category and decade only when they are not 'all'. A whitespace-only query is ignored (null).
 */
export const SEARCH_CATEGORY_OPTIONS = [
  { value: 'all', label: 'Alla kategorier' },
  { value: 'winners', label: 'Vinnare' },
  { value: 'classics', label: 'Klassiker' },
  { value: 'lost-media', label: 'Lost Media' },
  { value: 'controversies', label: 'Kontroverser' },
] as const;

export const SEARCH_DECADE_OPTIONS = [
  { value: 'all', label: 'Alla år' },
  ...[2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950].map((start) => ({ value: String(start), label: `${start}-talet` })),
] as const;

export type SearchInput = { q: string; category?: string; decade?: string };

export function searchUrl({ q, category = 'all', decade = 'all' }: SearchInput): string | null {
  const text = q.trim();
  if (!text) return null;
  const params = new URLSearchParams({ q: text });
  if (category !== 'all') params.set('category', category);
  if (decade !== 'all') params.set('decade', decade);
  return `/search?${params.toString()}`;
}

/** The small search box elsewhere: only the text travels, encoded. */
export function quickSearchUrl(q: string): string | null {
  const text = q.trim();
  return text ? `/search?q=${encodeURIComponent(text)}` : null;
}

const known = (options: readonly { value: string }[], value: string | null): string =>
  value && options.some((option) => option.value === value) ? value : 'all';

/** The search fields as an address bar holds them; unknown category or decade values read as 'all'. */
export function readSearchParams(params: URLSearchParams): Required<SearchInput> {
  return {
    // As the API reads it: an address holding only control characters (q=%00) is an empty search, not every hit.
    q: normaliseSearchText(params.get('q') ?? ''),
    category: known(SEARCH_CATEGORY_OPTIONS, params.get('category')),
    decade: known(SEARCH_DECADE_OPTIONS, params.get('decade')),
  };
}

/** Whether any text or filter is set: decides between "no results" and a plain empty archive. */
export function hasSearchCriteria({ q, category, decade }: Required<SearchInput>): boolean {
  return q !== '' || category !== 'all' || decade !== 'all';
}
