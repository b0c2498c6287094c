import { upcastEventData } from '@mello/contracts';
import type { EventStore, RecordedEvent } from './port';

const upcast = (event: RecordedEvent): RecordedEvent => {
  const data = upcastEventData(event.type, event.data);
  return data === event.data ? event : { ...event, data };
};

/**
 * The event store as every reader sees it: old events corrected on the way out (upcastEventData: e-mail
 * addresses written as author names become neutral public names). Projections, rebuilds, the search indexer,
 * deciders and the admin history all read through it, so none of them can show what the log still holds.
 */
export function upcastingEventStore(store: EventStore): EventStore {
  return {
    kind: store.kind,
    readStream: async (streamName) => (await store.readStream(streamName)).map(upcast),
    appendToStream: (streamName, events, options) => store.appendToStream(streamName, events, options),
    readAll: async (options) => (await store.readAll(options)).map(upcast),
    headPosition: () => store.headPosition(),
    untilReadable: (timeoutMs) => store.untilReadable(timeoutMs),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
}
