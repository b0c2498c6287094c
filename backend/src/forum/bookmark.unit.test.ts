import type { EventOf } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { bookmarkDecider, type BookmarkState } from './bookmark';

const NOW = '2026-11-21T12:00:00.000Z';
const item = { userId: 'u-anna', targetType: 'reply' as const, targetId: 'r-1', postId: 'p-1' };
const added: EventOf<'ForumBookmarkAdded'> = { type: 'ForumBookmarkAdded', data: { ...item, savedAt: NOW } };
const removed: EventOf<'ForumBookmarkRemoved'> = { type: 'ForumBookmarkRemoved', data: item };
const given = (events: Array<EventOf<'ForumBookmarkAdded' | 'ForumBookmarkRemoved'>>): BookmarkState =>
  events.reduce(bookmarkDecider.evolve, bookmarkDecider.initialState());

describe('bookmark decider', () => {
  it('given nothing, when saved, then ForumBookmarkAdded naming the item and its post', () => {
    expect(bookmarkDecider.decide({ type: 'save', item, now: NOW }, given([]))).toEqual([added]);
  });

  it('given a saved item, when saved again, then nothing (idempotent)', () => {
    expect(bookmarkDecider.decide({ type: 'save', item, now: NOW }, given([added]))).toEqual([]);
  });

  it('given a saved item, when removed, then ForumBookmarkRemoved with the post remembered from the save', () => {
    expect(bookmarkDecider.decide({ type: 'remove' }, given([added]))).toEqual([removed]);
  });

  it('given nothing or a removed item, when removed, then nothing', () => {
    expect(bookmarkDecider.decide({ type: 'remove' }, given([]))).toEqual([]);
    expect(bookmarkDecider.decide({ type: 'remove' }, given([added, removed]))).toEqual([]);
  });

  it('given a removed item, when saved again, then it is added again', () => {
    expect(bookmarkDecider.decide({ type: 'save', item, now: NOW }, given([added, removed]))).toEqual([added]);
  });
});
