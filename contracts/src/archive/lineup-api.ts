import { z } from 'zod';
import { DELETE_HEADERS, EDIT_HEADERS, ITEM_HEADERS } from '../http/concurrency';
import { DeletedSchema, route } from '../http/route';
import { entryLinksApi } from './entry-links';
import {
  ArtistDetailSchema,
  ArtistSummarySchema,
  LineupsExportSchema,
  SavedArtistSchema,
  SavedEntrySchema,
  SongwriterDetailSchema,
  SongwriterSummarySchema,
  SourceSchema,
  StatisticsSchema,
  YearLineupSchema,
} from './lineup-views';
import {
  ARTIST_FIELD_LABELS,
  ArtistCreateInputSchema,
  ArtistRenameInputSchema,
  ENTRY_FIELD_LABELS,
  EntryCreateInputSchema,
  EntryUpdateInputSchema,
  REORDER_FIELD_LABELS,
  ReorderInputSchema,
  SOURCE_FIELD_LABELS,
  SourceCreateInputSchema,
  SourceUpdateInputSchema,
} from './lineups';

/**
 * The calls of every entry of every year (docs/content.md, "API"): a year's lineup, the entries, artists,
 * songwriters and sources, the statistics and the open-data export. Reads are public; creates, updates, deletes
 * and the reorder are the administrator's (creates take an Idempotency-Key). A body's 400 names each field as the
 * admin form labels it (`labels`). An id or slug that cannot exist is a 404 with the resource's Swedish text,
 * as an unknown one is (the handlers check it, so the params are plain text here).
 */

export const lineupApi = {
  year: route({
    method: 'GET',
    path: '/api/years/by-year/:year/lineup',
    response: YearLineupSchema,
    summary: 'Ett års startfält, program för program (404 "Year not found" för ett år utanför arkivet)',
  }),
};

export const entryApi = {
  byId: route({ method: 'GET', path: '/api/entries/:id', response: SavedEntrySchema, summary: 'En post som den är lagrad', headers: ITEM_HEADERS }),
  links: entryLinksApi.links,
  create: route({
    method: 'POST',
    path: '/api/entries',
    body: EntryCreateInputSchema,
    response: SavedEntrySchema,
    status: 201,
    labels: ENTRY_FIELD_LABELS,
    summary: 'Lägger till en post (admin, Idempotency-Key)',
  }),
  update: route({
    method: 'PUT',
    path: '/api/entries/:id',
    body: EntryUpdateInputSchema,
    response: SavedEntrySchema,
    labels: ENTRY_FIELD_LABELS,
    summary: 'Ändrar en post: utelämnade fält behåller sitt värde, null tömmer (admin; If-Match: den version som öppnades, annars 412)',
    headers: EDIT_HEADERS,
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/entries/:id',
    response: DeletedSchema,
    summary: 'Tar bort en post (admin; If-Match: den version som öppnades, annars 412)',
    headers: DELETE_HEADERS,
  }),
  reorder: route({
    method: 'POST',
    path: '/api/entries/reorder',
    body: ReorderInputSchema,
    response: z.array(SavedEntrySchema),
    labels: REORDER_FIELD_LABELS,
    summary: 'Ny startordning för ett program: varje post i programmet, först till sist (admin)',
  }),
};

export const artistApi = {
  list: route({ method: 'GET', path: '/api/artists', response: z.array(ArtistSummarySchema), summary: 'Alla artister, efter namn' }),
  bySlug: route({
    method: 'GET',
    path: '/api/artists/:slug',
    response: ArtistDetailSchema,
    summary: 'En artist med bidrag, videor och trådar (ETag: artistens version)',
    headers: ITEM_HEADERS,
  }),
  create: route({
    method: 'POST',
    path: '/api/artists',
    body: ArtistCreateInputSchema,
    response: SavedArtistSchema,
    status: 201,
    labels: ARTIST_FIELD_LABELS,
    summary: 'Skapar en artist (admin, Idempotency-Key)',
  }),
  rename: route({
    method: 'PUT',
    path: '/api/artists/:id',
    body: ArtistRenameInputSchema,
    response: SavedArtistSchema,
    labels: ARTIST_FIELD_LABELS,
    summary: 'Byter namn på en artist: adressen består, det gamla namnet blir ett annat namn (admin; If-Match: den version som öppnades, annars 412)',
    headers: EDIT_HEADERS,
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/artists/:id',
    response: DeletedSchema,
    summary: 'Tar bort en artist utan bidrag (admin; If-Match: den version som öppnades, annars 412)',
    headers: DELETE_HEADERS,
  }),
};

/** Songwriters are derived from the entries' credits: no commands of their own. */
export const songwriterApi = {
  list: route({ method: 'GET', path: '/api/songwriters', response: z.array(SongwriterSummarySchema), summary: 'Alla låtskrivare' }),
  bySlug: route({ method: 'GET', path: '/api/songwriters/:slug', response: SongwriterDetailSchema, summary: 'En låtskrivare med bidrag' }),
};

export const sourceApi = {
  list: route({ method: 'GET', path: '/api/sources', response: z.array(SourceSchema), summary: 'Alla källor, efter nyckel' }),
  byKey: route({ method: 'GET', path: '/api/sources/:key', response: SourceSchema, summary: 'En källa efter nyckel', headers: ITEM_HEADERS }),
  create: route({
    method: 'POST',
    path: '/api/sources',
    body: SourceCreateInputSchema,
    response: SourceSchema,
    status: 201,
    labels: SOURCE_FIELD_LABELS,
    summary: 'Lägger till en källa (admin, Idempotency-Key)',
  }),
  update: route({
    method: 'PUT',
    path: '/api/sources/:id',
    body: SourceUpdateInputSchema,
    response: SourceSchema,
    labels: SOURCE_FIELD_LABELS,
    summary: 'Rättar en källas beskrivning (admin; If-Match: den version som öppnades, annars 412)',
    headers: EDIT_HEADERS,
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/sources/:id',
    response: DeletedSchema,
    summary: 'Tar bort en källa (admin; If-Match: den version som öppnades, annars 412)',
    headers: DELETE_HEADERS,
  }),
};

export const statisticsApi = {
  get: route({ method: 'GET', path: '/api/statistics', response: StatisticsSchema, summary: 'Arkivet i siffror' }),
};

/**
 * The open-data export (docs/open-data.md), answered as a download (Content-Disposition: attachment). The JSON
 * file is the schema's. The CSV file is not JSON: its contract's response is the CSV text (text/csv), which the
 * handler sets the type of and answers as a string, so the server's tests still check that a text is answered;
 * the client never parses it, it only links to it (`pathOf`).
 */
export const exportApi = {
  json: route({ method: 'GET', path: '/api/export/lineups.json', response: LineupsExportSchema, summary: 'Varje post som JSON-fil' }),
  csv: route({ method: 'GET', path: '/api/export/lineups.csv', response: z.string(), summary: 'Varje post som CSV-fil (text/csv, inte JSON)' }),
};
