import { useSearchParams } from 'react-router-dom';

/**
 * A list's chosen category, kept in the address (?category=…) so that it survives a reload and can be shared: the
 * filter as `parse` reads it ('all' when none), the category to ask the server for (null for all), and `choose`,
 * which replaces the address's entry without scrolling the page.
 */
export function useCategoryParam<F extends string>(parse: (value: string | null) => F) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parse(searchParams.get('category'));
  const category = filter === 'all' ? null : (filter as Exclude<F, 'all'>);
  const choose = (next: F) => setSearchParams(next === 'all' ? {} : { category: next }, { replace: true, preventScrollReset: true });
  return { filter, category, choose };
}
