import type { ArtistSearchHit, EntrySearchHit, SongwriterSearchHit } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, startTestBackend, type TestBackend } from '../../test/harness';
import { describeLineupRelevance } from './lineup-relevance.behaviour';
import { loadDocumentsJson } from './typesense/typesense-search-engine';

/** GET /api/search/entries, /artists and /songwriters over HTTP on the imported archive (PostgreSQL adapter). */
let backend: TestBackend;
let client: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend({ IMPORT_ARCHIVE: 'true' });
  client = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

const get = async <T>(kind: string, q: string) => {
  const reply = await client.get(`/api/search/${kind}?${new URLSearchParams({ q })}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as T[];
};
const searches = {
  entries: (q: string) => get<EntrySearchHit>('entries', q),
  artists: (q: string) => get<ArtistSearchHit>('artists', q),
  songwriters: (q: string) => get<SongwriterSearchHit>('songwriters', q),
};

describeLineupRelevance('PostgreSQL', searches);

describe('entry, artist and songwriter search over HTTP', () => {
  it('answers the hit documents the search page shows', async () => {
    const [euphoria] = await searches.entries('euphoria');
    expect(euphoria).toEqual({
      id: expect.any(String),
      year: 2012,
      artist: 'Loreen',
      song: 'Euphoria',
      artistId: expect.any(String),
      artistSlug: 'loreen',
      result: 'winner',
      finalPlace: 1,
    });
    const [loreen] = await searches.artists('loreen');
    expect(loreen).toEqual({
      id: euphoria!.artistId,
      slug: 'loreen',
      name: 'Loreen',
      aliases: expect.any(Array),
      entryCount: expect.any(Number),
      firstYear: 2011,
      lastYear: 2023,
    });
    const [gson] = await searches.songwriters('thomas g:son');
    expect(gson).toEqual({
      slug: 'thomas-g-son',
      name: 'Thomas G:son',
      aliases: expect.any(Array),
      entryCount: expect.any(Number),
      wins: expect.any(Number),
      firstYear: expect.any(Number),
      lastYear: expect.any(Number),
    });
    // The same counts as the songwriter page.
    const page = await client.get('/api/songwriters/thomas-g-son');
    expect(page.status).toBe(200);
    expect({ entryCount: gson!.entryCount, wins: gson!.wins }).toEqual({ entryCount: page.body.entryCount, wins: page.body.wins });
  });

  it('loads the Typesense engine’s hits from the same documents, in Typesense’s order, songwriters by slug', async () => {
    const entries = await searches.entries('carola');
    const acts = await searches.artists('carola');
    const songwriters = await searches.songwriters('bjorn');
    const load = async (kind: 'entries' | 'artists' | 'songwriters', ids: string[]) =>
      JSON.parse(await loadDocumentsJson(backend.pool, kind, ids)) as unknown[];
    expect(
      await load(
        'entries',
        entries
          .slice(0, 4)
          .map((e) => e.id)
          .reverse(),
      ),
    ).toEqual(entries.slice(0, 4).reverse());
    expect(await load('artists', [acts[0]!.id])).toEqual([acts[0]]);
    // An id no longer in the read model (a stale Typesense document) or not a slug at all is left out.
    const slugs = songwriters.slice(0, 3).map((s) => s.slug);
    expect(await load('songwriters', [slugs[2]!, 'no-such-songwriter', 'NOT A SLUG', slugs[0]!, slugs[1]!])).toEqual([
      songwriters[2],
      songwriters[0],
      songwriters[1],
    ]);
  });

  it('lists for an empty query, finds nothing for one without a letter or digit, refuses bad parameters', async () => {
    expect((await searches.entries('')).length).toBe(500);
    for (const kind of ['entries', 'artists', 'songwriters']) {
      for (const q of ['%', '_', '🎤']) expect(await get(kind, q), `${kind} ${q}`).toEqual([]);
      for (const query of ['q=a&q=b', `q=${'x'.repeat(201)}`]) {
        const reply = await client.get(`/api/search/${kind}?${query}`);
        expect(reply.status, `${kind} ${query.slice(0, 20)}`).toBe(400);
        expect(typeof reply.body.error).toBe('string');
      }
      for (const q of ["'; DROP TABLE rm.entries; --", '\\', 'abba\u0000']) {
        expect(Array.isArray(await get(kind, q)), `${kind} ${q}`).toBe(true);
      }
    }
  });

  it('follows the log: an edited song and a renamed act are found as soon as the command answers', async () => {
    const admin = await adminClient(backend);
    const [euphoria] = await searches.entries('euphoria');
    const edited = await admin.put(`/api/entries/${euphoria!.id}`, {
      song: 'Euphoria (Svarvarmästarens mix)',
      songwriters: ['Thomas G:son', 'Peter Boström', 'Åsa Svarvarmästare'],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await searches.entries('svarvarmastarens'))[0]!.id).toBe(euphoria!.id);
    const [songwriter] = await searches.songwriters('asa svarvarmastare');
    expect(songwriter).toMatchObject({ slug: 'asa-svarvarmastare', name: 'Åsa Svarvarmästare', entryCount: 1, firstYear: 2012 });

    // Credited no more: the songwriter is gone from search.
    expect((await admin.put(`/api/entries/${euphoria!.id}`, { songwriters: ['Thomas G:son', 'Peter Boström'] })).status).toBe(200);
    expect(await searches.songwriters('svarvarmastare')).toEqual([]);

    const [loreen] = await searches.artists('loreen');
    // A rename keeps the slug and makes the old name an alias: both names find the act.
    expect((await admin.put(`/api/artists/${loreen!.id}`, { name: 'Lorine Talhaoui' })).status).toBe(200);
    expect((await searches.artists('talhaoui'))[0]).toMatchObject({ slug: 'loreen', name: 'Lorine Talhaoui' });
    expect((await searches.artists('loreen'))[0]).toMatchObject({ slug: 'loreen', aliases: expect.arrayContaining(['Loreen']) });
  });
});
