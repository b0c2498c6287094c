import { describe, expect, it } from 'vitest';
import { matchName, matchVideoEntry, videosOfEntries, type MatchCandidate } from './video-entry-match';

const candidate = (overrides: Partial<MatchCandidate> & Pick<MatchCandidate, 'id'>): MatchCandidate => ({
  year: 2012,
  artist: 'Loreen',
  song: 'Euphoria',
  artistSlug: 'loreen',
  names: ['Loreen'],
  result: 'out',
  ...overrides,
});
const ref = ({ names: _names, result: _result, ...rest }: MatchCandidate) => rest;

describe('matchName', () => {
  it('ignores case, accents (å ä ö é too) and extra spaces', () => {
    expect(matchName('  Måns   ZELMERLÖW ')).toBe('mans zelmerlow');
    expect(matchName('Héctor')).toBe(matchName('hector'));
  });
});

describe('matchVideoEntry', () => {
  it('links a video to the entry of its year billed under its artist, case and accents aside', () => {
    const euphoria = candidate({ id: 'e1' });
    expect(matchVideoEntry({ year: 2012, artist: 'LOREEN' }, [candidate({ id: 'x', artist: 'Danny', names: ['Danny Saucedo'] }), euphoria])).toEqual(
      ref(euphoria),
    );
    const heroes = candidate({ id: 'e2', year: 2015, artist: 'Måns Zelmerlöw', song: 'Heroes', names: ['Måns Zelmerlöw'] });
    expect(matchVideoEntry({ year: 2015, artist: 'Mans Zelmerlow' }, [heroes])).toEqual(ref(heroes));
  });

  it("finds the entry through the act's name or one of its aliases", () => {
    const framling = candidate({
      id: 'e3',
      year: 1983,
      artist: 'Carola Häggkvist',
      song: 'Främling',
      artistSlug: 'carola',
      names: ['Carola Häggkvist', 'Carola', 'Carola Häggkvist'],
    });
    expect(matchVideoEntry({ year: 1983, artist: 'carola' }, [framling])?.id).toBe('e3');
  });

  it('links nothing when the year or the artist differs', () => {
    const tattoo = candidate({ id: 'e4', year: 2023, song: 'Tattoo' });
    expect(matchVideoEntry({ year: 2012, artist: 'Loreen' }, [tattoo])).toBeNull();
    expect(matchVideoEntry({ year: 2023, artist: 'Lill-Babs' }, [tattoo])).toBeNull();
    expect(matchVideoEntry({ year: 2023, artist: '   ' }, [candidate({ id: 'blank', year: 2023, names: [''] })])).toBeNull();
  });

  it('prefers the winner, then a finalist, then the first in order when several entries match', () => {
    const out = candidate({ id: 'out', result: 'out' });
    const finalist = candidate({ id: 'final', result: 'final' });
    const winner = candidate({ id: 'winner', result: 'winner' });
    const unknown = candidate({ id: 'unknown', result: null });
    expect(matchVideoEntry({ year: 2012, artist: 'Loreen' }, [out, finalist, winner])?.id).toBe('winner');
    expect(matchVideoEntry({ year: 2012, artist: 'Loreen' }, [out, finalist])?.id).toBe('final');
    expect(matchVideoEntry({ year: 2012, artist: 'Loreen' }, [unknown, out])?.id).toBe('unknown');
  });
});

describe('videosOfEntries', () => {
  it("keeps the videos whose best match is one of the wanted entries, each with that entry, in the videos' order", () => {
    const euphoria = candidate({ id: 'e1', result: 'winner' });
    const tattoo = candidate({ id: 'e2', year: 2023, song: 'Tattoo', result: 'winner' });
    const other = candidate({ id: 'x', year: 2023, artist: 'Tone Sekelius', names: ['Tone Sekelius'] });
    const videos = [
      { id: 'v1', year: 2023, artist: 'Loreen' },
      { id: 'v2', year: 2023, artist: 'Tone Sekelius' },
      { id: 'v3', year: 2012, artist: 'loreen' },
      { id: 'v4', year: 1999, artist: 'Loreen' },
    ];
    expect(videosOfEntries(videos, [euphoria, tattoo, other], new Set(['e1', 'e2']))).toEqual([
      { video: videos[0], entryId: 'e2' },
      { video: videos[2], entryId: 'e1' },
    ]);
  });

  it('leaves out a video whose best match is another entry, even when a wanted entry also matches', () => {
    const winner = candidate({ id: 'w', result: 'winner' });
    const second = candidate({ id: 's', song: 'Other', result: 'out' });
    expect(videosOfEntries([{ year: 2012, artist: 'Loreen' }], [second, winner], new Set(['s']))).toEqual([]);
  });
});
