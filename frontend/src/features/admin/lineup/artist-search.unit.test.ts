import { describe, expect, it } from 'vitest';
import type { ArtistSummary } from '@mello/contracts';
import { matchingArtists } from './artist-search';

const act = (name: string, entryCount = 1, aliases: string[] = []): ArtistSummary => ({ id: name, slug: name, name, aliases, entryCount, wins: 0 });
const ARTISTS = [
  act('Anne Kihlström'),
  act('Paul Sahlin & Anne Kihlström'),
  act('Carola', 6, ['Carola Häggkvist']),
  act('Loreen', 3),
  act('Charlotte Perrelli', 4, ['Charlotte Nilsson']),
];

describe('the artist picker’s matches', () => {
  it('finds a name or another name, case and accents folded; names starting with the text first', () => {
    expect(matchingArtists(ARTISTS, 'kihlstrom', 8).map((a) => a.name)).toEqual(['Anne Kihlström', 'Paul Sahlin & Anne Kihlström']);
    expect(matchingArtists(ARTISTS, 'häggkvist', 8).map((a) => a.name)).toEqual(['Carola']);
    expect(matchingArtists(ARTISTS, 'ANNE', 8).map((a) => a.name)).toEqual(['Anne Kihlström', 'Paul Sahlin & Anne Kihlström']);
  });
  it('ranks acts with more entries first among equals, and keeps to the limit', () => {
    expect(matchingArtists(ARTISTS, 'c', 8).map((a) => a.name)).toEqual(['Carola', 'Charlotte Perrelli']);
    expect(matchingArtists(ARTISTS, 'e', 2)).toHaveLength(2);
  });
  it('nothing typed, nothing listed', () => {
    expect(matchingArtists(ARTISTS, '  ', 8)).toEqual([]);
  });
});
