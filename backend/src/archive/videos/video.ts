import { DOCUMENT_EVENTS, type VideoFields } from '@mello/contracts';
import { createDocumentDecider } from '../document-decider';

export const VIDEO_NOT_FOUND = 'Video hittades inte';

export const videoStream = (id: string) => `video-${id}`;

export const videoDecider = createDocumentDecider<VideoFields>({
  names: DOCUMENT_EVENTS.video,
  notFoundMessage: VIDEO_NOT_FOUND,
  alreadyExistsMessage: 'Videon finns redan',
});
