import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DomainEvent } from './envelope';
import { DOCUMENT_EVENTS, EVENT_NAMES, EventName, eventNames, type EventData, type EventOf } from './registry';

/**
 * Checked by `npm run typecheck` (this file is in the root tsconfig): every `@ts-expect-error` below must be an
 * error, so a misspelt event name that compiled would fail the type check.
 */
describe('the event registry (types)', () => {
  it('rejects an unknown event name wherever a name is expected', () => {
    // @ts-expect-error 'YearCreatd' is not a registry name
    const constant = EventName.YearCreatd;
    // @ts-expect-error an event of an unknown name
    const event: EventOf = { type: 'YearCreatd', data: {} };
    // @ts-expect-error a decider's domain event names a registry event
    const domain: DomainEvent = { type: 'PostCreated', data: null };
    // @ts-expect-error a followed set of names
    const followed = eventNames(EventName.YearCreated, 'ForumPostCreatd');
    // @ts-expect-error handlers keyed by name
    const handlers: { [N in EventName]?: (event: EventOf<N>) => void } = { YearCreatd: () => undefined };
    expect([constant, event, domain, followed, handlers]).toHaveLength(5);
  });

  it('ties each name to its data, so a switch on the type narrows it', () => {
    expectTypeOf(EventName.ForumPostLiked).toEqualTypeOf<'ForumPostLiked'>();
    expectTypeOf(DOCUMENT_EVENTS.year.created).toEqualTypeOf<'YearCreated'>();
    expectTypeOf<EventData<'KeyClaimed'>>().toEqualTypeOf<{ key: string; ownerId: string }>();
    const describe = (event: EventOf<'ForumPostViewsCounted' | 'KeyClaimed'>) => {
      switch (event.type) {
        case EventName.ForumPostViewsCounted:
          expectTypeOf(event.data.count).toEqualTypeOf<number>();
          return `${event.data.count}`;
        case EventName.KeyClaimed:
          // @ts-expect-error a KeyClaimed has no count
          return `${event.data.count}`;
      }
    };
    expect(describe({ type: EventName.ForumPostViewsCounted, data: { postId: 'p', count: 3 } })).toBe('3');
  });

  it('gives each name as its own value', () => {
    for (const name of EVENT_NAMES) expect(EventName[name]).toBe(name);
  });
});
