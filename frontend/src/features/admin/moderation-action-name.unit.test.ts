import { describe, expect, it } from 'vitest';
import type { ModerationItem } from '@mello/contracts';
import { moderationActionName } from './moderation-action-name';

const item = (targetType: 'post' | 'reply'): ModerationItem =>
  ({ targetType, targetId: 'x', postId: 'p', postTitle: 'Söker 1975 års final', authorName: 'Medlem Två' }) as ModerationItem;

describe('moderationActionName', () => {
  it('given a flagged post, names the action as shown and the post with its author', () => {
    expect(moderationActionName('hide', item('post'))).toBe('Dölj inlägget ”Söker 1975 års final” av Medlem Två');
  });

  it('given a flagged reply, names the action as shown and whose reply to which post', () => {
    expect(moderationActionName('dismiss', item('reply'))).toBe('Avfärda svaret av Medlem Två på ”Söker 1975 års final”');
    expect(moderationActionName('restore', item('reply'))).toBe('Återställ svaret av Medlem Två på ”Söker 1975 års final”');
  });
});
