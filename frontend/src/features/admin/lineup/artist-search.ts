import type { ArtistSummary } from '@mello/contracts';

/** Case and accents folded ('Kihlström' is found by 'kihlstrom'). */
export const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('sv').trim();

/**
 * The picker's matches for what the admin typed: acts whose name or another name holds it; names that start with
 * it first, then acts with more entries (the likelier pick), then by name. At most `limit`.
 */
export function matchingArtists(artists: readonly ArtistSummary[], query: string, limit: number): ArtistSummary[] {
  const wanted = folded(query);
  if (!wanted) return [];
  const scored = artists.flatMap((artist) => {
    const names = [artist.name, ...artist.aliases].map(folded);
    if (!names.some((name) => name.includes(wanted))) return [];
    return [{ artist, starts: names.some((name) => name.startsWith(wanted)) ? 0 : 1 }];
  });
  scored.sort((a, b) => a.starts - b.starts || b.artist.entryCount - a.artist.entryCount || a.artist.name.localeCompare(b.artist.name, 'sv'));
  return scored.slice(0, limit).map(({ artist }) => artist);
}
