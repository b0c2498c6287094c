import { describe, expect, it } from 'vitest';
import type { ModerationItem } from '@mello/contracts';
import { moderationActionLabel, moderationActionName } from './moderation-action-name';

const item = (targetType: 'post' | 'reply'): ModerationItem =>
  ({ targetType, targetId: 'x', postId: 'p', postTitle: 'Söker 1975 års final', authorName: 'Medlem Två' }) as ModerationItem;

describe('moderationActionName', () => {
  it('given a flagged post, names the action as shown and the post with its author', () => {
    expect(moderationActionName('Dölj', item('post'))).toBe('Dölj inlägget ”Söker 1975 års final” av Medlem Två');
  });

  it('given a flagged reply, names the action as shown and whose reply to which post', () => {
    expect(moderationActionName('Avfärda', item('reply'))).toBe('Avfärda svaret av Medlem Två på ”Söker 1975 års final”');
    expect(moderationActionName('Återställer...', item('reply'))).toBe('Återställer... svaret av Medlem Två på ”Söker 1975 års final”');
  });
});

describe('moderationActionLabel', () => {
  it('given no action on its way, each button reads its action', () => {
    expect(['hide', 'restore', 'dismiss'].map((action) => moderationActionLabel(action as 'hide', null))).toEqual(['Dölj', 'Återställ', 'Avfärda']);
  });

  it('given an action on its way, its button says so and the card’s others keep their labels', () => {
    expect(moderationActionLabel('hide', 'hide')).toBe('Döljer...');
    expect(moderationActionLabel('dismiss', 'hide')).toBe('Avfärda');
    expect(moderationActionLabel('restore', 'restore')).toBe('Återställer...');
    expect(moderationActionLabel('dismiss', 'dismiss')).toBe('Avfärdar...');
  });
});
