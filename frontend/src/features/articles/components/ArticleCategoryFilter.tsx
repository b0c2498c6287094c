import { articleCategoryLabel } from '../../../lib/badges';
import { FilterButtons } from '../../../components/FilterButtons';
import { ARTICLE_FILTERS, type ArticleFilter } from '../article-selection';

/** 'Alla' and the four article categories as toggle buttons. */
export function ArticleCategoryFilter({ value, onChange }: { value: ArticleFilter; onChange: (filter: ArticleFilter) => void }) {
  return <FilterButtons options={ARTICLE_FILTERS} value={value} onChange={onChange} label={(f) => (f === 'all' ? 'Alla' : articleCategoryLabel(f))} />;
}
