import { DOCUMENT_EVENTS, cleanList, nameSlug, type ArtistFields } from '@mello/contracts';
import { createDocumentDecider } from '../document-decider';

export const ARTIST_NOT_FOUND = 'Artist hittades inte';

export const artistStream = (id: string) => `artist-${id}`;

/** An act (a solo artist, a duo, a group): one identity across the years. Its slug never changes. */
export const artistDecider = createDocumentDecider<ArtistFields>({
  names: DOCUMENT_EVENTS.artist,
  notFoundMessage: ARTIST_NOT_FOUND,
  alreadyExistsMessage: 'Artisten finns redan',
});

export const artistSlugKey = (slug: string) => `artist-slug-${slug}`;

/** A renamed act keeps its slug; its old name becomes an alias (and the new name is no longer one). */
export function renamed(current: ArtistFields, name: string): Partial<ArtistFields> {
  if (current.name === name) return {};
  return { name, aliases: cleanList([...current.aliases, current.name]).filter((alias) => alias !== name) };
}

/**
 * The slug candidates of a name, in the order they are tried: the name's slug, then -2, -3 … (a slug that is
 * taken by another act). A name without a letter or digit gets 'artist'.
 */
export function slugCandidates(name: string, count = 50): string[] {
  const base = nameSlug(name) || 'artist';
  return [base, ...Array.from({ length: count - 1 }, (_, i) => `${base}-${i + 2}`)];
}
