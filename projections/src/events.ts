import type { EventName, EventOf } from '@mello/contracts';
import type { DatabaseTransactionConnection } from 'slonik';
import type { CopyRows } from './copy-rows';

/**
 * An event as projections see it: decoded by the event registry (the backend's event store read path upcasts
 * and parses every event), so `data` is typed by `type`. `position` is opaque log order: compare as strings,
 * never parse.
 */
export type ProjectedEvent<N extends EventName = EventName> = {
  id: string;
  metadata: unknown;
  streamName: string;
  streamRevision: number;
  position: string;
  recordedAt: string;
} & EventOf<N>;

/** What the runner needs from the event store (the backend's EventStore port satisfies it). */
export interface EventSource {
  /** `types`: only events of these types are needed (a source may answer others too; readers filter anyway). */
  readAll(options: { after: string | null; maxCount: number; types?: readonly string[] }): Promise<ProjectedEvent[]>;
  /**
   * Optional one-pass read (a rebuild's): the events after a position up to the readable horizon when it starts,
   * in batches of at most `batchSize`, each once; later events are read with readAll from the last one's position.
   */
  streamAll?(options: { after: string | null; batchSize: number }): AsyncIterable<ProjectedEvent[]>;
  /** Position of the newest event a reader can see (null for an empty log): lets a rebuild read only some types. */
  headPosition?(): Promise<string | null>;
  onAppended(listener: () => void): () => void;
  /** Resolves once everything committed before the call can be read (catchUp waits for it). */
  untilReadable?(): Promise<void>;
}

export interface Projection {
  /** Stable name: the key of its checkpoint row. */
  readonly name: string;
  /** The registry's names of the events it follows. */
  readonly eventTypes: ReadonlySet<EventName>;
  /** The live runner's lane it applies in (lanes.ts); MAIN_LANE when absent. */
  readonly lane?: string;
  /** Applies a batch (already filtered to eventTypes, in log order) inside the runner's transaction. */
  apply(tx: DatabaseTransactionConnection, schema: string, events: readonly ProjectedEvent[]): Promise<void>;
  /**
   * Optional bulk path for a rebuild into empty tables: fold the whole log in memory, then write every row once.
   * The result must equal applying the same events batch by batch.
   */
  readonly bulk?: BulkLoader;
}

export interface BulkLoader {
  start(): unknown;
  add(state: unknown, events: readonly ProjectedEvent[]): void;
  /**
   * Writes the folded rows, in `tx` or through `copy` (COPY on a connection of its own): the build schema is not
   * live, and the rebuild writes the checkpoints once every loader has flushed.
   */
  flush(tx: DatabaseTransactionConnection, schema: string, state: unknown, copy: CopyRows): Promise<void>;
  /**
   * Optional, for a table that only ever gets one new row per event (the audit history): the rows folded so far,
   * taken out of the state after each batch. A rebuild COPYs them into `table` of its build schema, a COPY per batch,
   * while it reads on (copy-rows.ts, openCopyStream), so they are neither held until the end nor left for the
   * flush; `flush` then writes whatever was not taken (nothing).
   */
  readonly streamed?: {
    table: string;
    columns: readonly string[];
    take(state: unknown): ReadonlyArray<ReadonlyArray<string | null>>;
  };
}

export const maxPosition = (a: string | null, b: string | null): string | null => {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
};
