import { decodeEvent, MalformedEventError } from '@mello/contracts';
import type { EventStore, RawEventStore, ReadEvent, RecordedEvent } from './port';

/** One stored event as readers see it: upcast and parsed by the registry (throws MalformedEventError). */
export const decodeRecorded = (recorded: RecordedEvent): ReadEvent => ({ ...recorded, ...decodeEvent(recorded) });

/**
 * A page of readAll, decoded. A malformed event ends the page just before it, so a reader that stores the last
 * position it saw gets up to that event; the next page then starts with it and throws, naming its stream, revision
 * and type. Nothing is ever skipped: the readers stop there (and retry) until the code can read the event.
 */
export function decodePage(page: readonly RecordedEvent[]): ReadEvent[] {
  const decoded: ReadEvent[] = [];
  for (const recorded of page) {
    try {
      decoded.push(decodeRecorded(recorded));
    } catch (error) {
      if (error instanceof MalformedEventError && decoded.length > 0) return decoded;
      throw error;
    }
  }
  return decoded;
}

/** streamAll's batches, decoded: a malformed event ends the stream with its MalformedEventError (nothing skipped). */
async function* decodeBatches(batches: AsyncIterable<readonly RecordedEvent[]>): AsyncGenerator<ReadEvent[]> {
  for await (const batch of batches) yield batch.map(decodeRecorded);
}

/**
 * The event store as every reader sees it: each event read is upcast and parsed by the event registry
 * (contracts/src/events), the one place that turns stored data into a typed event. Projections, rebuilds, the
 * search indexer, the live forum follower, deciders and the admin history all read through it.
 */
export function decodingEventStore(store: RawEventStore): EventStore {
  return {
    kind: store.kind,
    readStream: async (streamName) => (await store.readStream(streamName)).map(decodeRecorded),
    appendToStream: (streamName, events, options) => store.appendToStream(streamName, events, options),
    // The import's bulk path (PostgreSQL): without it the lineups import appends stream by stream, eight at a time,
    // and the log no longer holds the entries in the data's order (the order a lineup falls back on).
    ...(store.appendToNewStreams && { appendToNewStreams: (batch) => store.appendToNewStreams!(batch) }),
    readAll: async (options) => decodePage(await store.readAll(options)),
    ...(store.streamAll && { streamAll: (options) => decodeBatches(store.streamAll!(options)) }),
    headPosition: () => store.headPosition(),
    untilReadable: (timeoutMs) => store.untilReadable(timeoutMs),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
}
