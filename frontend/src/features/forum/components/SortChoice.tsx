import { FORUM_SORTS, FORUM_SORT_LABELS, type ForumSort } from '@mello/contracts';
import { FilterButtons } from '../../../components/FilterButtons';

/** The list's order: Senaste aktivitet, Nyast, Mest gillade (the labels are the contracts'). */
export function SortChoice({ value, onChange }: { value: ForumSort; onChange: (value: ForumSort) => void }) {
  return <FilterButtons options={FORUM_SORTS} value={value} onChange={onChange} label={(sort) => FORUM_SORT_LABELS[sort]} ariaLabel="Sortera inläggen" />;
}
