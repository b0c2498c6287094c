import { FORUM_CATEGORIES } from '@mello/contracts';
import { FilterButtons } from '../../../components/FilterButtons';
import { forumCategoryLabel } from '../../../lib/badges';
import type { ForumCategoryFilter } from '../../../live/forum-cache';

const FILTERS: readonly ForumCategoryFilter[] = ['all', ...FORUM_CATEGORIES];

/** 'Alla' and the four forum categories as toggle buttons. */
export function CategoryFilter({ value, onChange }: { value: ForumCategoryFilter; onChange: (value: ForumCategoryFilter) => void }) {
  return <FilterButtons options={FILTERS} value={value} onChange={onChange} label={(f) => (f === 'all' ? 'Alla' : forumCategoryLabel(f))} />;
}
