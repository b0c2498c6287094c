import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  KurrentDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type AppendResult as ClientAppendResult,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata } from '@mello/contracts';
import {
  WrongExpectedRevisionError,
  comparePositions,
  decodePosition,
  encodePosition,
  type AppendResult,
  type RawEventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
} from '../port';
import { kurrentConnectionString, withoutCredentials } from './connection-string';
import { isKurrentDbUnavailable, toEventStoreError } from './kurrentdb-errors';

/** The server sends the largest unsigned 64-bit number (or nothing) when it does not know a position. */
const UNKNOWN_POSITION = 2n ** 63n;

/** One stored event as the client hands it over (read from a stream or from $all). */
type ClientRecorded = NonNullable<ResolvedEvent['event']> | NonNullable<AllStreamResolvedEvent['event']>;

const toLogPosition = (position: Position | undefined): LogPosition | null =>
  position && position.commit < UNKNOWN_POSITION && position.prepare < UNKNOWN_POSITION ? encodePosition(position.commit, position.prepare) : null;

const toClientPosition = (position: LogPosition): Position => {
  const [commit, prepare] = decodePosition(position);
  return { commit, prepare };
};

/** System events ($metadata, $>, $statsCollected, $scavenge…): ours never start with '$'. */
const isSystemEvent = (event: ClientRecorded): boolean => event.type.startsWith('$');

const toRecorded = (event: ClientRecorded): RecordedEvent => {
  const position = toLogPosition(event.position);
  if (position === null) {
    // The server fills in the $all position on stream reads from 22.6 on; docker-compose.yml pins KurrentDB 26.0.
    throw new Error(`KurrentDB returned event ${event.id} in ${event.streamId} without a log position (server older than 22.6?)`);
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    streamName: event.streamId,
    streamRevision: Number(event.revision),
    position,
    recordedAt: event.created.toISOString(),
  };
};

const toStreamState = (expected: ExpectedRevision): AppendStreamState => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
};

const isStreamNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === ErrorType.STREAM_NOT_FOUND;

/** How many $all records one round trip asks for beyond what the caller wants (system events are skipped). */
const READ_SLACK = 16;

/**
 * The production event store: KurrentDB (EventStoreDB before version 25; docker-compose.yml runs 26.0 LTS) over
 * gRPC through @kurrent/kurrentdb-client. EVENTSTORE_URL is its connection string (connection-string.ts).
 *
 * Mapping to the port:
 * - stream revisions are bigint in the client and numbers here;
 * - a LogPosition is the $all position `commit/prepare`;
 * - system events (types starting with '$') never leave this adapter;
 * - idempotent re-sends are KurrentDB's own: the server compares the event ids with the events after the
 *   expected revision and answers success without writing when they match. That is reliable with an exact
 *   expected revision or no_stream; with 'any' it is best effort (the server's recent-id cache).
 *
 * - a server that cannot answer (down, no leader, a deadline passed) is EventStoreUnavailableError (kurrentdb-errors.ts),
 *   which the API answers with 503.
 *
 * Not supported: DuplicateEventIdError. KurrentDB keeps no global index of event ids, so an id re-used in
 * another stream is simply written again, and a re-send that only partly overlaps the earlier append comes back
 * as a wrong-expected-version conflict (WrongExpectedRevisionError). The contract test "refuses event ids already
 * used in another stream" therefore fails against this adapter; event ids are fresh uuids per command, so this
 * only matters for a buggy caller.
 */
export class KurrentDbEventStore implements RawEventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly appended = new EventEmitter();
  private subscription: AllStreamSubscription | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly client: KurrentDBClient) {
    this.appended.setMaxListeners(0);
  }

  async readStream(streamName: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName, { direction: FORWARDS, fromRevision: START })) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw toEventStoreError(error);
    }
    return events;
  }

  async appendToStream(streamName: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const proposed = events.map((event) => jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: event.metadata }));
    let result: ClientAppendResult;
    try {
      result = await this.client.appendToStream(streamName, proposed, { streamState: toStreamState(options.expectedRevision) });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError || (error as { type?: unknown })?.type === ErrorType.WRONG_EXPECTED_VERSION) {
        const actual = (error as WrongExpectedVersionError).actualState;
        throw new WrongExpectedRevisionError(streamName, options.expectedRevision, typeof actual === 'bigint' ? Number(actual) : 'no_stream');
      }
      throw toEventStoreError(error);
    }
    if (!result.success) {
      // Only with throwOnAppendFailure=false, which this adapter never sets; kept so a conflict can never pass as done.
      const actual = result.nextExpectedRevision < 0n ? 'no_stream' : Number(result.nextExpectedRevision);
      throw new WrongExpectedRevisionError(streamName, options.expectedRevision, actual);
    }
    const position = await this.positionOfRevision(streamName, result.nextExpectedRevision, events[events.length - 1]!.id, result.position);
    this.appended.emit('appended');
    return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
  }

  /**
   * The $all position of the event now at `revision`: the one read-your-writes waits for. The append reply's
   * position is not guaranteed to be that event's own (idempotent re-sends get no position, and a multi-event
   * write may report the transaction's), so the event is read back; the reply is only the fallback.
   */
  private async positionOfRevision(streamName: string, revision: bigint, lastId: string, replied: Position | undefined): Promise<LogPosition> {
    try {
      for await (const resolved of this.client.readStream(streamName, { fromRevision: revision, maxCount: 1, direction: FORWARDS })) {
        const position = resolved.event && resolved.event.id === lastId ? toLogPosition(resolved.event.position) : null;
        if (position) return position;
      }
    } catch (error) {
      // Deleted in the meantime, or the server went away after storing the append (which must not then be
      // answered as failed when the reply says where it is): fall back to the reply.
      if (!isStreamNotFound(error) && !isKurrentDbUnavailable(error)) throw error;
    }
    const fallback = toLogPosition(replied) ?? (await this.headPosition());
    if (fallback === null) throw new Error(`KurrentDB gave no position for the append to ${streamName}`);
    return fallback;
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    try {
      return await this.readAllFrom(options);
    } catch (error) {
      throw toEventStoreError(error);
    }
  }

  private async readAllFrom({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    if (maxCount <= 0) return [];
    const found: RecordedEvent[] = [];
    // fromPosition is inclusive: the record at the cursor itself is skipped (position must be strictly after it).
    let cursor: LogPosition | null = after;
    for (;;) {
      const batchSize = maxCount - found.length + 1 + READ_SLACK;
      const fromPosition: ReadPosition = cursor === null ? START : toClientPosition(cursor);
      const start: LogPosition | null = cursor;
      let received = 0;
      for await (const resolved of this.client.readAll({ fromPosition, maxCount: batchSize, direction: FORWARDS })) {
        received += 1;
        const event = resolved.event;
        if (!event) continue;
        const position = toLogPosition(event.position);
        if (position === null || comparePositions(position, cursor) <= 0) continue;
        cursor = position;
        if (!isSystemEvent(event) && found.length < maxCount) found.push(toRecorded(event));
      }
      // A short batch is the end of the log; a full one may have been mostly system events, so read on.
      if (found.length >= maxCount || received < batchSize || cursor === start) return found;
    }
  }

  /** $all is readable as soon as an append is acknowledged. */
  async untilReadable(): Promise<void> {}

  async headPosition(): Promise<LogPosition | null> {
    try {
      return await this.newestPosition();
    } catch (error) {
      throw toEventStoreError(error);
    }
  }

  private async newestPosition(): Promise<LogPosition | null> {
    // Newest first, skipping system events; a page of them (stats, scavenges) is followed by the next page.
    let cursor: LogPosition | null = null;
    const pageSize = 32;
    for (;;) {
      const fromPosition: ReadPosition = cursor === null ? END : toClientPosition(cursor);
      const start: LogPosition | null = cursor;
      let received = 0;
      for await (const resolved of this.client.readAll({ fromPosition, maxCount: pageSize, direction: BACKWARDS })) {
        received += 1;
        const event = resolved.event;
        if (!event) continue;
        const position = toLogPosition(event.position);
        if (position === null || (cursor !== null && comparePositions(position, cursor) >= 0)) continue;
        if (!isSystemEvent(event)) return position;
        cursor = position;
      }
      if (received < pageSize || cursor === start) return null;
    }
  }

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    this.subscribe();
    return () => this.appended.off('appended', listener);
  }

  /** Appends by other processes arrive through one live subscription to $all (from its end, no system events). */
  private subscribe(): void {
    if (this.subscription || this.resubscribeTimer || this.closed) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on('data', () => this.appended.emit('appended'));
    const retry = () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      void subscription.unsubscribe().catch(() => undefined);
      if (this.closed) return;
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = null;
        // Events appended while the subscription was down were missed: wake listeners so they read them.
        this.appended.emit('appended');
        this.subscribe();
      }, 1000);
      this.resubscribeTimer.unref();
    };
    subscription.on('error', retry);
    subscription.on('close', retry);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.appended.removeAllListeners();
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }
}

/**
 * Connects to `url` (kurrentdb://eventstore:2113?tls=false, or the older esdb:// spelling: connection-string.ts)
 * and checks that the server answers.
 */
export async function createKurrentDbEventStore(url: string): Promise<KurrentDbEventStore> {
  const store = new KurrentDbEventStore(KurrentDBClient.connectionString(kurrentConnectionString(url)));
  try {
    await store.headPosition();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw new Error(`Could not reach KurrentDB at ${withoutCredentials(url)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return store;
}
