import { z } from 'zod';
import { visibleLength } from '../fields';

/**
 * Flags and moderation (issue 19, part 6): what a member may report, the threshold that hides content until the
 * administrator has looked at it, and the Swedish words both sides show. docs/forum.md, "Flags and moderation".
 */

/** Why a member flags a post or reply; the labels are what the dialog and the moderation queue show. */
export const FLAG_REASONS = ['spam', 'inappropriate', 'off-topic', 'other'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_REASON_LABELS: Readonly<Record<FlagReason, string>> = {
  spam: 'Spam',
  inappropriate: 'Olämpligt',
  'off-topic': 'Fel ämne',
  other: 'Annat',
};

/** Flags from this many different members hide a post or reply until the administrator reviews it. */
export const FLAG_HIDE_THRESHOLD = 3;
/** The longest free text a flag may carry. */
export const FLAG_TEXT_MAX = 500;

export const MODERATION_TARGET_TYPES = ['post', 'reply'] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

export const FLAG_TEXT_REQUIRED_MESSAGE = 'Beskriv problemet när du väljer Annat';
export const OWN_POST_FLAG_MESSAGE = 'Du kan inte rapportera ditt eget inlägg';
export const OWN_REPLY_FLAG_MESSAGE = 'Du kan inte rapportera ditt eget svar';
/** What a non-admin sees in place of hidden content (the client shows it; the server sends no text of it). */
export const HIDDEN_POST_NOTICE = 'Inlägget är dolt i väntan på granskning';
export const HIDDEN_REPLY_NOTICE = 'Svaret är dolt i väntan på granskning';
/** A hidden post's title as non-admins get it (page title, meta, lists): the real one may be the problem. */
export const HIDDEN_POST_TITLE = 'Dolt inlägg';
export const MODERATION_ONLY_ADMIN_MESSAGE = 'Endast administratören får göra detta';
export const ALREADY_HIDDEN_MESSAGE = 'Innehållet är redan dolt';
export const NOT_HIDDEN_MESSAGE = 'Innehållet är inte dolt';
export const NOTHING_TO_DISMISS_MESSAGE = 'Det finns inga rapporter att avfärda';

/** POST /api/forum/posts/:id/flag and /api/forum/replies/:id/flag. The text is required for 'other'. */
export const FlagInputSchema = z
  .object({
    reason: z.enum(FLAG_REASONS, {
      errorMap: () => ({ message: `Välj ett skäl: ${FLAG_REASONS.map((reason) => FLAG_REASON_LABELS[reason]).join(', ')}` }),
    }),
    text: z
      .string({ invalid_type_error: 'Beskrivningen måste vara text' })
      .trim()
      .max(FLAG_TEXT_MAX, `Beskrivningen får vara högst ${FLAG_TEXT_MAX} tecken`)
      .default(''),
  })
  .superRefine((input, ctx) => {
    if (input.reason === 'other' && visibleLength(input.text) === 0) ctx.addIssue({ code: 'custom', path: ['text'], message: FLAG_TEXT_REQUIRED_MESSAGE });
  });
export type FlagInput = z.output<typeof FlagInputSchema>;

/** What flagging answers: the item is flagged by this member (a second flag by them changed nothing). */
export const FlagResultSchema = z.object({ targetType: z.enum(MODERATION_TARGET_TYPES), targetId: z.string(), flagged: z.literal(true) });
export type FlagResult = z.infer<typeof FlagResultSchema>;

/** One member's flag as the moderation queue shows it. */
export const ModerationFlagSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  reason: z.enum(FLAG_REASONS),
  text: z.string(),
  flaggedAt: z.string(),
});
export type ModerationFlag = z.infer<typeof ModerationFlagSchema>;

/**
 * An item of the moderation queue: flagged and not yet reviewed, or hidden. `hidden` is 'flags' when the threshold
 * hid it (still awaiting review), 'admin' when the administrator hid it (reviewed), null when visible.
 */
export const ModerationItemSchema = z.object({
  targetType: z.enum(MODERATION_TARGET_TYPES),
  targetId: z.string(),
  postId: z.string(),
  /** The post's title (for a reply: the title of the post it answers). */
  postTitle: z.string(),
  /** The flagged text: the post's or reply's content. */
  content: z.string(),
  authorName: z.string(),
  hidden: z.enum(['flags', 'admin']).nullable(),
  /** Whether it awaits the administrator's review (counted in the live count). */
  open: z.boolean(),
  flags: z.array(ModerationFlagSchema),
  lastFlaggedAt: z.string().nullable(),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

export const ModerationQueueSchema = z.object({ open: z.number().int(), items: z.array(ModerationItemSchema) });
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

/** The live count on the admin panel's tab: items awaiting review. */
export const ModerationCountSchema = z.object({ open: z.number().int() });
export type ModerationCount = z.infer<typeof ModerationCountSchema>;

export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Readonly<Record<ModerationAction, string>> = { hide: 'Dölj', restore: 'Återställ', dismiss: 'Avfärda' };
export const ModerationActionInputSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { errorMap: () => ({ message: `Åtgärden måste vara en av: ${MODERATION_ACTIONS.join(', ')}` }) }),
});

/** What an action answers: the item as the queue now shows it, null once it has left the queue. */
export const ModerationResultSchema = z.object({ item: ModerationItemSchema.nullable() });
export type ModerationResult = z.infer<typeof ModerationResultSchema>;

/** Socket.IO: the room of the administrator's sockets that asked for the live count (server-checked). */
export const MODERATION_ADMIN_ROOM = 'moderation:admin';
