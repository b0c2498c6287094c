import { MODERATION_ACTION_LABELS, type ModerationAction, type ModerationItem } from '@mello/contracts';

/**
 * An action button's name: the card's label first (what is seen is what is said), then what it acts on. Every card has
 * the same 'Dölj', 'Återställ' and 'Avfärda', so a screen reader listing the buttons heard only those, over and over.
 */
export function moderationActionName(action: ModerationAction, item: ModerationItem): string {
  const what = item.targetType === 'post' ? `inlägget ”${item.postTitle}” av ${item.authorName}` : `svaret av ${item.authorName} på ”${item.postTitle}”`;
  return `${MODERATION_ACTION_LABELS[action]} ${what}`;
}
