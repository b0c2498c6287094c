import { z } from 'zod';
import { route } from '../http/route';
import { FORUM_TITLE_MAX } from '../forum/forum-limits';
import { cutToUnits } from '../text';
import { yearPath } from './page-paths';
import { VideoSchema } from './videos';

/**
 * Links between an entry, the videos of it and the forum's lost-media hunts for it (docs/content.md, "Links
 * between entries, videos and hunts"). The paths are built here once, so the year page's anchors, the video
 * cards, the forum and the entry's media links all point at the same places.
 */

/** An entry as another item points at it: enough to name it and link to its year and its artist. */
export const EntryRefSchema = z.object({ id: z.string(), year: z.number().int(), artist: z.string(), song: z.string(), artistSlug: z.string() });
export type EntryRef = z.infer<typeof EntryRefSchema>;

/** GET /api/videos and GET /api/videos/{id}: the video with the entry it shows (null when none matches). */
export const VideoViewSchema = VideoSchema.extend({ entry: EntryRefSchema.nullable() });
export type VideoView = z.infer<typeof VideoViewSchema>;

/** An open lost-media hunt (forum post) for an entry. */
export const EntryHuntSchema = z.object({
  id: z.string(),
  title: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  repliesCount: z.number().int(),
});
export type EntryHunt = z.infer<typeof EntryHuntSchema>;

/** GET /api/entries/{id}/links: the entry, its videos and its open hunts (newest first). */
export const EntryLinksSchema = z.object({ entry: EntryRefSchema, videos: z.array(VideoSchema), hunts: z.array(EntryHuntSchema) });
export type EntryLinks = z.infer<typeof EntryLinksSchema>;

/** The id the year page gives an entry's row, so `/year/{year}#entry-{id}` scrolls to it. */
export const entryAnchorId = (entryId: string) => `entry-${entryId}`;
export { yearPath, articlePath, artistPath, songwriterPath, forumPostPath } from './page-paths';
export const entryPath = (entry: Pick<EntryRef, 'id' | 'year'>) => `${yearPath(entry.year)}#${entryAnchorId(entry.id)}`;

/** The forum's URL parameters that open the new-post dialog as a lost-media hunt for an entry. */
export const HUNT_PARAMS = { open: 'ny', openValue: 'efterlysning', entry: 'bidrag' } as const;
/** "Saknas video? Starta en efterlysning": the forum with the new-post dialog open, in lost-media, about the entry. */
export const startHuntPath = (entryId: string) => `/forum?${HUNT_PARAMS.open}=${HUNT_PARAMS.openValue}&${HUNT_PARAMS.entry}=${encodeURIComponent(entryId)}`;

/** How an entry is named in one line: '2012 · Loreen – Euphoria'. */
export const entryLabel = (entry: Pick<EntryRef, 'year' | 'artist' | 'song'>) => `${entry.year} · ${entry.artist} – ${entry.song}`;
/** The title a new hunt for the entry starts with: 'Saknas: Loreen – Euphoria (2012)'. */
export const huntTitle = (entry: Pick<EntryRef, 'year' | 'artist' | 'song'>) =>
  cutToUnits(`Saknas: ${entry.artist} – ${entry.song} (${entry.year})`, FORUM_TITLE_MAX);

/** The calls of an entry's links (the lineup routes answer them). */
export const entryLinksApi = {
  links: route({ method: 'GET', path: '/api/entries/:id/links', response: EntryLinksSchema, summary: 'Ett bidrags videor och efterlysningar' }),
};
