import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBackend, type TestBackend } from '../../../test/harness';
import { createTestDatabase } from '../../../test/database';

// The project's own copy (never /work/shared at test time).
const dataFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../archive-import/data/lineups.json');
const data = JSON.parse(readFileSync(dataFile, 'utf8')) as {
  sourceKeys: Record<string, string>;
  years: Array<{ year: number; entries: Array<Record<string, any>> }>;
  noContest: Array<{ year: number }>;
};
const countEvents = async (backend: TestBackend) => backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events`);

/** A tiny RFC 4180 reader: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let backend: TestBackend;
let client: ApiClient;

beforeAll(async () => {
  database = await createTestDatabase();
  backend = await startTestBackend({ IMPORT_ARCHIVE: 'true' }, { database });
  client = new ApiClient(backend.url);
}, 180_000);
afterAll(async () => {
  await backend?.stop();
  await database?.drop();
});

describe('the lineups import', () => {
  it('brings every entry of the data file, per year, and the three years without a contest have none', async () => {
    const statistics = (await client.get('/api/statistics')).body;
    expect(statistics.entryCount).toBe(1099);
    const expected = data.years.map((year) => ({ year: year.year, entryCount: year.entries.length }));
    expect(statistics.entriesPerYear).toEqual(expected);
    for (const { year } of data.noContest) {
      expect((await client.get(`/api/years/by-year/${year}/lineup`)).status).toBe(404);
    }
    expect((await client.get('/api/sources')).body).toHaveLength(Object.keys(data.sourceKeys).length);
  });

  it("appends the entries in the data file's order, 500 streams a transaction (the store's bulk path)", async () => {
    const logged = await backend.pool.any(
      sql.type(z.object({ year: z.number(), song: z.string(), xid: z.string() }))`
        SELECT (data->'fields'->>'year')::int AS year, data->'fields'->>'song' AS song, transaction_id::text AS xid
          FROM es.events WHERE event_type = 'EntryCreated' ORDER BY transaction_id, global_position`,
    );
    expect(logged.map(({ year, song }) => `${year} ${song}`)).toEqual(data.years.flatMap((year) => year.entries.map((entry) => `${year.year} ${entry.song}`)));
    // The entries and their reservations are about 3,850 streams: a few transactions of 500, not one per stream.
    expect(new Set(logged.map(({ xid }) => xid)).size).toBeLessThanOrEqual(Math.ceil(3_900 / 500) + 1);
  });

  it('appends nothing on a second start', async () => {
    const before = await countEvents(backend);
    await backend.close();
    backend = await startTestBackend({ IMPORT_ARCHIVE: 'true' }, { database });
    client = new ApiClient(backend.url);
    expect(await countEvents(backend)).toBe(before);
  });
});

describe('the read APIs on the imported archive', () => {
  it('serves a heats year by show, with badges, sources and nulls kept null', async () => {
    const reply = await client.get('/api/years/by-year/2012/lineup');
    expect(reply.status).toBe(200);
    const lineup = reply.body;
    expect(lineup.entryCount).toBe(32);
    expect(lineup.shows.map((show: any) => show.name)).toEqual(['Deltävling 1', 'Deltävling 2', 'Deltävling 3', 'Deltävling 4', 'Andra chansen', 'Final']);
    const final = lineup.shows.at(-1);
    const winner = final.entries.find((entry: any) => entry.result === 'winner');
    expect(winner).toMatchObject({ artist: 'Loreen', song: 'Euphoria', finalPlace: 1, artistRef: { slug: 'loreen' } });
    expect(winner.sources[0]).toEqual({ key: expect.any(String), description: expect.any(String) });
    expect(final.entries.map((e: any) => e.finalRunningOrder)).toEqual(
      [...final.entries.map((e: any) => e.finalRunningOrder)].sort((a: number, b: number) => a - b),
    );
  });

  it('keeps unknown points null, never 0, and leaves them out of the records', async () => {
    const lineup = (await client.get('/api/years/by-year/1981/lineup')).body;
    expect(lineup.shows).toHaveLength(1);
    const rocky = lineup.shows[0].entries.find((e: any) => e.song === 'Rocky Mountain');
    expect(rocky.juryPoints).toBeNull();
    expect(rocky.televotePoints).toBeNull();
    expect(rocky.finalPoints).toBe(50);
    const statistics = (await client.get('/api/statistics')).body;
    expect(statistics.highestFinalPoints.every((row: any) => typeof row.finalPoints === 'number' && row.finalPoints > 0)).toBe(true);
  });

  it("ranks final points without 1962's postcard votes: ABBA's 302 in 1974 heads it, the votes stay on the year's page", async () => {
    const statistics = (await client.get('/api/statistics')).body;
    expect(statistics.highestFinalPoints).toHaveLength(10);
    expect(statistics.highestFinalPoints.map((row: any) => row.year)).not.toContain(1962);
    expect(statistics.highestFinalPoints[0]).toMatchObject({ year: 1974, artist: 'ABBA', finalPoints: 302 });
    const final1962 = (await client.get('/api/years/by-year/1962/lineup')).body.shows[0].entries;
    expect(Math.max(...final1962.map((entry: any) => entry.finalPoints))).toBe(102327);
  });

  it('carries every value of a dispute with its sources', async () => {
    const lineup = (await client.get('/api/years/by-year/1984/lineup')).body;
    const entry = lineup.shows.flatMap((s: any) => s.entries).find((e: any) => e.disputed.some((d: any) => d.field === 'artist'));
    const dispute = entry.disputed.find((d: any) => d.field === 'artist');
    expect(dispute.values).toEqual(['Rosa Körberg', 'Caron Tetsill']);
    expect(dispute.sources.map((s: any) => s.key)).toEqual(['nat84', 'kk84']);
    expect(dispute.sources[0].description).toEqual(expect.any(String));
  });

  it('makes one artist of an act across decades, with its other billings as aliases', async () => {
    const carola = (await client.get('/api/artists/carola-haggkvist')).body;
    expect(carola.name).toBe('Carola Häggkvist');
    expect(carola.aliases).toContain('Carola');
    expect(carola.entries.map((e: any) => e.year)).toEqual([1983, 1990, 1991, 2006]);
    expect(carola.wins).toBe(3);
    expect(carola.bestFinalPlace).toBe(1);
    expect(await client.get('/api/artists/finns-inte')).toMatchObject({ status: 404, body: { error: 'Artist hittades inte' } });
    const list = (await client.get('/api/artists')).body;
    expect(list.some((a: any) => a.slug === 'carola-haggkvist' && a.entryCount === 4)).toBe(true);
  });

  it("lists the act's videos (each with its entry) and the forum posts naming its entries, open and solved, newest first", async () => {
    const before = (await client.get('/api/artists/loreen')).body;
    const entryOf = (year: number) => before.entries.find((e: any) => e.year === year).id as string;
    expect(before.videos.map((v: any) => [v.title, v.year, v.entryId])).toEqual([
      ['Euphoria', 2012, entryOf(2012)],
      ['Tattoo', 2023, entryOf(2023)],
    ]);
    expect(before.videos[0].videoUrl).toBe('https://www.youtube.com/watch?v=Pfo-8z86x80');
    // Another act's page has none of them.
    expect((await client.get('/api/artists/carola-haggkvist')).body.videos.map((v: any) => v.title)).not.toContain('Euphoria');

    const member = new ApiClient(backend.url);
    await member.register('loreen-fan@example.se');
    const hunt = await member.post('/api/forum/posts', {
      title: 'Saknas: Loreen – Euphoria (2012)',
      content: 'Någon som har deltävlingen inspelad?',
      category: 'lost-media',
      year: 2012,
      entryId: entryOf(2012),
    });
    expect(hunt.status).toBe(201);
    expect((await member.put(`/api/forum/posts/${hunt.body.id}`, { status: 'solved' })).status).toBe(200);
    const tip = await member.post('/api/forum/posts', {
      title: 'Tips om Tattoo',
      content: 'Repetitionen finns på SVT Play.',
      category: 'tips',
      year: 2023,
      entryId: entryOf(2023),
    });
    await member.post('/api/forum/posts', { title: 'Om Loreen allmänt', content: 'En tråd som inte nämner något bidrag.', category: 'general' });
    const threads = (await client.get('/api/artists/loreen')).body.threads;
    expect(threads).toEqual([
      { id: tip.body.id, title: 'Tips om Tattoo', category: 'tips', status: 'active', createdAt: tip.body.createdAt, repliesCount: 0, entryId: entryOf(2023) },
      {
        id: hunt.body.id,
        title: 'Saknas: Loreen – Euphoria (2012)',
        category: 'lost-media',
        status: 'solved',
        createdAt: hunt.body.createdAt,
        repliesCount: 0,
        entryId: entryOf(2012),
      },
    ]);
    expect((await client.get('/api/artists/carola-haggkvist')).body.threads).toEqual([]);
  });

  it('serves songwriters by slug, a stage name in parentheses as an alias', async () => {
    const list = (await client.get('/api/songwriters')).body;
    expect(list.length).toBeGreaterThan(1000);
    const samadi = (await client.get('/api/songwriters/sean-samadi')).body;
    expect(samadi.aliases).toContain('Sean Banan');
    expect(samadi.entries.length).toBeGreaterThan(0);
    expect(await client.get('/api/songwriters/finns-inte')).toMatchObject({ status: 404, body: { error: 'Låtskrivare hittades inte' } });
  });

  it('exports 1,099 rows as JSON and as CSV that parses back to the same values', async () => {
    const json = await client.get('/api/export/lineups.json');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toContain('melloarkivet-lineups.json');
    expect(json.body.entries).toHaveLength(1099);
    const csv = await client.get('/api/export/lineups.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('melloarkivet-lineups.csv');
    const [header, ...rows] = parseCsv(csv.text);
    expect(rows).toHaveLength(1099);
    const column = (name: string) => header!.indexOf(name);
    rows.forEach((row, i) => {
      const entry = json.body.entries[i];
      expect(row).toHaveLength(header!.length);
      expect(row[column('id')]).toBe(entry.id);
      expect(row[column('artist')]).toBe(entry.artist);
      expect(row[column('song')]).toBe(entry.song);
      expect(row[column('notes')]).toBe(entry.notes ?? '');
      expect(row[column('final_points')]).toBe(entry.finalPoints === null ? '' : String(entry.finalPoints));
      expect(row[column('songwriters')]).toBe(entry.songwriters.join('; '));
    });
  });
});
