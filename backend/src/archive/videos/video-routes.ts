import { pickFeaturedVideo, videoApi, videoPage, videoPagesApi, isUuid, type VideoFields, type VideoView } from '@mello/contracts';
import { listVideosJson, videoByIdWithRevision, withEntry } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { setRevisionETag } from '../../http/concurrency';
import { jsonText, on } from '../../http/contract-routes';
import { documentRoutes } from '../../http/document-routes';
import { NotFoundError } from '../../shared/errors';
import type { ListCache } from '../../http/list-cache';
import type { DocumentService } from '../document-service';
import { VIDEO_NOT_FOUND } from './video';

/** The videos: the list, one video and the admin commands' answers, each with the entry it shows (`entry`, docs/content.md). */
export function videoRoutes(deps: { pool: DatabasePool; lists: ListCache; videos: DocumentService<VideoFields> }) {
  const router = documentRoutes({
    api: videoApi,
    db: deps.pool,
    lists: deps.lists,
    list: listVideosJson,
    service: deps.videos,
    notFoundMessage: VIDEO_NOT_FOUND,
    // The commands answer as GET does: the video with its entry (the read models have caught up by then).
    present: (video) => withEntry(deps.pool, video),
  });
  // The archive's list view page by page, and its featured video: from the list's cached text (one query per
  // read-model position). Registered before GET /:id, which would take 'page' and 'featured' for an id. None
  // featured is the JSON null (as text: Koa answers a null body with 204).
  const all = async () => JSON.parse((await deps.lists.get(videoApi.list.path, () => listVideosJson(deps.pool))).body.toString('utf8')) as VideoView[];
  on(router, videoPagesApi.page, async ({ query }) => videoPage(await all(), query));
  on(router, videoPagesApi.featured, async () => jsonText(JSON.stringify(pickFeaturedVideo(await all()))));
  on(router, videoApi.byId, async ({ params }, ctx) => {
    const found = isUuid(params.id) ? await videoByIdWithRevision(deps.pool, params.id) : null;
    if (found === null) throw new NotFoundError(VIDEO_NOT_FOUND);
    setRevisionETag(ctx, found.revision);
    return jsonText(found.body);
  });
  return router;
}
