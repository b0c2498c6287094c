import { mentionMarkup } from '@mello/contracts';

/**
 * The editors' autocomplete: which `@name` is being typed where the caret is, and the text after one is chosen.
 * Pure, so they are unit-tested (mention-input.unit.test.ts).
 */
export type MentionDraft = { start: number; prefix: string };

/** An `@` at the start or after a blank, then up to 40 characters without a line break, ending at the caret. */
export function mentionAtCaret(text: string, caret: number): MentionDraft | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@\[?([^\s@\]][^@\]\n]{0,39})?$/u.exec(before);
  if (!match) return null;
  const prefix = match[1] ?? '';
  // A one-word draft ends at a blank; only the bracket form may hold one.
  const bracketed = match[0].trimStart().startsWith('@[');
  if (!bracketed && /\s/u.test(prefix)) return null;
  if (prefix.length === 0) return null;
  return { start: before.length - match[0].trimStart().length, prefix };
}

/** Replaces the draft with the chosen name as a mention (`@Anna ` or `@[Anna Berg] `), and where the caret goes. */
export function insertMention(text: string, draft: MentionDraft, caret: number, name: string): { text: string; caret: number } {
  const inserted = `${mentionMarkup(name)} `;
  return { text: text.slice(0, draft.start) + inserted + text.slice(caret), caret: draft.start + inserted.length };
}
