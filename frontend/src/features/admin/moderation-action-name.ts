import { MODERATION_ACTION_LABELS, type ModerationAction, type ModerationItem } from '@mello/contracts';

/** What a card's action button reads while its action is on its way (spec: an admin mutation's button changes its label). */
const PENDING_LABELS: Readonly<Record<ModerationAction, string>> = { hide: 'Döljer...', restore: 'Återställer...', dismiss: 'Avfärdar...' };

/** The button's visible label: the action's, or its pending one while this action is the one on its way. */
export function moderationActionLabel(action: ModerationAction, pending: ModerationAction | null): string {
  return pending === action ? PENDING_LABELS[action] : MODERATION_ACTION_LABELS[action];
}

/**
 * An action button's name: the card's label first (what is seen is what is said), then what it acts on. Every card has
 * the same 'Dölj', 'Återställ' and 'Avfärda', so a screen reader listing the buttons heard only those, over and over.
 */
export function moderationActionName(label: string, item: ModerationItem): string {
  const what = item.targetType === 'post' ? `inlägget ”${item.postTitle}” av ${item.authorName}` : `svaret av ${item.authorName} på ”${item.postTitle}”`;
  return `${label} ${what}`;
}
