import { z } from 'zod';
import { entityId, flag, optionalText, optionalUrl, requiredText, requiredUrl, textList, wholeNumber } from '../fields';
import { FIRST_CONTEST_YEAR, latestContestYear } from './years';

export const VIDEO_CATEGORIES = ['winner', 'classic', 'backstage', 'interview', 'lost-media'] as const;
export const VIDEO_PLATFORMS = ['youtube', 'svtplay', 'vimeo', 'other'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];
export type VideoPlatform = (typeof VIDEO_PLATFORMS)[number];

export const VideoSchema = z.object({
  id: entityId,
  title: z.string(),
  artist: z.string(),
  year: z.number().int(),
  videoUrl: z.string(),
  embedUrl: z.string().nullable(),
  duration: z.string(),
  category: z.enum(VIDEO_CATEGORIES),
  platform: z.enum(VIDEO_PLATFORMS),
  thumbnailUrl: z.string().nullable(),
  /** null: no source gives it (the imported videos): shown as unknown, never as 0 (product decision 11). */
  views: z.number().int().nullable(),
  description: z.string(),
  sources: z.array(z.string()),
  isRare: z.boolean(),
});
export type Video = z.infer<typeof VideoSchema>;

const videoFieldShape = {
  title: requiredText(200),
  artist: requiredText(200),
  year: wholeNumber(FIRST_CONTEST_YEAR, 9999).refine(
    (year) => year <= latestContestYear(),
    () => ({ message: `Får vara högst ${latestContestYear()}` }),
  ),
  videoUrl: requiredUrl,
  embedUrl: optionalUrl,
  duration: optionalText(20),
  category: z.enum(VIDEO_CATEGORIES, {
    errorMap: () => ({ message: `Måste vara en av: ${VIDEO_CATEGORIES.join(', ')}` }),
  }),
  platform: z.enum(VIDEO_PLATFORMS, {
    errorMap: () => ({ message: `Måste vara en av: ${VIDEO_PLATFORMS.join(', ')}` }),
  }),
  thumbnailUrl: optionalUrl,
  views: wholeNumber(0, Number.MAX_SAFE_INTEGER).nullable(),
  description: optionalText(5000),
  sources: textList(),
  isRare: flag,
};

/** Create input with the admin form's defaults: year = current year, platform youtube, category classic, views 0. */
export const VideoCreateInputSchema = z.object({
  ...videoFieldShape,
  year: videoFieldShape.year.default(() => new Date().getFullYear()),
  category: videoFieldShape.category.default('classic'),
  platform: videoFieldShape.platform.default('youtube'),
  views: videoFieldShape.views.default(0),
  sources: videoFieldShape.sources.default([]),
  isRare: flag.default(false),
});
export type VideoCreateInput = z.input<typeof VideoCreateInputSchema>;
export type VideoFields = z.output<typeof VideoCreateInputSchema>;

export const VideoUpdateInputSchema = z.object(videoFieldShape).partial();
export type VideoUpdateInput = z.input<typeof VideoUpdateInputSchema>;
