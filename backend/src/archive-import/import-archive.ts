import { EventName, ArticleCreateInputSchema, SYSTEM_ACTOR, VideoCreateInputSchema, YearCreateInputSchema } from '@mello/contracts';
import type { z } from 'zod';
import type { ArchiveServices } from '../archive/archive-services';
import { withSlug } from '../archive/articles/article';
import type { EventStore } from '../event-store/port';
import { appendDecision, type CommandContext } from '../shared/command-handler';
import { ConflictError } from '../shared/errors';
import { uuidFromName } from '../shared/uuid';
import { importLineups } from './import-lineups';
// Imported rather than read from disk beside this file, so the bundled server (dist/server) carries the data too.
import articlesData from './data/articles.json';
import videosData from './data/videos.json';
import yearsData from './data/years.json';

export const IMPORT_STREAM = 'system-archive-import';
export const ARCHIVE_DATA_VERSION = '2026-11-archive-v1';

/** The checked archive content shipped with the project (see docs/content.md for where it comes from). */
export function archiveContent() {
  return {
    years: (yearsData as unknown[]).map((row) => YearCreateInputSchema.parse(row)),
    videos: (videosData as unknown[]).map((row) => VideoCreateInputSchema.parse(row)),
    articles: (articlesData as unknown[]).map((row) => withSlug(ArticleCreateInputSchema.parse(row))),
  };
}

/** One command of the import, unless the start-up is being stopped. */
async function createOnce<F>(signal: AbortSignal | undefined, create: () => Promise<F>): Promise<void> {
  signal?.throwIfAborted();
  try {
    await create();
  } catch (error) {
    // Created by an earlier, interrupted import (same deterministic id or key): nothing to do.
    if (!(error instanceof ConflictError)) throw error;
  }
}

/**
 * On a first start with an empty log, the archive is written as ordinary commands by the system actor. The
 * marker stream makes a second start add nothing, and deterministic ids make an interrupted import resumable:
 * `signal` (a stop while starting) ends it between two commands, and the next start goes on from there.
 */
export async function importArchive(
  store: EventStore,
  services: ArchiveServices,
  { signal, log }: { signal?: AbortSignal; log?: (message: string) => void } = {},
): Promise<{ imported: boolean; counts?: Record<string, number> }> {
  const started = performance.now();
  const archive = await importYearsVideosArticles(store, services, signal, log);
  const between = performance.now();
  signal?.throwIfAborted();
  // After the years: every entry belongs to one. Its own marker, so an archive imported before the lineups existed gets them.
  const lineups = await importLineups(store, services.lineups);
  if (!archive.imported && !lineups.imported) return { imported: false };
  const ms = (from: number, to: number) => Math.round(to - from);
  return { imported: true, counts: { ...archive.counts, ...lineups.counts, archiveMs: ms(started, between), lineupsMs: ms(between, performance.now()) } };
}

async function importYearsVideosArticles(
  store: EventStore,
  services: ArchiveServices,
  signal: AbortSignal | undefined,
  log: ((message: string) => void) | undefined,
): Promise<{ imported: boolean; counts?: Record<string, number> }> {
  if ((await store.readStream(IMPORT_STREAM)).length > 0) return { imported: false };
  log?.('Importing the archive: years, videos and articles');
  const content = archiveContent();
  const context: CommandContext = { actor: SYSTEM_ACTOR, correlationId: `archive-import-${ARCHIVE_DATA_VERSION}`, causationId: null };

  for (const fields of content.years) {
    await createOnce(signal, () => services.years.create(fields as z.output<typeof YearCreateInputSchema>, context, uuidFromName(`year:${fields.year}`)));
  }
  for (const fields of content.videos) {
    await createOnce(signal, () => services.videos.create(fields, context, uuidFromName(`video:${fields.videoUrl}`)));
  }
  for (const fields of content.articles) {
    await createOnce(signal, () => services.articles.create(fields, context, uuidFromName(`article:${fields.slug}`)));
  }
  const counts = { years: content.years.length, videos: content.videos.length, articles: content.articles.length };
  try {
    await appendDecision(
      store,
      IMPORT_STREAM,
      [{ type: EventName.ArchiveImported, data: { dataVersion: ARCHIVE_DATA_VERSION, ...counts } }],
      'no_stream',
      context,
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  return { imported: true, counts };
}
