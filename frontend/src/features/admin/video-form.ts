import type { Video, VideoCategory, VideoCreateInput, VideoPlatform } from '@mello/contracts';
import { joinLines, splitLines, urlOrNull, wholeNumberOr0 } from './form-values';

/** What the video form's inputs hold (numbers as typed text, sources one per line). */
export type VideoFormValues = {
  title: string;
  artist: string;
  year: string;
  videoUrl: string;
  embedUrl: string;
  duration: string;
  category: VideoCategory;
  platform: VideoPlatform;
  thumbnailUrl: string;
  views: string;
  description: string;
  sources: string;
  isRare: boolean;
};

/** Spec section 5 create defaults: year = current year, platform youtube, category classic, views 0. */
export function newVideoValues(now = new Date()): VideoFormValues {
  return {
    title: '',
    artist: '',
    year: String(now.getFullYear()),
    videoUrl: '',
    embedUrl: '',
    duration: '',
    category: 'classic',
    platform: 'youtube',
    thumbnailUrl: '',
    views: '0',
    description: '',
    sources: '',
    isRare: false,
  };
}

/** An existing video loaded into the edit form. */
export function videoValuesOf(video: Video): VideoFormValues {
  return {
    title: video.title,
    artist: video.artist,
    year: String(video.year),
    videoUrl: video.videoUrl,
    embedUrl: video.embedUrl ?? '',
    duration: video.duration,
    category: video.category,
    platform: video.platform,
    thumbnailUrl: video.thumbnailUrl ?? '',
    views: video.views === null ? '' : String(video.views),
    description: video.description,
    sources: joinLines(video.sources),
    isRare: video.isRare,
  };
}

/**
 * The body of POST /api/videos and PUT /api/videos/{id}: year and views whole numbers (else 0). Views left empty
 * stay unknown (null): an imported video's unknown count must not become 0 when the video is edited (decision 11).
 */
export function videoPayload(values: VideoFormValues): VideoCreateInput {
  return {
    title: values.title.trim(),
    artist: values.artist.trim(),
    year: wholeNumberOr0(values.year),
    videoUrl: values.videoUrl.trim(),
    embedUrl: urlOrNull(values.embedUrl),
    duration: values.duration.trim(),
    category: values.category,
    platform: values.platform,
    thumbnailUrl: urlOrNull(values.thumbnailUrl),
    views: values.views.trim() === '' ? null : wholeNumberOr0(values.views),
    description: values.description.trim(),
    sources: splitLines(values.sources),
    isRare: values.isRare,
  };
}
