import type { z } from 'zod';
import { EVENTS, isEventName, type AnyEvent } from './registry';
import { upcastEventData } from './upcast';

/** What decodeEvent needs of a stored event: where it is (for the error) and what it says. */
export type StoredEventText = { streamName: string; streamRevision: number; type: string; data: unknown };

/**
 * An event in the log that this code cannot read: an unknown type, or data its schema rejects even after
 * upcasting. Names the stream, the revision and the type, so the event can be found and an upcaster written.
 */
export class MalformedEventError extends Error {
  constructor(
    readonly streamName: string,
    readonly streamRevision: number,
    readonly eventType: string,
    readonly problem: string,
  ) {
    super(`Malformed event ${eventType} at revision ${streamRevision} of stream ${streamName}: ${problem}`);
    this.name = 'MalformedEventError';
  }
}

const describeIssues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(data)'}: ${issue.message}`).join('; ');

/**
 * Reading an event: the one place where stored data becomes a typed event. Upcasts older shapes
 * (upcastEventData), then parses the data with the registry's schema. Throws MalformedEventError rather than
 * letting a reader see data its type does not describe.
 */
export function decodeEvent(stored: StoredEventText): AnyEvent {
  const { type } = stored;
  if (!isEventName(type)) throw new MalformedEventError(stored.streamName, stored.streamRevision, type, 'unknown event type');
  const parsed = EVENTS[type].data.safeParse(upcastEventData(type, stored.data));
  if (!parsed.success) throw new MalformedEventError(stored.streamName, stored.streamRevision, type, describeIssues(parsed.error));
  return { type, data: parsed.data } as AnyEvent;
}
