import { VIDEO_CATEGORIES, type VideoCategory } from '@mello/contracts';

/** The video archive's filter: every category, or one of the five (spec section 3). */
export type VideoFilter = 'all' | VideoCategory;
export const VIDEO_FILTERS: readonly VideoFilter[] = ['all', ...VIDEO_CATEGORIES];

/** A filter value read from the address bar; anything unknown falls back to 'all'. */
export function parseVideoFilter(value: string | null | undefined): VideoFilter {
  return VIDEO_FILTERS.find((filter) => filter === value) ?? 'all';
}
