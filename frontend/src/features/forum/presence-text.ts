import type { ForumPresence } from '@mello/contracts';

/** "N läser nu" under a post: everyone with the page open, the reader included. */
export function readersLabel(readers: number): string | null {
  return readers > 0 ? `${readers} läser nu` : null;
}

/**
 * "X skriver ett svar…" — the others who are typing a reply (the reader's own name is left out: they know).
 * Two names are joined with 'och', more are listed with commas and 'och' before the last.
 */
export function typingLabel(presence: Pick<ForumPresence, 'typing'> | null, myName: string | null): string | null {
  const names = (presence?.typing ?? []).filter((name) => name !== myName);
  if (names.length === 0) return null;
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} och ${names[names.length - 1]}`;
  return `${who} skriver ett svar…`;
}
