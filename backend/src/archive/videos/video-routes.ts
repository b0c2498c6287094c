import Router from '@koa/router';
import { VideoCreateInputSchema, VideoUpdateInputSchema, type VideoFields } from '@mello/contracts';
import { listVideosJson } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { mountDocumentCommands } from '../../http/document-routes';
import type { DocumentService } from '../document-service';
import { VIDEO_NOT_FOUND } from './video';

export function videoRoutes(deps: { pool: DatabasePool; videos: DocumentService<VideoFields> }): Router {
  const router = new Router({ prefix: '/api/videos' });
  router.get('/', async (ctx) => {
    ctx.type = 'json';
    ctx.body = await listVideosJson(deps.pool);
  });
  mountDocumentCommands(router, {
    service: deps.videos,
    createSchema: VideoCreateInputSchema,
    updateSchema: VideoUpdateInputSchema,
    notFoundMessage: VIDEO_NOT_FOUND,
  });
  return router;
}
