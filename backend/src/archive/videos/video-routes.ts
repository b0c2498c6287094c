import { VideoCreateInputSchema, VideoUpdateInputSchema, type VideoFields } from '@mello/contracts';
import { listVideosJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { documentRoutes } from '../../http/document-routes';
import type { ListCache } from '../../http/list-cache';
import type { DocumentService } from '../document-service';
import { VIDEO_NOT_FOUND } from './video';

export const videoRoutes = (deps: { pool: DatabasePool; lists: ListCache; videos: DocumentService<VideoFields> }) =>
  documentRoutes({
    prefix: '/api/videos',
    db: deps.pool,
    lists: deps.lists,
    list: listVideosJson,
    service: deps.videos,
    createSchema: VideoCreateInputSchema,
    updateSchema: VideoUpdateInputSchema,
    notFoundMessage: VIDEO_NOT_FOUND,
  });
