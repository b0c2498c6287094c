import { pickFeaturedVideo, videoPage, videoPagesApi, type VideoCategory, type VideoView } from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { callRoute, routeKey } from '../../api/call';
import { useListPages, type PagedList } from '../../lib/use-list-pages';

/** Videos per page of the archive: a multiple of the grid's 1, 2 and 3 columns (the 25 imported videos are 3 pages). */
export const VIDEO_PAGE_SIZE = 12;

const VIDEO_LIST: PagedList<VideoView, VideoCategory> = {
  wholeKey: archiveKeys.videos,
  pageKey: (query) => routeKey(videoPagesApi.page, { query }),
  featuredKey: routeKey(videoPagesApi.featured),
  fetchPage: (query) => callRoute(videoPagesApi.page, { query }),
  fetchFeatured: () => callRoute(videoPagesApi.featured),
  cut: videoPage,
  pickFeatured: pickFeaturedVideo,
  pageSize: VIDEO_PAGE_SIZE,
};

/**
 * The video archive page by page in one category (null: all), newest year first (GET /api/videos/page), and its
 * featured video (GET /api/videos/featured): useListPages. Coming from the home page, which holds the whole list,
 * both show at once.
 */
export function useVideoPages(category: VideoCategory | null) {
  const { items, ...list } = useListPages(VIDEO_LIST, category);
  return { ...list, videos: items };
}
