import type { ArtistSearchHit, EntrySearchHit, SongwriterSearchHit } from '@mello/contracts';
import { describe, expect, it } from 'vitest';

export type LineupSearches = {
  entries: (q: string) => Promise<EntrySearchHit[]>;
  artists: (q: string) => Promise<ArtistSearchHit[]>;
  songwriters: (q: string) => Promise<SongwriterSearchHit[]>;
};

/**
 * The entry, artist and songwriter relevance cases, shared by both adapters' suites (search.int.test.ts through
 * HTTP on PostgreSQL, typesense/typesense.int.test.ts on Typesense), on the imported archive's 1,099 entries.
 * Carola Häggkvist: one act with four entries (1983, 1990, 1991, 2006; billed as Carola in 1991 and 2006); Thomas G:son: credited on 70-odd entries.
 */
export function describeLineupRelevance(adapter: string, search: LineupSearches) {
  const carolaYears = [1983, 1990, 1991, 2006];
  describe(`${adapter}: entry, artist and songwriter search relevance on the real archive`, () => {
    it('ranks an exact song first: "euphoria" is Loreen’s 2012 entry, also misspelt', async () => {
      for (const q of ['euphoria', 'Euphoria', 'euforia']) {
        const [first] = await search.entries(q);
        expect(first, q).toMatchObject({ year: 2012, artist: 'Loreen', song: 'Euphoria', result: 'winner', artistSlug: 'loreen' });
      }
    });

    it('finds an artist as one act with entries in several decades, and each of her entries', async () => {
      // Misspelt too: a letter wrong (karola), two neighbouring letters swapped (caorla). ('carloa' is as near
      // 1966's Monte Carlo as Carola: one letter more.)
      for (const q of ['carola', 'Carola', 'karola', 'caorla']) {
        const [act] = await search.artists(q);
        expect(act, q).toMatchObject({ slug: 'carola-haggkvist', name: 'Carola Häggkvist', entryCount: 4, firstYear: 1983, lastYear: 2006 });
        const entries = await search.entries(q);
        expect(
          entries
            .slice(0, 4)
            .map((e) => e.year)
            .sort(),
          q,
        ).toEqual(carolaYears);
        expect(
          entries.slice(0, 4).every((e) => e.artistSlug === 'carola-haggkvist'),
          q,
        ).toBe(true);
      }
      // The whole name as billed is an exact match: billed as plain Carola (2006, 1991, newest first) before
      // Carola Häggkvist (1990, 1983).
      expect((await search.entries('carola')).slice(0, 4).map((e) => e.year)).toEqual([2006, 1991, 1990, 1983]);
    });

    it('ranks a misspelt name’s act first, before acts holding only a short close word inside theirs', async () => {
      // "herries": Herreys is one of its spellings, and so is 'her', which Annika Herlitz and Günther & The
      // Sunshine Girls hold inside a word. The whole name scores more than a part of one, wherever it is listed.
      expect((await search.artists('herries'))[0], 'herries').toMatchObject({ slug: 'herreys', name: 'Herreys' });
    });

    it('finds a songwriter by name, punctuation and all, with the entries credited', async () => {
      for (const q of ['Thomas G:son', 'thomas g son', 'thomas gson']) {
        const [first] = await search.songwriters(q);
        expect(first, q).toMatchObject({ slug: 'thomas-g-son', name: 'Thomas G:son' });
        expect(first!.entryCount, q).toBeGreaterThan(50);
      }
      // His entries are found by his name too (Euphoria among them).
      expect((await search.entries('thomas g:son')).some((e) => e.song === 'Euphoria')).toBe(true);
    });

    it('folds accents both ways and tolerates a typo in a songwriter’s name', async () => {
      const withAccents = (await search.songwriters('Björn')).map((s) => s.slug);
      const without = await search.songwriters('bjorn');
      expect(withAccents.length).toBeGreaterThan(1);
      expect(without.map((s) => s.slug)).toEqual(withAccents);
      // A whole-word Björn (Björn Lindroth) before one inside a word (Torbjörn).
      expect(without[0]!.name).toMatch(/^Björn /);
      expect((await search.songwriters('thommas g:son'))[0]?.slug).toBe('thomas-g-son');
      // One letter wrong is nearer than more letters in common: "karola" is Carola Häggkvist (credited 2006 and
      // 2008), not Nina Karolidou, whose name shares the start 'karol' with it.
      expect((await search.songwriters('karola'))[0], 'karola').toMatchObject({ slug: 'carola-haggkvist' });
    });

    it('finds nothing for a word no entry, act or songwriter has', async () => {
      expect(await search.entries('qwxzv')).toEqual([]);
      expect(await search.artists('qwxzv')).toEqual([]);
      expect(await search.songwriters('qwxzv')).toEqual([]);
    });
  });
}
