import { VideoCreateInputSchema, VideoUpdateInputSchema, type VideoFields } from '@mello/contracts';
import { listVideosJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { documentRoutes } from '../../http/document-routes';
import type { DocumentService } from '../document-service';
import { VIDEO_NOT_FOUND } from './video';

export const videoRoutes = (deps: { pool: DatabasePool; videos: DocumentService<VideoFields> }) =>
  documentRoutes({
    prefix: '/api/videos',
    db: deps.pool,
    list: listVideosJson,
    service: deps.videos,
    createSchema: VideoCreateInputSchema,
    updateSchema: VideoUpdateInputSchema,
    notFoundMessage: VIDEO_NOT_FOUND,
  });
