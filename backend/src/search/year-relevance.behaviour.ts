import { expect, it, describe } from 'vitest';

/** What the cases look at in a year hit (each suite's own type has more). */
export type RankedYear = { year: number; venue: string; city: string };

/**
 * The year-relevance cases of the search issue, shared by both adapters' suites (search.int.test.ts on PostgreSQL,
 * typesense/typesense.int.test.ts on Typesense) so one behaviour is checked against both.
 */
export function describeYearRelevance(adapter: string, search: (q: string) => Promise<RankedYear[]>) {
  const first = async (q: string) => (await search(q))[0]?.year;
  describe(`${adapter}: year search relevance on the real archive`, () => {
    it('ranks an exact artist, song or year first', async () => {
      expect(await first('ABBA')).toBe(1974);
      expect(await first('waterloo')).toBe(1974);
      expect(await first('1974')).toBe(1974);
      expect(await first('Euphoria')).toBe(2012);
      expect(await first('Tattoo')).toBe(2023);
    });

    it('finds å, ä and ö without them, and the other way round', async () => {
      expect(await first('fangad av en stormvind')).toBe(1991);
      expect(await first('FÅNGAD AV EN STORMVIND')).toBe(1991);
      const withAccents = (await search('Malmö')).map((y) => y.year);
      const without = (await search('malmo')).map((y) => y.year);
      expect(withAccents.length).toBeGreaterThan(0);
      expect(without).toEqual(withAccents);
      expect(await first('Måns Zelmerlöw')).toBe(2015);
      expect(await first('mans zelmerlow')).toBe(2015);
    });

    it('still finds a name with one typo', async () => {
      const hits = await search('lorren');
      expect(
        hits
          .slice(0, 2)
          .map((y) => y.year)
          .sort(),
      ).toEqual([2012, 2023]);
      expect(await first('zelmerlov')).toBe(2015);
    });

    it('finds by prefix', async () => {
      expect(await first('water')).toBe(1974);
      expect(await first('eupho')).toBe(2012);
    });

    it('finds the years of a city or a venue', async () => {
      const gothenburg = await search('Göteborg');
      expect(gothenburg.length).toBeGreaterThan(3);
      expect(gothenburg.slice(0, 5).every((y) => y.city === 'Göteborg')).toBe(true);
      const cirkus = await search('Cirkus');
      expect(cirkus.length).toBeGreaterThan(0);
      expect(cirkus[0]!.venue).toBe('Cirkus');
    });

    it('ranks documents with both words before those with one', async () => {
      const hits = await search('carola 1991');
      expect(hits[0]!.year).toBe(1991);
      const otherCarola = hits.findIndex((y) => y.year === 1983);
      expect(otherCarola).toBeGreaterThan(0);
      const malmoCarola = await search('loreen 2023');
      expect(malmoCarola[0]!.year).toBe(2023);
      expect(malmoCarola.findIndex((y) => y.year === 2012)).toBeGreaterThan(0);
    });
  });
}
