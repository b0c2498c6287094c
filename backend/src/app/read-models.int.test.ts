import { allProjections, rebuildReadModels } from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { createTestDatabase } from '../../test/database';
import { appendGeneratedPosts } from '../../test/forum-fixtures';

const countEvents = async (backend: TestBackend) => backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events`);

describe('first start with an empty log', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let backend: TestBackend;

  beforeAll(async () => {
    database = await createTestDatabase();
    backend = await startTestBackend({ IMPORT_ARCHIVE: 'true' }, { database });
  });
  afterAll(async () => {
    await backend?.stop();
    await database?.drop();
  });

  it('imports every contest year, the videos and the articles as events', async () => {
    const client = new ApiClient(backend.url);
    const years = (await client.get('/api/years')).body as Array<Record<string, any>>;
    expect(years).toHaveLength(65);
    expect(years[0]!.year).toBe(2025);
    expect(years.at(-1)!.year).toBe(1958);
    const abba = (await client.get('/api/years/by-year/1974')).body;
    expect(abba).toMatchObject({ winner: 'ABBA', song: 'Waterloo', isClassic: true });
    expect(abba.description.length).toBeGreaterThan(100);
    expect(abba.sources.length).toBeGreaterThan(0);
    expect(
      years
        .filter((y) => y.isClassic)
        .map((y) => y.year)
        .sort(),
    ).toEqual([1974, 1984, 1991, 1999, 2012, 2015, 2023]);
    expect(await client.get('/api/years/by-year/1964')).toMatchObject({ status: 404, body: { error: 'Year not found' } });
    // A null in the checked facts stays empty, never a guess.
    expect((await client.get('/api/years/by-year/1958')).body).toMatchObject({ venue: '', city: '', host: '', date: '' });

    const videos = (await client.get('/api/videos')).body as Array<Record<string, any>>;
    expect(videos).toHaveLength(25);
    expect(videos.every((v) => /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/.test(v.videoUrl))).toBe(true);
    // No source gives a video's views (shared data: no such field): unknown, never 0 (product decision 11).
    expect(videos.map((v) => v.views)).toEqual(videos.map(() => null));
    const articles = (await client.get('/api/articles')).body as Array<Record<string, any>>;
    expect(new Set(articles.map((a) => a.category))).toEqual(new Set(['analysis', 'culture', 'tech', 'history']));
    expect(articles.some((a) => a.featured)).toBe(true);

    const [event] = await backend.store.readStream(`year-${abba.id}`);
    expect(event!.metadata.actor).toEqual({ type: 'system' });
  });

  it('adds nothing on a second start', async () => {
    const before = await countEvents(backend);
    await backend.close();
    backend = await startTestBackend({ IMPORT_ARCHIVE: 'true' }, { database });
    expect(await countEvents(backend)).toBe(before);
    expect((await new ApiClient(backend.url).get('/api/years')).body).toHaveLength(65);
  });

  it('rebuilds read models equal to the live-built ones', async () => {
    const admin = await adminClient(backend);
    const anonymous = new ApiClient(backend.url);
    const y1974 = (await anonymous.get('/api/years/by-year/1974')).body;
    await admin.put(`/api/years/${y1974.id}`, { facts: ['Ändrad fakta'] });
    const y1958 = (await anonymous.get('/api/years/by-year/1958')).body;
    await admin.delete(`/api/years/${y1958.id}`);
    // A backslash and a quote reach the audit history's label, which a rebuild writes with COPY (text format).
    await admin.post('/api/years', sampleYear({ year: 2026, winner: 'Test\\vinnare "AC\\DC"' }));
    // An entry edited, an act renamed and a source deleted after the import: their audit rows come from live events.
    const lineup2012 = (await anonymous.get('/api/years/by-year/2012/lineup')).body;
    const euphoria = lineup2012.shows
      .flatMap((show: { entries: Array<Record<string, any>> }) => show.entries)
      .find((entry: Record<string, any>) => entry.song === 'Euphoria');
    expect((await admin.put(`/api/entries/${euphoria.id}`, { notes: 'Ändrad efter importen' })).status).toBe(200);
    expect((await admin.put(`/api/artists/${euphoria.artistRef.id}`, { name: 'Loreen (Lorine Talhaoui)' })).status).toBe(200);
    const source = (await admin.post('/api/sources', { key: 'test-efter-import', description: 'Läggs till och tas bort' })).body;
    expect((await admin.delete(`/api/sources/${source.id}`)).status).toBe(200);
    // Songwriters are recomputed live from the credits an edit or a delete touches; a rebuild computes them once.
    const [euphoriaHit] = (await anonymous.get('/api/search/entries?q=euphoria')).body;
    await admin.put(`/api/entries/${euphoriaHit.id}`, { songwriters: ['Thomas G:son', 'Ny Låtskrivare (Nyan)'] });
    const [waterloo] = (await anonymous.get('/api/search/entries?q=waterloo')).body;
    expect((await admin.delete(`/api/entries/${waterloo.id}`)).status).toBe(200);
    // A deleted year restored keeps its first place (document_places), live and rebuilt alike.
    expect((await admin.post(`/api/admin/history/year/${y1958.id}/restore`, { revision: 0 })).status).toBe(200);
    // Forum posts from the log: the forum's projection applies page by page during the rebuild's one read.
    await appendGeneratedPosts(backend.store, 30);
    await backend.runner.catchUp();

    await rebuildReadModels({
      pool: backend.pool,
      connectionUri: backend.databaseUri,
      source: backend.store,
      projections: allProjections,
      buildSchema: 'rm_check',
      swap: false,
    });
    for (const table of [
      'years',
      'videos',
      'articles',
      'entries',
      'artists',
      'sources',
      'search_years',
      'search_videos',
      'search_articles',
      'search_entries',
      'search_artists',
      'search_songwriters',
      'forum_posts',
    ]) {
      const searchColumns = table.startsWith('search_') || table === 'forum_posts' ? sql.fragment`, names, body, tsv::text AS tsv` : sql.fragment``;
      const read = (schema: string) =>
        backend.pool.any(sql.type(z.object({ id: z.string(), created_position: z.string(), doc: z.unknown() }).passthrough())`
          SELECT id::text, created_position, doc ${searchColumns} FROM ${sql.identifier([schema, table])} ORDER BY id`);
      const [live, rebuilt] = await Promise.all([read('rm'), read('rm_check')]);
      expect(live.length, table).toBeGreaterThan(0);
      expect(rebuilt, table).toEqual(live);
    }
    const places = (schema: string) => backend.pool.any(sql.unsafe`SELECT * FROM ${sql.identifier([schema, 'document_places'])} ORDER BY id`);
    const [livePlaces, rebuiltPlaces] = await Promise.all([places('rm'), places('rm_check')]);
    expect(livePlaces.length).toBeGreaterThan(1000);
    expect(rebuiltPlaces).toEqual(livePlaces);
    const credits = (schema: string) =>
      backend.pool.any(sql.unsafe`SELECT * FROM ${sql.identifier([schema, 'search_songwriter_credits'])} ORDER BY entry_id, n`);
    const [liveCredits, rebuiltCredits] = await Promise.all([credits('rm'), credits('rm_check')]);
    expect(liveCredits.length).toBeGreaterThan(2000);
    expect(rebuiltCredits).toEqual(liveCredits);
    // The vocabulary a rebuild collects once at the end: the words of every row as it stands. The live one also
    // keeps words of rows since changed or deleted (a misspelling may still find them: harmless).
    const words = (schema: string) =>
      backend.pool.anyFirst(sql.type(z.object({ word: z.string() }))`SELECT word FROM ${sql.identifier([schema, 'search_words'])} ORDER BY word`);
    const [liveWords, rebuiltWords] = await Promise.all([words('rm'), words('rm_check')]);
    expect(rebuiltWords.length).toBeGreaterThan(1000);
    expect(rebuiltWords).toContain('samlare');
    expect(rebuiltWords.filter((word) => !liveWords.includes(word))).toEqual([]);
    const audit = (schema: string) => backend.pool.any(sql.unsafe`SELECT * FROM ${sql.identifier([schema, 'audit_events'])} ORDER BY position`);
    const [liveAudit, rebuiltAudit] = await Promise.all([audit('rm'), audit('rm_check')]);
    expect(liveAudit.length).toBeGreaterThan(100);
    expect(rebuiltAudit).toEqual(liveAudit);
    expect(rebuiltAudit.map((row) => row.label)).toContain('2026 – Test\\vinnare "AC\\DC"');
    // The lineups import's documents and the edits above are in the history, as the live runner wrote them.
    const kinds = new Set(rebuiltAudit.map((row) => row.kind));
    for (const kind of ['entry', 'artist', 'source']) expect(kinds, kind).toContain(kind);
    expect(rebuiltAudit.filter((row) => row.kind === 'entry').length).toBeGreaterThan(1000);
    expect(rebuiltAudit.filter((row) => row.item_id === euphoria.id).map((row) => [row.action, row.label])).toEqual([
      ['created', '2012 · Loreen – Euphoria'],
      // Its notes, then its songwriters.
      ['updated', '2012 · Loreen – Euphoria'],
      ['updated', '2012 · Loreen – Euphoria'],
    ]);
    expect(rebuiltAudit.filter((row) => row.item_id === source.id).map((row) => row.action)).toEqual(['created', 'deleted']);
    const lineupYears = (schema: string) => backend.pool.any(sql.unsafe`SELECT year, doc FROM ${sql.identifier([schema, 'lineup_years'])} ORDER BY year`);
    const [liveYears, rebuiltYears] = await Promise.all([lineupYears('rm'), lineupYears('rm_check')]);
    expect(liveYears.length).toBeGreaterThan(60);
    expect(rebuiltYears).toEqual(liveYears);
    const checkpoints = (schema: string) =>
      backend.pool.anyFirst(
        sql.type(z.object({ position: z.string().nullable() }))`SELECT position FROM ${sql.identifier([schema, 'checkpoints'])} ORDER BY projection`,
      );
    expect(await checkpoints('rm_check')).toEqual(await checkpoints('rm'));
    await backend.pool.query(sql.unsafe`DROP SCHEMA rm_check CASCADE`);
  });

  it('swaps a rebuild in while the API keeps answering, and the live runner carries on', async () => {
    const anonymous = new ApiClient(backend.url);
    const expected = (await anonymous.get('/api/years')).body;
    let reading = true;
    const statuses: number[] = [];
    const readers = Array.from({ length: 3 }, async () => {
      while (reading) {
        const reply = await anonymous.get('/api/years');
        statuses.push(reply.status);
        expect(reply.body).toEqual(expected);
      }
    });
    const progress: number[] = [];
    await rebuildReadModels({
      pool: backend.pool,
      connectionUri: backend.databaseUri,
      source: backend.store,
      projections: allProjections,
      batchSize: 20,
      onProgress: (p) => progress.push(p.events),
    });
    reading = false;
    await Promise.all(readers);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(progress.at(-1)).toBe(await countEvents(backend));

    const admin = await adminClient(backend);
    const created = await admin.post('/api/years', sampleYear({ year: 1964, winner: 'Efter bytet' }));
    expect(created.status).toBe(201);
    expect((await anonymous.get('/api/years/by-year/1964')).body.winner).toBe('Efter bytet');
  });
});
