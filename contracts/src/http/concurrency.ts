/**
 * Optimistic concurrency at the HTTP edge (docs/event-sourcing.md, "Edits across requests"): a GET of a single
 * document answers its stream revision as a strong ETag (`"3"`); a PUT or DELETE that sends it back in `If-Match`
 * is appended with that revision expected, so an edit made after someone else's save is refused (412) instead of
 * silently overwriting it. Without If-Match a write goes through as before (the last save wins).
 */

/** The ETag of a document at a stream revision. */
export const revisionETag = (revision: number): string => `"${revision}"`;

/** What an If-Match header asks for: no check (absent, or `*`), a revision, or something that is not an ETag of ours. */
export type IfMatch = { kind: 'none' } | { kind: 'revision'; revision: number } | { kind: 'malformed' };

/** Parses If-Match: exactly one strong ETag of ours (`"3"`), or `*` (any current version: no revision check). */
export function parseIfMatch(header: string | undefined): IfMatch {
  if (header === undefined) return { kind: 'none' };
  const text = header.trim();
  if (text === '*') return { kind: 'none' };
  const match = /^"(\d{1,15})"$/.exec(text);
  return match ? { kind: 'revision', revision: Number(match[1]) } : { kind: 'malformed' };
}

export const IF_MATCH_MALFORMED_MESSAGE = 'Ogiltig If-Match: skicka den ETag som hämtningen svarade (till exempel "3"), eller ingen alls';

/** The 412 of each document kind: names the thing, so the editor knows what changed under them. */
export const STALE_EDIT_MESSAGES = {
  year: 'Någon annan har ändrat året sedan du öppnade det. Jämför med den nya versionen innan du sparar.',
  video: 'Någon annan har ändrat videon sedan du öppnade den. Jämför med den nya versionen innan du sparar.',
  article: 'Någon annan har ändrat artikeln sedan du öppnade den. Jämför med den nya versionen innan du sparar.',
  forumPost: 'Någon annan har ändrat inlägget sedan du öppnade det. Jämför med den nya versionen innan du sparar.',
  entry: 'Någon annan har ändrat bidraget sedan du öppnade det. Jämför med den nya versionen innan du sparar.',
  artist: 'Någon annan har ändrat artisten sedan du öppnade den. Jämför med den nya versionen innan du sparar.',
  source: 'Någon annan har ändrat källan sedan du öppnade den. Jämför med den nya versionen innan du sparar.',
} as const;

/** The headers of an edit (contracts' `headers`): it takes If-Match and answers the new ETag. */
export const EDIT_HEADERS = { request: ['If-Match'], response: ['ETag'] } as const;
/** A delete takes If-Match. */
export const DELETE_HEADERS = { request: ['If-Match'] } as const;
/** A single document's GET answers its revision as an ETag. */
export const ITEM_HEADERS = { response: ['ETag'] } as const;
