import { VIDEO_CATEGORIES, type Video, type VideoCategory } from '@mello/contracts';

/** The video archive's filter: every category, or one of the five (spec section 3). */
export type VideoFilter = 'all' | VideoCategory;
export const VIDEO_FILTERS: readonly VideoFilter[] = ['all', ...VIDEO_CATEGORIES];

/** The featured video of the archive: the first winner performance, otherwise the first video, or none. */
export function pickFeaturedVideo<V extends Video>(videos: readonly V[]): V | null {
  return videos.find((video) => video.category === 'winner') ?? videos[0] ?? null;
}

/** The videos of one category, in the server's order ('all' keeps every video). */
export function filterVideos<V extends Video>(videos: readonly V[], filter: VideoFilter): V[] {
  return filter === 'all' ? [...videos] : videos.filter((video) => video.category === filter);
}

/** A filter value read from the address bar; anything unknown falls back to 'all'. */
export function parseVideoFilter(value: string | null | undefined): VideoFilter {
  return VIDEO_FILTERS.find((filter) => filter === value) ?? 'all';
}
