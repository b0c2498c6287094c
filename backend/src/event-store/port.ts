import type { AnyEvent, EventMetadata } from '@mello/contracts';

/**
 * A position in the global log. Opaque outside the adapters: two fixed-width numbers joined by '/', padded so
 * that plain string comparison is log order (PostgreSQL: transaction id / sequence number; EventStoreDB:
 * commit / prepare position). Compare only with comparePositions.
 */
export type LogPosition = string & { readonly __brand: 'LogPosition' };

export const encodePosition = (major: bigint | number | string, minor: bigint | number | string): LogPosition =>
  `${String(major).padStart(20, '0')}/${String(minor).padStart(20, '0')}` as LogPosition;

export const decodePosition = (position: LogPosition): [bigint, bigint] => {
  const [major, minor] = position.split('/');
  return [BigInt(major ?? '0'), BigInt(minor ?? '0')];
};

/** Log order; null (before the first event) sorts first. */
export const comparePositions = (a: LogPosition | null, b: LogPosition | null): number => {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
};

export const isPosition = (value: unknown): value is LogPosition => typeof value === 'string' && /^\d{20}\/\d{20}$/.test(value);

/** 'no_stream': the stream must not exist; 'stream_exists': it must; a number: its last event's revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export type NewEvent = {
  /** A uuid; re-sending an event with the same id is a no-op (idempotent retry). */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
};

/** An event as the adapters store it: its type and data as written, not yet checked. */
export type RecordedEvent = NewEvent & {
  streamName: string;
  /** 0-based position of the event in its stream. */
  streamRevision: number;
  position: LogPosition;
  /** When the store recorded it (ISO 8601). */
  recordedAt: string;
};

/**
 * An event as every reader sees it (decoding-event-store.ts): upcast and parsed by the event registry, so `type`
 * is a registry name and `data` its schema's output, narrowed by a `switch` on `type`.
 */
export type ReadEvent = Omit<RecordedEvent, 'type' | 'data'> & AnyEvent;

export type AppendResult = {
  /** Revision of the stream's last event after the append. */
  nextExpectedRevision: number;
  /** Log position of the last appended event: what read-your-writes waits for. */
  position: LogPosition;
};

/**
 * `types`: only events of these types (a rebuild of one projection reads only what it follows). A store may answer
 * others too (KurrentDB does): readers filter anyway. Positions stay the log's: the page's last is the last answered.
 */
export type ReadAllOptions = { after: LogPosition | null; maxCount: number; types?: readonly string[] };

/** streamAll's options: where to start (null: the first event) and how many events each batch holds at most. */
export type StreamAllOptions = { after: LogPosition | null; batchSize: number };

/**
 * The event store port. `Read` is what reading answers: the adapters answer the events as stored (RawEventStore),
 * the store every process opens answers them decoded (ReadEvent; decoding-event-store.ts).
 */
export interface EventStore<Read extends Pick<RecordedEvent, 'type' | 'position'> = ReadEvent> {
  readonly kind: 'postgres' | 'eventstoredb';
  /** The stream's events in order, or [] when it does not exist. */
  readStream(streamName: string): Promise<Read[]>;
  /**
   * Optional bulk path for an import: creates many new streams, a chunk of them per transaction (one round trip
   * each); a stream that already exists is left as it is and not counted. Without it, callers append stream by stream.
   */
  appendToNewStreams?(batch: ReadonlyArray<{ streamName: string; events: NewEvent[] }>): Promise<{ position: LogPosition | null; appended: number }>;
  /** Appends atomically; throws WrongExpectedRevisionError on a conflict. */
  appendToStream(streamName: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Events of all streams after a position, in log order. Never returns an event while an earlier one may still
   * be committed: a caller that stores the last position it saw never skips anything.
   */
  readAll(options: ReadAllOptions): Promise<Read[]>;
  /**
   * Optional one-pass read for a rebuild: the events after a position up to the readable horizon of the moment it
   * starts (as readAll's, so nothing is skipped), in batches, in log order, each exactly once. Events that become
   * readable after it started are not in it: the caller reads them with readAll from the last position it got.
   * Ending the iteration early (break, throw) releases what it holds.
   */
  streamAll?(options: StreamAllOptions): AsyncIterable<Read[]>;
  /** Position of the newest event a reader can see, or null for an empty log. */
  headPosition(): Promise<LogPosition | null>;
  /**
   * Resolves once every event committed before the call can be read by readAll (the PostgreSQL store holds an
   * event back while an older transaction is still open; see its schema). Gives up after `timeoutMs`.
   */
  untilReadable(timeoutMs?: number): Promise<void>;
  /** Calls back (without arguments) soon after events are appended by any process; returns an unsubscribe. */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}

/** An adapter: reading answers the events as they are stored. */
export type RawEventStore = EventStore<RecordedEvent>;

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Re-sent event ids that do not match the earlier append (other stream or partial overlap). */
export class DuplicateEventIdError extends Error {
  constructor(readonly streamName: string) {
    super(`Stream ${streamName}: some event ids were already appended elsewhere`);
    this.name = 'DuplicateEventIdError';
  }
}

/**
 * The event store cannot be reached now (server down, no leader, a deadline passed): the API answers 503 and the
 * caller may retry. An append that fails this way may still have been stored (a deadline can pass after the
 * server wrote it): never acknowledged, so nothing acknowledged is lost, but a retry may find it already done.
 */
export class EventStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}
