import { z } from 'zod';
import { publicNameKey } from '../auth/public-name';

/**
 * @mentions in posts and replies. A member is named by their public display name (product decision 10):
 * `@Anna` when the name is one "word" (letters, digits, '_', and '.' or '-' inside it), `@[Anna Berg]` when it
 * has spaces or other characters (the editors' autocomplete writes whichever form the name needs). The server
 * resolves the names when the post or reply is written and puts the members it found into the event; a name no
 * member has stays plain text and notifies no one.
 */
export const MentionSchema = z.object({ userId: z.string(), name: z.string() });
export type Mention = z.infer<typeof MentionSchema>;

/** At most this many different names of one text are looked up; the rest stay plain text (a post is not a mailing list). */
export const MENTIONS_MAX = 10;

const WORD_NAME = /^[\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?$/u;
// '@' not preceded by a letter, digit, '_' or '@' (an e-mail address is not a mention).
const MENTION = /(?<![\p{L}\p{N}_@])@(?:\[([^\]\n]{1,80})\]|([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?))/gu;

export type MentionMatch = { start: number; end: number; name: string };

/** Every `@Name` and `@[Name with spaces]` in a text, in order, with where it stands. */
export function findMentions(text: string): MentionMatch[] {
  const found: MentionMatch[] = [];
  for (const match of text.matchAll(MENTION)) {
    const name = (match[1] ?? match[2] ?? '').trim();
    if (name.length === 0) continue;
    found.push({ start: match.index, end: match.index + match[0].length, name });
  }
  return found;
}

/** The different names a text mentions (the same up to publicNameKey counts once), at most MENTIONS_MAX. */
export function mentionedNames(text: string): string[] {
  const byKey = new Map<string, string>();
  for (const { name } of findMentions(text)) {
    const key = publicNameKey(name);
    if (key && !byKey.has(key)) byKey.set(key, name);
  }
  return [...byKey.values()].slice(0, MENTIONS_MAX);
}

/** How a name is written as a mention: `@Anna`, or `@[Anna Berg]` when it is not one word. */
export const mentionMarkup = (name: string): string => (WORD_NAME.test(name) ? `@${name}` : `@[${name}]`);

export type MentionSegment = { text: string; mention?: undefined } | { text: string; mention: Mention };

/**
 * A text cut into plain parts and mentions of the members the server resolved (`mentions`, from the post or
 * reply): an `@Name` that names none of them stays plain text.
 */
export function mentionSegments(text: string, mentions: readonly Mention[]): MentionSegment[] {
  if (mentions.length === 0) return [{ text }];
  const byKey = new Map(mentions.map((mention) => [publicNameKey(mention.name), mention]));
  const segments: MentionSegment[] = [];
  let at = 0;
  for (const match of findMentions(text)) {
    const mention = byKey.get(publicNameKey(match.name));
    if (!mention) continue;
    if (match.start > at) segments.push({ text: text.slice(at, match.start) });
    segments.push({ text: text.slice(match.start, match.end), mention });
    at = match.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}
