import { STALE_EDIT_MESSAGES, type ArticleFields, type VideoFields, type YearFields } from '@mello/contracts';
import type { DatabasePool } from 'slonik';
import type { EventStore } from '../event-store/port';
import { createLineupServices } from './lineups/lineup-services';
import { articleDecider, articleSlugKey, articleSlugTakenMessage, articleStream, ARTICLE_NOT_FOUND } from './articles/article';
import { createDocumentService, type ReadModelWaiter } from './document-service';
import { videoDecider, videoStream, VIDEO_NOT_FOUND } from './videos/video';
import { yearDecider, yearNumberKey, yearStream, yearTakenMessage, YEAR_NOT_FOUND } from './years/year';

export function createArchiveServices(store: EventStore, readModels: ReadModelWaiter, pool: DatabasePool) {
  return {
    years: createDocumentService<YearFields>(store, readModels, {
      decider: yearDecider,
      streamName: yearStream,
      notFoundMessage: YEAR_NOT_FOUND,
      staleMessage: STALE_EDIT_MESSAGES.year,
      unique: { key: yearNumberKey, takenMessage: yearTakenMessage },
    }),
    videos: createDocumentService<VideoFields>(store, readModels, {
      decider: videoDecider,
      streamName: videoStream,
      notFoundMessage: VIDEO_NOT_FOUND,
      staleMessage: STALE_EDIT_MESSAGES.video,
    }),
    articles: createDocumentService<ArticleFields>(store, readModels, {
      decider: articleDecider,
      streamName: articleStream,
      notFoundMessage: ARTICLE_NOT_FOUND,
      staleMessage: STALE_EDIT_MESSAGES.article,
      unique: { key: articleSlugKey, takenMessage: articleSlugTakenMessage },
    }),
    lineups: createLineupServices(store, readModels, pool),
  };
}
export type ArchiveServices = ReturnType<typeof createArchiveServices>;
