import type { EntryRef, EntryResult } from '@mello/contracts';

/**
 * Which entry a video shows (docs/content.md, "Links between entries, videos and hunts"). The rule, held once:
 *
 * 1. Candidates are the entries of the video's year.
 * 2. An entry matches when the video's `artist` equals, case- and accent-insensitively and ignoring extra
 *    spaces, the name the entry was billed under that year, the act's name, or one of the act's aliases
 *    ('Carola' finds 'Carola Häggkvist' 1983 through the act's aliases).
 * 3. Several matches (an act with two entries in one year): the winner first, then an entry that reached the
 *    final, then the rest; ties keep the entries' order (the import's, i.e. the running order's).
 * 4. No match: the video links to no entry (null). The song title is not compared: a video's title is free text
 *    ('Invincible (Evighet)', 'It Hurts (Det gör ont)').
 */
export type MatchCandidate = EntryRef & { names: readonly string[]; result: EntryResult | null };

/** Lower case, accents off (å, ä and ö too: 'Mans Zelmerlow' finds 'Måns Zelmerlöw'), spaces collapsed. */
export const matchName = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('sv-SE').replace(/\s+/g, ' ').trim();

const RANK: Record<EntryResult, number> = { winner: 0, final: 1, 'andra-chansen': 2, out: 2 };
const rank = (result: EntryResult | null) => (result === null ? 2 : RANK[result]);

export function matchVideoEntry(video: { year: number; artist: string }, candidates: readonly MatchCandidate[]): EntryRef | null {
  const wanted = matchName(video.artist);
  if (wanted === '') return null;
  let best: MatchCandidate | null = null;
  for (const candidate of candidates) {
    if (candidate.year !== video.year) continue;
    if (!candidate.names.some((name) => matchName(name) === wanted)) continue;
    if (best === null || rank(candidate.result) < rank(best.result)) best = candidate;
  }
  if (best === null) return null;
  return { id: best.id, year: best.year, artist: best.artist, song: best.song, artistSlug: best.artistSlug };
}

/**
 * The videos that show one of `entryIds` (an act's entries, or one entry), each with the entry it shows, in the
 * videos' order. `candidates` must hold every entry of the videos' years: a video goes to its best match among all
 * of them, never to a weaker match that happens to be wanted.
 */
export function videosOfEntries<V extends { year: number; artist: string }>(
  videos: readonly V[],
  candidates: readonly MatchCandidate[],
  entryIds: ReadonlySet<string>,
): Array<{ video: V; entryId: string }> {
  return videos.flatMap((video) => {
    const entry = matchVideoEntry(video, candidates);
    return entry && entryIds.has(entry.id) ? [{ video, entryId: entry.id }] : [];
  });
}
