import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleYear, startTestBackend, type TestBackend } from '../../../test/harness';

let backend: TestBackend;
let admin: ApiClient;
let anonymous: ApiClient;
let artistId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  anonymous = new ApiClient(backend.url);
  await admin.post('/api/years', sampleYear({ year: 2012, winner: 'Loreen', song: 'Euphoria' }));
  artistId = (await admin.post('/api/artists', { name: 'Loreen' })).body.id;
});
afterAll(async () => {
  await backend?.stop();
});

const entry = (overrides: Record<string, unknown> = {}) => ({ year: 2012, artistId, song: 'Euphoria', heat: 1, runningOrder: 1, ...overrides });
const lineup = async () => (await anonymous.get('/api/years/by-year/2012/lineup')).body;

describe('entry commands', () => {
  it('creates an entry billed with the act name, unknown values null (never 0)', async () => {
    const reply = await admin.post('/api/entries', entry());
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ artist: 'Loreen', finalPoints: null, juryPoints: null, heatPlace: null });
    const shows = (await lineup()).shows;
    expect(shows[0].entries[0]).toMatchObject({ song: 'Euphoria', finalPoints: null, artistRef: { slug: 'loreen' } });
  });

  it.each([
    [{ runningOrder: 'tre' }, 'Startnummer (runningOrder)'],
    [{ song: '' }, 'Låt (song)'],
    [{ heatResult: 'kanske' }, 'Resultat i deltävlingen (heatResult)'],
    [{ finalPoints: -5 }, 'Poäng i finalen (finalPoints)'],
  ])('refuses %j with a 400 naming the field in Swedish', async (change, label) => {
    const reply = await admin.post('/api/entries', entry({ runningOrder: 5, ...change }));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain(label);
  });

  it.each([
    ['POST', '/api/artists', { name: '  ' }, 'Namn (name)'],
    ['PUT', '/api/artists/{artist}', { name: '' }, 'Namn (name)'],
    ['POST', '/api/sources', { key: 'två ord', description: 'Wikipedia' }, 'Källnyckel (key)'],
    ['POST', '/api/sources', { key: 'sv12' }, 'Beskrivning (description)'],
    ['POST', '/api/entries/reorder', { year: 2012, show: 'semifinal', entryIds: [] }, 'Program (show)'],
  ])('%s %s refuses %j with a 400 naming the field as the admin form labels it, and changes nothing', async (method, path, body, label) => {
    const before = [(await anonymous.get('/api/artists')).body, (await anonymous.get('/api/sources')).body, await lineup()];
    const reply = await admin.request(method, path.replace('{artist}', artistId), { json: body });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain(label);
    expect([(await anonymous.get('/api/artists')).body, (await anonymous.get('/api/sources')).body, await lineup()]).toEqual(before);
  });

  it("answers an id or slug that cannot exist as unknown (404 with the resource's text), not as a bad request", async () => {
    expect(await anonymous.get('/api/entries/inte-ett-id')).toMatchObject({ status: 404, body: { error: 'Posten hittades inte' } });
    expect(await admin.put('/api/sources/inte-ett-id', { description: 'x' })).toMatchObject({ status: 404, body: { error: 'Källan hittades inte' } });
    expect(await anonymous.get('/api/artists/Inte%20En%20Slug')).toMatchObject({ status: 404, body: { error: 'Artist hittades inte' } });
    expect(await anonymous.get('/api/songwriters/okand')).toMatchObject({ status: 404, body: { error: 'Låtskrivare hittades inte' } });
    expect(await anonymous.get('/api/years/by-year/20x2/lineup')).toMatchObject({ status: 404, body: { error: 'Year not found' } });
  });

  it('refuses a second entry at the same running order of the same show (409), allows it in another heat', async () => {
    const before = (await lineup()).entryCount;
    const taken = await admin.post('/api/entries', entry({ song: 'Annan' }));
    expect(taken.status).toBe(409);
    expect((await lineup()).entryCount).toBe(before);
    expect((await admin.post('/api/entries', entry({ song: 'Annan', heat: 2 }))).status).toBe(201);
  });

  it('answers 404 for an unknown year or artist', async () => {
    expect((await admin.post('/api/entries', entry({ year: 1964, runningOrder: 9 }))).status).toBe(404);
    const unknownArtist = await admin.post('/api/entries', entry({ artistId: '00000000-0000-4000-8000-000000000000', runningOrder: 9 }));
    expect(unknownArtist).toMatchObject({ status: 404, body: { error: 'Artist hittades inte' } });
  });

  it('refuses commands from visitors (401) and members (403)', async () => {
    expect((await anonymous.post('/api/entries', entry({ runningOrder: 7 }))).status).toBe(401);
    const member = new ApiClient(backend.url);
    await member.register('medlem@example.se');
    expect((await member.post('/api/entries', entry({ runningOrder: 7 }))).status).toBe(403);
    expect((await member.post('/api/artists', { name: 'X' })).status).toBe(403);
  });

  it('edits (null clears), reorders a show, and loses no concurrent edit', async () => {
    const [first] = (await lineup()).shows[0].entries;
    const second = (await admin.post('/api/entries', entry({ song: 'Tvåa', runningOrder: 2 }))).body;
    const edited = await admin.put(`/api/entries/${first.id}`, { finalPoints: 268, notes: null });
    expect(edited.body).toMatchObject({ finalPoints: 268, notes: null });
    const reordered = await admin.post('/api/entries/reorder', { year: 2012, show: 'heat-1', entryIds: [second.id, first.id] });
    expect(reordered.status).toBe(200);
    expect((await lineup()).shows[0].entries.map((e: any) => [e.id, e.runningOrder])).toEqual([
      [second.id, 1],
      [first.id, 2],
    ]);
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => admin.put(`/api/entries/${first.id}`, { notes: `anteckning ${i}` })));
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const updates = (await backend.store.readStream(`entry-${first.id}`)).filter((e) => e.type === 'EntryUpdated');
    expect(updates.length).toBe(2 + replies.filter((r) => r.status === 200).length);
  });
});

describe('artist commands', () => {
  it('renames an act: the slug stays, the old name becomes an alias', async () => {
    const reply = await admin.put(`/api/artists/${artistId}`, { name: 'Loreen Talhaoui' });
    expect(reply.body).toMatchObject({ slug: 'loreen', name: 'Loreen Talhaoui', aliases: ['Loreen'] });
    expect((await anonymous.get('/api/artists/loreen')).body).toMatchObject({ name: 'Loreen Talhaoui', aliases: ['Loreen'] });
  });

  it('gives a second act of the same name the next slug, and deletes only an act without entries', async () => {
    const other = await admin.post('/api/artists', { name: 'Loreen' });
    expect(other.body.slug).toBe('loreen-2');
    expect((await admin.delete(`/api/artists/${artistId}`)).status).toBe(409);
    expect((await admin.delete(`/api/artists/${other.body.id}`)).status).toBe(200);
    expect((await anonymous.get('/api/artists/loreen-2')).status).toBe(404);
  });
});
