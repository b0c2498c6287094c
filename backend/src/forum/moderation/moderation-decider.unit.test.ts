import { FLAG_HIDE_THRESHOLD, FlagInputSchema, OWN_POST_FLAG_MESSAGE, OWN_REPLY_FLAG_MESSAGE, REPLY_NOT_FOUND_MESSAGE } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../shared/errors';
import type { ForumActor } from '../post';
import { moderationDecider, type ModerationCommand, type ModerationEvent, type ModerationState, type ModerationTarget } from './moderation';

const NOW = '2026-11-21T12:00:00.000Z';
const POST_ID = '11111111-1111-4111-8111-111111111111';
const REPLY_ID = '22222222-2222-4222-8222-222222222222';
const author: ForumActor = { userId: 'u-author', name: 'Ante', isAdmin: false };
const admin: ForumActor = { userId: 'u-admin', name: 'Admin', isAdmin: true };
const memberNo = (n: number): ForumActor => ({ userId: `u-${n}`, name: `Medlem ${n}`, isAdmin: false });

const post: ModerationTarget = { targetType: 'post', targetId: POST_ID, postId: POST_ID, live: true, authorId: author.userId, label: 'Saknat klipp' };
const reply: ModerationTarget = { targetType: 'reply', targetId: REPLY_ID, postId: POST_ID, live: true, authorId: author.userId, label: 'Ett svar' };
const spam = FlagInputSchema.parse({ reason: 'spam' });

const given = (events: ModerationEvent[]): ModerationState => events.reduce(moderationDecider.evolve, moderationDecider.initialState());
const when = (command: ModerationCommand, events: ModerationEvent[] = []) => moderationDecider.decide(command, given(events));
const flag = (by: ForumActor, target = post): ModerationCommand => ({ type: 'flag', target, by, input: spam, now: NOW });
const flagged = (by: ForumActor, target = post): ModerationEvent => ({
  type: 'ForumContentFlagged',
  data: {
    targetType: target.targetType,
    targetId: target.targetId,
    postId: POST_ID,
    label: target.label,
    userId: by.userId,
    userName: by.name,
    reason: 'spam',
    text: '',
    flaggedAt: NOW,
  },
});
/** The events of `n` different members' flags, decided one after another. */
const flagsBy = (n: number, target = post): ModerationEvent[] => {
  const events: ModerationEvent[] = [];
  for (let i = 1; i <= n; i += 1) events.push(...when(flag(memberNo(i), target), events));
  return events;
};
const admin_ = (type: 'hide' | 'restore' | 'dismiss', target = post): ModerationCommand => ({ type, target, by: admin, now: NOW });

describe('moderation decider: flags', () => {
  it('given nothing, when a member flags a post, then ForumContentFlagged with who, why and the post’s label', () => {
    expect(when(flag(memberNo(1)))).toEqual([flagged(memberNo(1))]);
  });

  it('given a member’s flag, when the same member flags again, then nothing (a flag counts once)', () => {
    expect(when(flag(memberNo(1)), [flagged(memberNo(1))])).toEqual([]);
  });

  it('given nothing, when the author flags their own post or reply, then a 400 naming it', () => {
    expect(() => when(flag(author))).toThrow(new ValidationError(OWN_POST_FLAG_MESSAGE));
    expect(() => when(flag(author, reply))).toThrow(new ValidationError(OWN_REPLY_FLAG_MESSAGE));
  });

  it('given a deleted reply, when a member flags it, then 404 with the reply message', () => {
    expect(() => when(flag(memberNo(1), { ...reply, live: false }))).toThrow(new NotFoundError(REPLY_NOT_FOUND_MESSAGE));
  });

  it(`given flags from ${FLAG_HIDE_THRESHOLD - 1} different members, when another member flags, then the flag and ForumContentHidden by the flags`, () => {
    const events = when(flag(memberNo(FLAG_HIDE_THRESHOLD)), flagsBy(FLAG_HIDE_THRESHOLD - 1));
    expect(events.map((event) => event.type)).toEqual(['ForumContentFlagged', 'ForumContentHidden']);
    expect(events[1]!.data).toMatchObject({ by: 'flags', flagCount: FLAG_HIDE_THRESHOLD, targetId: POST_ID });
  });

  it(`given ${FLAG_HIDE_THRESHOLD - 1} flags, when one of those members flags again, then nothing: the threshold counts different members`, () => {
    expect(when(flag(memberNo(1)), flagsBy(FLAG_HIDE_THRESHOLD - 1))).toEqual([]);
  });

  it('given hidden content, when a further member flags, then only the flag (it is hidden once)', () => {
    const events = flagsBy(FLAG_HIDE_THRESHOLD + 1);
    expect(events.filter((event) => event.type === 'ForumContentHidden')).toHaveLength(1);
  });
});

describe('moderation decider: the administrator’s actions', () => {
  it('given flags, when the admin dismisses them, then ForumFlagsDismissed; a new round may flag and hide again', () => {
    const flags = flagsBy(2);
    const dismissed = when(admin_('dismiss'), flags);
    expect(dismissed).toEqual([
      { type: 'ForumFlagsDismissed', data: { targetType: 'post', targetId: POST_ID, postId: POST_ID, label: 'Saknat klipp', flagCount: 2, dismissedAt: NOW } },
    ]);
    expect(when(flag(memberNo(1)), [...flags, ...dismissed])).toEqual([flagged(memberNo(1))]);
  });

  it('given content hidden by flags, when the admin restores it, then ForumContentRestored; dismissing instead is refused', () => {
    const hidden = flagsBy(FLAG_HIDE_THRESHOLD);
    expect(when(admin_('restore'), hidden).map((event) => event.type)).toEqual(['ForumContentRestored']);
    expect(() => when(admin_('dismiss'), hidden)).toThrow(ConflictError);
  });

  it('given content hidden by flags, when the admin hides it, then ForumContentHidden by the admin; hiding it again is a conflict', () => {
    const hiddenByFlags = flagsBy(FLAG_HIDE_THRESHOLD);
    const hidden = when(admin_('hide'), hiddenByFlags);
    expect(hidden[0]).toMatchObject({ type: 'ForumContentHidden', data: { by: 'admin', flagCount: FLAG_HIDE_THRESHOLD } });
    expect(() => when(admin_('hide'), [...hiddenByFlags, ...hidden])).toThrow(ConflictError);
  });

  it('given visible content without flags, when the admin restores or dismisses, then a conflict', () => {
    expect(() => when(admin_('restore'))).toThrow(ConflictError);
    expect(() => when(admin_('dismiss'))).toThrow(ConflictError);
  });

  it('given flags, when a member who is not the admin hides, then 403', () => {
    expect(() => when({ type: 'hide', target: post, by: memberNo(1), now: NOW }, flagsBy(1))).toThrow(ForbiddenError);
  });

  it('given restored content, when three members flag again, then it is hidden again (a new round)', () => {
    const round = flagsBy(FLAG_HIDE_THRESHOLD);
    const restored = [...round, ...when(admin_('restore'), round)];
    let events = restored;
    for (let i = 1; i <= FLAG_HIDE_THRESHOLD; i += 1) events = [...events, ...when(flag(memberNo(i)), events)];
    expect(given(events).hidden).toBe('flags');
  });
});
