import { describe, expect, it } from 'vitest';
import { decideMarkAllRead, decideMarkRead, decideWatch } from './notification-deciders';

const NOW = '2026-01-01T10:00:00.000Z';
const POST = '11111111-1111-4111-8111-111111111111';

describe('watching a post', () => {
  it('given a live post not watched, when the member watches it, then ForumPostWatchChanged', () => {
    expect(decideWatch({ postIsLive: true, current: 'none' }, { postId: POST, userId: 'anna', watch: 'watching', now: NOW })).toEqual([
      { type: 'ForumPostWatchChanged', data: { postId: POST, userId: 'anna', watch: 'watching', changedAt: NOW } },
    ]);
  });
  it('given the same choice already made, then nothing', () => {
    expect(decideWatch({ postIsLive: true, current: 'muted' }, { postId: POST, userId: 'anna', watch: 'muted', now: NOW })).toEqual([]);
  });
  it('given no live post, then not found', () => {
    expect(() => decideWatch({ postIsLive: false, current: 'none' }, { postId: POST, userId: 'anna', watch: 'watching', now: NOW })).toThrow(
      'Inlägg hittades inte',
    );
  });
});

describe('marking notifications read', () => {
  it("given the member's unread notification, then NotificationsMarkedRead; given it read, then nothing", () => {
    expect(decideMarkRead('unread', { userId: 'anna', notificationId: 'n1' })).toEqual([
      { type: 'NotificationsMarkedRead', data: { userId: 'anna', notificationIds: ['n1'] } },
    ]);
    expect(decideMarkRead('read', { userId: 'anna', notificationId: 'n1' })).toEqual([]);
  });
  it("given none of the member's own (unknown, or another member's), then not found", () => {
    expect(() => decideMarkRead(null, { userId: 'anna', notificationId: 'n1' })).toThrow('Notisen hittades inte');
  });
  it('all: up to the newest unread one; none unread, nothing', () => {
    expect(decideMarkAllRead('p9', { userId: 'anna' })).toEqual([{ type: 'AllNotificationsMarkedRead', data: { userId: 'anna', upTo: 'p9' } }]);
    expect(decideMarkAllRead(null, { userId: 'anna' })).toEqual([]);
  });
});
