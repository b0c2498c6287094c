import Router from '@koa/router';
import { artistApi, entryApi, exportApi, lineupApi, NAME_SLUG_PATTERN, songwriterApi, sourceApi, statisticsApi, canonicalUuid } from '@mello/contracts';
import {
  artistDetailWithRevision,
  entryByIdWithRevision,
  entryLinksView,
  lineupsExportView,
  listArtistsView,
  listSongwritersView,
  listSourcesView,
  songwriterDetailView,
  sourceByKeyWithRevision,
  statisticsView,
  yearLineupView,
} from '@mello/projections';
import type { Context } from 'koa';
import type { DatabasePool } from 'slonik';
import { requireAdmin } from '../../auth/guards';
import { expectedRevisionOf, setRevisionETag, updateIfMatch } from '../../http/concurrency';
import { checkedInTests, jsonText, on } from '../../http/contract-routes';
import { idempotentCreate } from '../../http/idempotency';
import { answerCached, type ListCache } from '../../http/list-cache';
import { commandContext } from '../../http/request-context';
import { AppError, NotFoundError } from '../../shared/errors';
import { ARTIST_NOT_FOUND } from './artist';
import { ENTRY_NOT_FOUND } from './entry';
import type { LineupServices } from './lineup-services';
import { lineupsCsv } from './lineups-csv';
import { SOURCE_NOT_FOUND } from './source';

export const SONGWRITER_NOT_FOUND = 'Låtskrivare hittades inte';

/** An id that cannot exist is as unknown as one that does not: the same 404. Read in lower case (canonicalUuid). */
const known = (given: string, message: string) => {
  const id = canonicalUuid(given);
  if (id === null) throw new NotFoundError(message);
  return id;
};
const knownSlug = (slug: string, message: string) => {
  if (!NAME_SLUG_PATTERN.test(slug) || slug.length > 300) throw new NotFoundError(message);
  return slug;
};
const found = <T>(value: T | null, message: string): T => {
  if (value === null) throw new NotFoundError(message);
  return value;
};

/** A download of the open-data export (docs/open-data.md). */
const attachment = (ctx: Context, filename: string, type: string) => {
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.type = type;
};

/**
 * Every entry of every year (docs/content.md, "API"), registered from the contracts of
 * contracts/src/archive/lineup-api.ts: the year's lineup, artists, songwriters, sources, statistics and the
 * open-data export for everyone; entries, artists and sources as admin commands. The routes only parse and
 * answer: the rules are in the services and the read models' views.
 */
export function lineupRoutes(deps: { pool: DatabasePool; lists: ListCache; lineups: LineupServices }): Router {
  const { pool, lists, lineups } = deps;
  const router = new Router();
  // Creates take an Idempotency-Key (a retried or doubled submission makes one item).
  const idempotent = idempotentCreate(pool);

  on(router, lineupApi.year, async ({ params }, ctx) => {
    // The client recognises exactly this text (spec section 8).
    if (!/^\d{1,4}$/.test(params.year)) throw new AppError(404, 'Year not found');
    // The JSON of a year's lineup is built once per read-model position (a few queries and the show grouping), not
    // per request. Keys are bounded by the four digits: an unknown year caches the text 'null'.
    const year = Number(params.year);
    const cached = await lists.get(`lineup:${year}`, async () => {
      const view = await yearLineupView(pool, year);
      return JSON.stringify(view === null ? null : checkedInTests(lineupApi.year, view));
    });
    if (cached.body.length === 4 && cached.body.toString() === 'null') throw new AppError(404, 'Year not found');
    answerCached(ctx, cached);
    return undefined;
  });

  // Entries (admin). The single reads answer the document's stream revision as ETag; PUT and DELETE take it back
  // in If-Match (a save in between makes them a 412: docs/event-sourcing.md, "Edits across requests").
  on(router, entryApi.byId, async ({ params }, ctx) => {
    const entry = found(await entryByIdWithRevision(pool, known(params.id, ENTRY_NOT_FOUND)), ENTRY_NOT_FOUND);
    setRevisionETag(ctx, entry.revision);
    return jsonText(entry.body);
  });
  /** Its videos and open lost-media hunts (docs/content.md, "Links between entries, videos and hunts"). */
  on(router, entryApi.links, async ({ params }) => found(await entryLinksView(pool, known(params.id, ENTRY_NOT_FOUND)), ENTRY_NOT_FOUND));
  on(router, entryApi.reorder, requireAdmin, async ({ body }, ctx) => lineups.reorder(body, commandContext(ctx)));
  on(router, entryApi.create, requireAdmin, idempotent, async ({ body }, ctx) => lineups.createEntry(body, commandContext(ctx)));
  on(router, entryApi.update, requireAdmin, async ({ params, body }, ctx) => {
    const id = known(params.id, ENTRY_NOT_FOUND);
    return updateIfMatch(ctx, (expected) => lineups.entries.updateAt(id, body, commandContext(ctx), expected));
  });
  on(router, entryApi.remove, requireAdmin, async ({ params }, ctx) => {
    const id = known(params.id, ENTRY_NOT_FOUND);
    await lineups.entries.remove(id, commandContext(ctx), undefined, expectedRevisionOf(ctx));
    return { id, deleted: true as const };
  });

  // Artists.
  on(router, artistApi.list, () => listArtistsView(pool));
  on(router, artistApi.bySlug, async ({ params }, ctx) => {
    const artist = found(await artistDetailWithRevision(pool, knownSlug(params.slug, ARTIST_NOT_FOUND)), ARTIST_NOT_FOUND);
    setRevisionETag(ctx, artist.revision);
    return artist.view;
  });
  on(router, artistApi.create, requireAdmin, idempotent, async ({ body }, ctx) => lineups.createArtist(body, commandContext(ctx)));
  /** Rename: the slug stays, the old name becomes an alias. */
  on(router, artistApi.rename, requireAdmin, async ({ params, body }, ctx) => {
    const id = known(params.id, ARTIST_NOT_FOUND);
    return updateIfMatch(ctx, (expected) => lineups.renameArtist(id, body.name, commandContext(ctx), expected));
  });
  on(router, artistApi.remove, requireAdmin, async ({ params }, ctx) => {
    const id = known(params.id, ARTIST_NOT_FOUND);
    await lineups.deleteArtist(id, commandContext(ctx), expectedRevisionOf(ctx));
    return { id, deleted: true as const };
  });

  // Songwriters (derived from the entries' credits: no commands of their own).
  on(router, songwriterApi.list, () => listSongwritersView(pool));
  on(router, songwriterApi.bySlug, async ({ params }) =>
    found(await songwriterDetailView(pool, knownSlug(params.slug, SONGWRITER_NOT_FOUND)), SONGWRITER_NOT_FOUND),
  );

  // Sources.
  on(router, sourceApi.list, () => listSourcesView(pool));
  on(router, sourceApi.byKey, async ({ params }, ctx) => {
    const source = found(await sourceByKeyWithRevision(pool, params.key.slice(0, 300)), SOURCE_NOT_FOUND);
    setRevisionETag(ctx, source.revision);
    return source.source;
  });
  on(router, sourceApi.create, requireAdmin, idempotent, async ({ body }, ctx) => lineups.sources.create(body, commandContext(ctx)));
  on(router, sourceApi.update, requireAdmin, async ({ params, body }, ctx) => {
    const id = known(params.id, SOURCE_NOT_FOUND);
    return updateIfMatch(ctx, (expected) => lineups.sources.updateAt(id, body, commandContext(ctx), expected));
  });
  on(router, sourceApi.remove, requireAdmin, async ({ params }, ctx) => {
    const id = known(params.id, SOURCE_NOT_FOUND);
    await lineups.sources.remove(id, commandContext(ctx), undefined, expectedRevisionOf(ctx));
    return { id, deleted: true as const };
  });

  on(router, statisticsApi.get, () => statisticsView(pool));

  // Open data (docs/open-data.md): downloads. The CSV is text, answered as a string of the type set here.
  on(router, exportApi.json, async (_request, ctx) => {
    attachment(ctx, 'melloarkivet-lineups.json', 'application/json; charset=utf-8');
    return lineupsExportView(pool);
  });
  on(router, exportApi.csv, async (_request, ctx) => {
    attachment(ctx, 'melloarkivet-lineups.csv', 'text/csv; charset=utf-8');
    return lineupsCsv((await lineupsExportView(pool)).entries);
  });
  return router;
}
