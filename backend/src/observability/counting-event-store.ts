import type { EventStore, RecordedEvent } from '../event-store/port';
import type { Metrics } from './metrics';

/**
 * The event store with mello_events_appended_total counted per event type after each successful append. A retried
 * append of the same event ids (a no-op in the store) counts again: this counts what the process appended.
 */
export function countingEventStore<Read extends Pick<RecordedEvent, 'type' | 'position'>>(
  store: EventStore<Read>,
  metrics: Pick<Metrics, 'eventsAppended'>,
): EventStore<Read> {
  return {
    kind: store.kind,
    readStream: (streamName) => store.readStream(streamName),
    async appendToStream(streamName, events, options) {
      const result = await store.appendToStream(streamName, events, options);
      const byType = new Map<string, number>();
      for (const event of events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
      for (const [type, count] of byType) metrics.eventsAppended.inc({ type }, count);
      return result;
    },
    ...(store.appendToNewStreams
      ? {
          appendToNewStreams: async (batch: Parameters<NonNullable<EventStore['appendToNewStreams']>>[0]) => {
            const result = await store.appendToNewStreams!(batch);
            // The batch's streams that already existed are not told apart here: this counts what was sent.
            const byType = new Map<string, number>();
            for (const { events } of batch) for (const event of events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
            for (const [type, count] of byType) metrics.eventsAppended.inc({ type }, count);
            return result;
          },
        }
      : {}),
    readAll: (options) => store.readAll(options),
    ...(store.streamAll && { streamAll: (options: Parameters<NonNullable<EventStore['streamAll']>>[0]) => store.streamAll!(options) }),
    headPosition: () => store.headPosition(),
    untilReadable: (timeoutMs) => store.untilReadable(timeoutMs),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
}
