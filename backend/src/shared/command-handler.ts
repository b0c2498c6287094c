import { randomUUID } from 'node:crypto';
import { EVENTS, type Actor, type DomainEvent } from '@mello/contracts';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type LogPosition, type NewEvent } from '../event-store/port';
import { ConcurrentAppendError, PreconditionFailedError } from './errors';
import { uuidFromName } from './uuid';

/** Who asked and within which request: becomes every event's metadata. */
export type CommandContext = {
  actor: Actor;
  /** The request id; every event of one request shares it. */
  correlationId: string;
  /** The id of the command (or event) that caused these events. */
  causationId: string | null;
  /** Set when the command restores an earlier version: that version's revision in the item's own stream. */
  restoredFrom?: number;
  /**
   * Set for a create sent with an Idempotency-Key (http/idempotency.ts): a hash of the user, the key and the request.
   * Every run of that request derives the same item id (newItemId) and event ids (toNewEvents) from it, so a run
   * after a takeover finds what an earlier run appended before its process died, instead of making a second item.
   */
  idempotencySeed?: string;
};

export type Decider<State, Command, Event extends DomainEvent> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
};

export type Loaded<State> = {
  state: State;
  expectedRevision: ExpectedRevision;
  /** The stream's last event's log position (null: no stream): what answering the stream as it is waits for. */
  position: LogPosition | null;
};

/**
 * The revision the client's edit was based on (its If-Match) and the 412 message naming the thing. When given,
 * the append expects exactly that revision, so a save made after someone else's is refused atomically by the store.
 */
export type IfMatchRevision = { revision: number; staleMessage: string };

/** The stream revision a state loaded at `expected` reaches after `appended` more events (-1: no stream yet). */
export const revisionAfter = (expected: ExpectedRevision, appended: number): number => (typeof expected === 'number' ? expected : -1) + appended;

/** Refuses an edit based on another revision than the one loaded (checked again by the append itself). */
export function checkIfMatch(loaded: Loaded<unknown>, ifMatch: IfMatchRevision | undefined): void {
  if (ifMatch && loaded.expectedRevision !== ifMatch.revision) throw new PreconditionFailedError(ifMatch.staleMessage);
}

export const CONCURRENT_EDIT_MESSAGE = 'Någon annan ändrade detta samtidigt. Ladda om sidan och försök igen.';

/** Folds a stream into its current state, remembering the revision to append after. */
export async function loadAggregate<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command, Event>,
): Promise<Loaded<State>> {
  const recorded = await store.readStream(streamName);
  let state = decider.initialState();
  // The store decoded each event with the registry; a stream holds only its own aggregate's events.
  for (const event of recorded) state = decider.evolve(state, { type: event.type, data: event.data } as Event);
  const last = recorded[recorded.length - 1];
  return { state, expectedRevision: last ? last.streamRevision : 'no_stream', position: last ? last.position : null };
}

/** The id of the item a create makes: random, or the same on every run of a keyed create (its seed's). */
export const newItemId = (context: CommandContext): string =>
  context.idempotencySeed === undefined ? randomUUID() : uuidFromName(`idempotent:${context.idempotencySeed}:item`);

/** Where an append goes: a keyed create's event ids are derived from the stream and the revisions they will take. */
export type AppendTarget = { streamName: string; expectedRevision: ExpectedRevision };

/**
 * The events of a decision as the store appends them: each with its registry version and the command's metadata.
 * Their ids are random, except for a keyed create appending at a known revision (`target`): then each id is derived
 * from the seed, the stream and the revision the event takes, so a second run of the request that decided the same
 * append at the same revision re-sends the same ids, which the store answers as the earlier append (no duplicate).
 */
export function toNewEvents(events: readonly DomainEvent[], context: CommandContext, target?: AppendTarget): NewEvent[] {
  const occurredAt = new Date().toISOString();
  const { idempotencySeed: seed } = context;
  const known = target !== undefined && (typeof target.expectedRevision === 'number' || target.expectedRevision === 'no_stream');
  const eventId = (index: number) =>
    seed !== undefined && known
      ? uuidFromName(`idempotent:${seed}:event:${revisionAfter(target.expectedRevision, index + 1)}:${target.streamName}`)
      : randomUUID();
  return events.map((event, index) => ({
    id: eventId(index),
    type: event.type,
    data: event.data,
    metadata: {
      actor: context.actor,
      occurredAt,
      correlationId: context.correlationId,
      causationId: context.causationId,
      schemaVersion: EVENTS[event.type].version,
      ...(context.restoredFrom === undefined ? {} : { restoredFrom: context.restoredFrom }),
    },
  }));
}

/**
 * Appends what decide() returned at the revision the state was loaded from. A concurrent append in between
 * is a conflict (HTTP 409), never a lost update.
 */
export async function appendDecision(
  store: EventStore,
  streamName: string,
  events: readonly DomainEvent[],
  expectedRevision: ExpectedRevision,
  context: CommandContext,
  ifMatch?: IfMatchRevision,
): Promise<LogPosition | null> {
  if (events.length === 0) return null;
  try {
    const result = await store.appendToStream(streamName, toNewEvents(events, context, { streamName, expectedRevision }), { expectedRevision });
    return result.position;
  } catch (error) {
    // With If-Match the client said which version it edited: a save in between is that version gone stale (412).
    if (error instanceof WrongExpectedRevisionError)
      throw ifMatch ? new PreconditionFailedError(ifMatch.staleMessage) : new ConcurrentAppendError(CONCURRENT_EDIT_MESSAGE);
    throw error;
  }
}

/**
 * Load, decide, append: one command against one stream. With `ifMatch` the stream must still be at the client's
 * revision (412 otherwise, nothing appended); `revision` is the stream's revision after the command.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext,
  ifMatch?: IfMatchRevision,
): Promise<{ state: State; events: Event[]; position: LogPosition | null; revision: number }> {
  const loaded = await loadAggregate(store, streamName, decider);
  const events = decider.decide(command, loaded.state);
  checkIfMatch(loaded, ifMatch);
  const position = await appendDecision(store, streamName, events, loaded.expectedRevision, context, ifMatch);
  const state = events.reduce(decider.evolve, loaded.state);
  return { state, events, position, revision: revisionAfter(loaded.expectedRevision, events.length) };
}
