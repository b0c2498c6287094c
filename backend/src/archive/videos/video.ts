import type { VideoFields } from '@mello/contracts';
import { createDocumentDecider } from '../document-decider';

export const VIDEO_NOT_FOUND = 'Video hittades inte';

export const videoStream = (id: string) => `video-${id}`;

export const videoDecider = createDocumentDecider<VideoFields>({
  names: { created: 'VideoCreated', updated: 'VideoUpdated', deleted: 'VideoDeleted' },
  notFoundMessage: VIDEO_NOT_FOUND,
  alreadyExistsMessage: 'Videon finns redan',
});
