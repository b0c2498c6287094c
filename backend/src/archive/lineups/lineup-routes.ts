import Router from '@koa/router';
import { idempotentCreate } from '../../http/idempotency';
import { answerCached, type ListCache } from '../../http/list-cache';
import {
  ARTIST_FIELD_LABELS,
  ArtistCreateInputSchema,
  ArtistRenameInputSchema,
  ENTRY_FIELD_LABELS,
  EntryCreateInputSchema,
  EntryUpdateInputSchema,
  NAME_SLUG_PATTERN,
  REORDER_FIELD_LABELS,
  ReorderInputSchema,
  SOURCE_FIELD_LABELS,
  SourceCreateInputSchema,
  SourceUpdateInputSchema,
} from '@mello/contracts';
import {
  artistDetailView,
  entryLinksView,
  lineupsExportView,
  listArtistsView,
  listSongwritersView,
  listSourcesView,
  songwriterDetailView,
  sourceByKeyView,
  statisticsView,
  yearLineupView,
} from '@mello/projections';
import type { Context } from 'koa';
import type { DatabasePool } from 'slonik';
import { requireAdmin } from '../../auth/guards';
import { commandContext } from '../../http/request-context';
import { isUuid, parseBody } from '../../http/validation';
import { AppError, NotFoundError } from '../../shared/errors';
import { ARTIST_NOT_FOUND } from './artist';
import { ENTRY_NOT_FOUND } from './entry';
import type { LineupServices } from './lineup-services';
import { lineupsCsv } from './lineups-csv';
import { SOURCE_NOT_FOUND } from './source';

export const SONGWRITER_NOT_FOUND = 'Låtskrivare hittades inte';

const known = (id: string | undefined, message: string) => {
  if (!id || !isUuid(id)) throw new NotFoundError(message);
  return id;
};
const slugParam = (ctx: Context, message: string) => {
  const slug = ctx.params.slug ?? '';
  if (!NAME_SLUG_PATTERN.test(slug) || slug.length > 300) throw new NotFoundError(message);
  return slug;
};

/**
 * Every entry of every year (docs/content.md, "API"): the year's lineup, artists, songwriters, sources,
 * statistics and the open-data export for everyone; entries, artists and sources as admin commands. The routes
 * only parse and answer: the rules are in the services and the read models' views.
 */
export function lineupRoutes(deps: { pool: DatabasePool; lists: ListCache; lineups: LineupServices }): Router {
  const { pool, lists, lineups } = deps;
  const router = new Router({ prefix: '/api' });
  // Creates take an Idempotency-Key (a retried or doubled submission makes one item).
  const idempotent = idempotentCreate(pool);

  router.get('/years/by-year/:year/lineup', async (ctx) => {
    const raw = ctx.params.year!;
    if (!/^\d{1,4}$/.test(raw)) throw new AppError(404, 'Year not found');
    // The JSON of a year's lineup is built once per read-model position (a few queries and the show grouping), not
    // per request. Keys are bounded by the four digits: an unknown year caches the text 'null'.
    const year = Number(raw);
    const cached = await lists.get(`lineup:${year}`, async () => JSON.stringify(await yearLineupView(pool, year)));
    if (cached.body.length === 4 && cached.body.toString() === 'null') throw new AppError(404, 'Year not found');
    answerCached(ctx, cached);
  });

  // Entries (admin).
  router.get('/entries/:id', async (ctx) => {
    const id = known(ctx.params.id, ENTRY_NOT_FOUND);
    const fields = await lineups.entries.current(id);
    if (!fields) throw new NotFoundError(ENTRY_NOT_FOUND);
    ctx.body = { id, ...fields };
  });
  /** Its videos and open lost-media hunts (docs/content.md, "Links between entries, videos and hunts"). */
  router.get('/entries/:id/links', async (ctx) => {
    const body = await entryLinksView(pool, known(ctx.params.id, ENTRY_NOT_FOUND));
    if (!body) throw new NotFoundError(ENTRY_NOT_FOUND);
    ctx.body = body;
  });
  router.post('/entries/reorder', requireAdmin, async (ctx) => {
    const input = parseBody(ReorderInputSchema, ctx.request.body, REORDER_FIELD_LABELS);
    ctx.body = await lineups.reorder(input, commandContext(ctx));
  });
  router.post('/entries', requireAdmin, idempotent, async (ctx) => {
    const input = parseBody(EntryCreateInputSchema, ctx.request.body, ENTRY_FIELD_LABELS);
    ctx.status = 201;
    ctx.body = await lineups.createEntry(input, commandContext(ctx));
  });
  router.put('/entries/:id', requireAdmin, async (ctx) => {
    const id = known(ctx.params.id, ENTRY_NOT_FOUND);
    ctx.body = await lineups.entries.update(id, parseBody(EntryUpdateInputSchema, ctx.request.body, ENTRY_FIELD_LABELS), commandContext(ctx));
  });
  router.delete('/entries/:id', requireAdmin, async (ctx) => {
    const id = known(ctx.params.id, ENTRY_NOT_FOUND);
    await lineups.entries.remove(id, commandContext(ctx));
    ctx.body = { id, deleted: true };
  });

  // Artists.
  router.get('/artists', async (ctx) => {
    ctx.body = await listArtistsView(pool);
  });
  router.get('/artists/:slug', async (ctx) => {
    const body = await artistDetailView(pool, slugParam(ctx, ARTIST_NOT_FOUND));
    if (!body) throw new NotFoundError(ARTIST_NOT_FOUND);
    ctx.body = body;
  });
  router.post('/artists', requireAdmin, idempotent, async (ctx) => {
    const input = parseBody(ArtistCreateInputSchema, ctx.request.body, ARTIST_FIELD_LABELS);
    ctx.status = 201;
    ctx.body = await lineups.createArtist(input, commandContext(ctx));
  });
  /** Rename: the slug stays, the old name becomes an alias. */
  router.put('/artists/:id', requireAdmin, async (ctx) => {
    const id = known(ctx.params.id, ARTIST_NOT_FOUND);
    const { name } = parseBody(ArtistRenameInputSchema, ctx.request.body, ARTIST_FIELD_LABELS);
    ctx.body = await lineups.renameArtist(id, name, commandContext(ctx));
  });
  router.delete('/artists/:id', requireAdmin, async (ctx) => {
    const id = known(ctx.params.id, ARTIST_NOT_FOUND);
    await lineups.deleteArtist(id, commandContext(ctx));
    ctx.body = { id, deleted: true };
  });

  // Songwriters (derived from the entries' credits: no commands of their own).
  router.get('/songwriters', async (ctx) => {
    ctx.body = await listSongwritersView(pool);
  });
  router.get('/songwriters/:slug', async (ctx) => {
    const body = await songwriterDetailView(pool, slugParam(ctx, SONGWRITER_NOT_FOUND));
    if (!body) throw new NotFoundError(SONGWRITER_NOT_FOUND);
    ctx.body = body;
  });

  // Sources.
  router.get('/sources', async (ctx) => {
    ctx.body = await listSourcesView(pool);
  });
  router.get('/sources/:key', async (ctx) => {
    const body = await sourceByKeyView(pool, String(ctx.params.key ?? '').slice(0, 300));
    if (!body) throw new NotFoundError(SOURCE_NOT_FOUND);
    ctx.body = body;
  });
  router.post('/sources', requireAdmin, idempotent, async (ctx) => {
    const fields = parseBody(SourceCreateInputSchema, ctx.request.body, SOURCE_FIELD_LABELS);
    ctx.status = 201;
    ctx.body = await lineups.sources.create(fields, commandContext(ctx));
  });
  router.put('/sources/:id', requireAdmin, async (ctx) => {
    const id = known(ctx.params.id, SOURCE_NOT_FOUND);
    ctx.body = await lineups.sources.update(id, parseBody(SourceUpdateInputSchema, ctx.request.body, SOURCE_FIELD_LABELS), commandContext(ctx));
  });
  router.delete('/sources/:id', requireAdmin, async (ctx) => {
    const id = known(ctx.params.id, SOURCE_NOT_FOUND);
    await lineups.sources.remove(id, commandContext(ctx));
    ctx.body = { id, deleted: true };
  });

  router.get('/statistics', async (ctx) => {
    ctx.body = await statisticsView(pool);
  });

  // Open data (docs/open-data.md).
  router.get('/export/lineups.json', async (ctx) => {
    ctx.set('Content-Disposition', 'attachment; filename="melloarkivet-lineups.json"');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(await lineupsExportView(pool));
  });
  router.get('/export/lineups.csv', async (ctx) => {
    ctx.set('Content-Disposition', 'attachment; filename="melloarkivet-lineups.csv"');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = lineupsCsv((await lineupsExportView(pool)).entries);
  });
  return router;
}
