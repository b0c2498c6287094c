import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { pickFeaturedVideo, videoPage, videoPagesApi, type VideoCategory, type VideoView } from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { callRoute, routeKey, routeKeyPrefix } from '../../api/call';

/** Every page of the video archive and its featured video (not in archiveKeys: the home page's code carries no paging). */
export const videoPagesKeys = [routeKeyPrefix(videoPagesApi.page), routeKeyPrefix(videoPagesApi.featured)] as const;

/** Videos per page of the archive: a multiple of the grid's 1, 2 and 3 columns (the 25 imported videos are 3 pages). */
export const VIDEO_PAGE_SIZE = 12;

/**
 * The video archive page by page in one category (null: all), newest year first (GET /api/videos/page), and its
 * featured video (GET /api/videos/featured): chosen and filtered by the server. Coming from the home page, which
 * holds the whole list, both are cut from it with the server's own functions (same items, same cursor), so the
 * screen shows at once instead of loading.
 */
export function useVideoPages(category: VideoCategory | null) {
  const client = useQueryClient();
  const cached = () => client.getQueryData<VideoView[]>(archiveKeys.videos);
  const cachedAt = () => client.getQueryState(archiveKeys.videos)?.dataUpdatedAt;
  const query = { limit: VIDEO_PAGE_SIZE, ...(category === null ? {} : { category }) };
  const pages = useInfiniteQuery({
    queryKey: routeKey(videoPagesApi.page, { query }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => callRoute(videoPagesApi.page, { query: { ...query, cursor: pageParam ?? undefined } }),
    getNextPageParam: (page) => page.nextCursor,
    initialData: () => {
      const all = cached();
      return all && { pages: [videoPage(all, { category, after: null, limit: VIDEO_PAGE_SIZE })], pageParams: [null] };
    },
    initialDataUpdatedAt: cachedAt,
  });
  const featured = useQuery({
    queryKey: routeKey(videoPagesApi.featured),
    queryFn: () => callRoute(videoPagesApi.featured),
    initialData: () => {
      const all = cached();
      return all && pickFeaturedVideo(all);
    },
    initialDataUpdatedAt: cachedAt,
  });
  const videos: VideoView[] = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return { pages, featured, videos };
}
