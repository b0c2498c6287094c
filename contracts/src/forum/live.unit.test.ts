import { describe, expect, it } from 'vitest';
import { FORUM_LIVE_EVENTS, parseForumLiveArgs } from './live';

const id = '0b7f3c2e-8a4d-4e1f-9c6b-2d5a7e9f1c3b';

describe('parseForumLiveArgs', () => {
  it('accepts each event’s arguments as the contract gives them', () => {
    expect(parseForumLiveArgs('forum:watch-list', [])).toEqual({ ok: true, args: [] });
    expect(parseForumLiveArgs('forum:watch-post', [id])).toEqual({ ok: true, args: [id] });
    expect(parseForumLiveArgs('forum:typing', [id, false])).toEqual({ ok: true, args: [id, false] });
    expect(parseForumLiveArgs('forum:resync', [{ scope: 'post', postId: id, extra: 1 }])).toEqual({ ok: true, args: [{ scope: 'post', postId: id }] });
    expect(parseForumLiveArgs('forum:resync', [{ scope: 'list' }])).toEqual({ ok: true, args: [{ scope: 'list' }] });
  });

  it('lowers a post id, so one post is one room whatever case a client writes its id in', () => {
    const upper = id.toUpperCase();
    expect(parseForumLiveArgs('forum:watch-post', [upper])).toEqual({ ok: true, args: [id] });
    expect(parseForumLiveArgs('forum:unwatch-post', [upper])).toEqual({ ok: true, args: [id] });
    expect(parseForumLiveArgs('forum:typing', [upper, true])).toEqual({ ok: true, args: [id, true] });
    expect(parseForumLiveArgs('forum:resync', [{ scope: 'post', postId: upper }])).toEqual({ ok: true, args: [{ scope: 'post', postId: id }] });
  });

  it('refuses a wrong number of arguments for every event, in Swedish', () => {
    for (const event of FORUM_LIVE_EVENTS) {
      expect(parseForumLiveArgs(event, [id, true, 'x', 'y'])).toEqual({ ok: false, error: expect.stringMatching(/^Fel antal argument: väntade \d, fick 4$/) });
    }
  });

  it('names the wrong argument', () => {
    expect(parseForumLiveArgs('forum:watch-post', [null])).toEqual({ ok: false, error: 'Inläggets id måste vara text' });
    expect(parseForumLiveArgs('forum:watch-post', ['1 OR 1=1'])).toEqual({ ok: false, error: 'Inlägg hittades inte' });
    expect(parseForumLiveArgs('forum:typing', [id, 'true'])).toEqual({ ok: false, error: 'Ange true eller false' });
    expect(parseForumLiveArgs('forum:resync', [{ scope: 'post' }])).toEqual({ ok: false, error: 'Inläggets id saknas' });
    expect(parseForumLiveArgs('forum:resync', [['list']])).toEqual({ ok: false, error: expect.stringContaining("scope: 'list'") });
  });
});
