import { describe, expect, it } from 'vitest';
import { forumPostKey, forumRepliesKey, myLikesKey } from './keys';

describe('forum query keys (derived from the contracts)', () => {
  it('are the URL of the call, split where its id is', () => {
    expect(forumPostKey('p1')).toEqual(['/api/forum/posts', 'p1']);
    expect(forumRepliesKey('p1')).toEqual(['/api/forum/posts', 'p1', 'replies']);
    expect(myLikesKey('p1', 'u1')).toEqual(['/api/forum/posts', 'p1', 'my-likes', 'u1']);
  });

  it('start with the post’s key, so invalidating a post reaches its replies and likes', () => {
    const post = forumPostKey('p1');
    expect(forumRepliesKey('p1').slice(0, post.length)).toEqual(post);
    expect(myLikesKey('p1', 'u1').slice(0, post.length)).toEqual(post);
  });
});
