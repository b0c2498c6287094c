import { ARTIST_THREADS_MAX, type ArtistThread, type ArtistVideo, type EntryLinks, type EntryRef, type Video, type VideoView } from '@mello/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { openHuntsForEntry, threadsForEntries } from '../forum/forum-queries';
import { LIVE_SCHEMA } from '../schema';
import { entryResult } from './lineup-views';
import { matchVideoEntry, videosOfEntries, type MatchCandidate } from './video-entry-match';
import type { EntryFields } from '@mello/contracts';

/**
 * Links between entries, videos and hunts (docs/content.md): computed when read from the entries, artists,
 * videos and forum_posts read models, so a renamed act, a new alias, an edited video or entry is reflected at
 * once and a rebuild has nothing extra to build. The rule is video-entry-match.ts.
 */
const t = (name: string) => sql.identifier([LIVE_SCHEMA, name]);

const candidateRow = z.object({ id: z.string(), doc: z.record(z.unknown()), artist_doc: z.record(z.unknown()).nullable() });

/** The entries of these years as match candidates, in the import's order (by their creation in the log). */
async function candidatesOfYears(db: CommonQueryMethods, years: readonly number[]): Promise<MatchCandidate[]> {
  if (years.length === 0) return [];
  const rows = await db.any(sql.type(candidateRow)`
    SELECT e.id::text AS id, e.doc, a.doc AS artist_doc
      FROM ${t('entries')} e LEFT JOIN ${t('artists')} a ON a.id = e.artist_id
     WHERE e.year = ANY(${sql.array([...new Set(years)], 'int4')})
     ORDER BY e.created_position`);
  return rows.map((row) => {
    const fields = row.doc as unknown as EntryFields;
    const act = row.artist_doc as { name?: string; slug?: string; aliases?: string[] } | null;
    return {
      id: row.id,
      year: fields.year,
      artist: fields.artist,
      song: fields.song,
      artistSlug: act?.slug ?? '',
      names: [fields.artist, ...(act?.name ? [act.name] : []), ...(act?.aliases ?? [])],
      result: entryResult(fields),
    };
  });
}

/** Each video with the entry it shows (or null). */
async function withEntries(db: CommonQueryMethods, videos: readonly Video[]): Promise<VideoView[]> {
  const candidates = await candidatesOfYears(
    db,
    videos.map((video) => video.year),
  );
  return videos.map((video) => ({ ...video, entry: matchVideoEntry(video, candidates) }));
}

const docRow = z.object({ doc: z.record(z.unknown()) });

/** GET /api/videos: every video in the order they were added, each with its `entry`. */
export async function listVideosJson(db: CommonQueryMethods): Promise<string> {
  const rows = await db.anyFirst(sql.type(docRow)`SELECT doc FROM ${t('videos')} ORDER BY created_position`);
  return JSON.stringify(await withEntries(db, rows as unknown as Video[]));
}

/** The video as stored with its `entry` (what a video command answers). */
export async function withEntry(db: CommonQueryMethods, video: Video): Promise<VideoView> {
  const [view] = await withEntries(db, [video]);
  return view!;
}

/** GET /api/videos/{id}: the video with its `entry`, or null. */
export async function videoByIdJson(db: CommonQueryMethods, id: string): Promise<string | null> {
  const doc = await db.maybeOneFirst(sql.type(docRow)`SELECT doc FROM ${t('videos')} WHERE id = ${id}`);
  if (doc === null) return null;
  return JSON.stringify(await withEntry(db, doc as unknown as Video));
}

const docWithRevision = z.object({ doc: z.unknown(), revision: z.number() });

/** GET /api/videos/{id} with the video's stream revision (its ETag), read from the same row; null when unknown. */
export async function videoByIdWithRevision(db: CommonQueryMethods, id: string): Promise<{ body: string; revision: number } | null> {
  const row = await db.maybeOne(sql.type(docWithRevision)`SELECT doc, revision FROM ${t('videos')} WHERE id = ${id}`);
  if (row === null) return null;
  return { body: JSON.stringify(await withEntry(db, row.doc as Video)), revision: row.revision };
}

const refRow = z.object({ id: z.string(), year: z.number(), artist: z.string(), song: z.string(), artistSlug: z.string() });

/** An entry as others point at it, or null when there is no such entry. */
export async function entryRefView(db: CommonQueryMethods, id: string): Promise<EntryRef | null> {
  const row = await db.maybeOne(sql.type(refRow)`
    SELECT e.id::text AS id, e.year, e.doc->>'artist' AS artist, e.doc->>'song' AS song, coalesce(a.slug, '') AS "artistSlug"
      FROM ${t('entries')} e LEFT JOIN ${t('artists')} a ON a.id = e.artist_id
     WHERE e.id = ${id}`);
  return row ? { ...row } : null;
}

/**
 * GET /api/entries/{id}/links: the entry, the videos that match it (the same rule as a video's `entry`: a video
 * of its year whose best match among all that year's entries is this one) and its open hunts; null when unknown.
 */
export async function entryLinksView(db: CommonQueryMethods, id: string): Promise<EntryLinks | null> {
  const entry = await entryRefView(db, id);
  if (!entry) return null;
  const [videoDocs, candidates, hunts] = await Promise.all([
    db.anyFirst(sql.type(docRow)`SELECT doc FROM ${t('videos')} WHERE year = ${entry.year} ORDER BY created_position`),
    candidatesOfYears(db, [entry.year]),
    openHuntsForEntry(db, id),
  ]);
  const videos = videosOfEntries(videoDocs as unknown as Video[], candidates, new Set([id])).map(({ video }) => video);
  return { entry, videos, hunts };
}

/**
 * The artist page's media: the videos that show one of the act's entries (the same rule as a video's `entry`),
 * by year then as added, and the newest forum posts naming one of them. Three queries, whatever the act's size.
 */
export async function artistMediaView(
  db: CommonQueryMethods,
  entries: ReadonlyArray<{ id: string; year: number }>,
): Promise<{ videos: ArtistVideo[]; threads: ArtistThread[] }> {
  if (entries.length === 0) return { videos: [], threads: [] };
  const years = [...new Set(entries.map((entry) => entry.year))];
  const [videoDocs, candidates, threads] = await Promise.all([
    db.anyFirst(sql.type(docRow)`
      SELECT doc FROM ${t('videos')} WHERE year = ANY(${sql.array(years, 'int4')}) ORDER BY year, created_position`),
    candidatesOfYears(db, years),
    threadsForEntries(
      db,
      entries.map((entry) => entry.id),
      ARTIST_THREADS_MAX,
    ),
  ]);
  const videos = videosOfEntries(videoDocs as unknown as Video[], candidates, new Set(entries.map((entry) => entry.id)));
  return {
    videos: videos.map(({ video, entryId }) => ({ id: video.id, title: video.title, year: video.year, videoUrl: video.videoUrl, entryId })),
    threads,
  };
}
