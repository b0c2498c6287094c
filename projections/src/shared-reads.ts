import type { EventSource, ProjectedEvent } from './events';

/** At most this many events are kept (about 17 MB of the bench's 1.7 kB events); older ones are read again. */
export const SHARED_READ_EVENTS = 10_000;

type ReadOptions = Parameters<EventSource['readAll']>[0];

/**
 * The log as the live runner's lanes (lanes.ts) read it: each lane follows the whole log, the search lane a little
 * behind the main one, and each read is a query and the decoding of every event in it. The events read last are
 * kept, and a lane asking for the events after one of them gets the ones after it without a read.
 *
 * A read answers every event after its start that could be read then, in log order and without a gap (the store
 * holds back events behind a transaction still open), so the events after any one of them are such an answer too.
 * A read that starts where the kept events end is added to them; any other replaces them. The events are shared
 * between lanes as they are: projections never change the events they are given.
 */
export class SharedReads {
  /** The position the kept events were read after (null: the start of the log); undefined while none are kept. */
  private start: string | null | undefined = undefined;
  private kept: ProjectedEvent[] = [];

  constructor(private readonly source: Pick<EventSource, 'readAll'>) {}

  async readAll(options: ReadOptions): Promise<ProjectedEvent[]> {
    // A read of some types only is not the whole log: not kept, not answered from what is.
    if (options.types) return this.source.readAll(options);
    const tail = this.after(options.after, options.maxCount);
    if (tail !== null && tail.length > 0) return tail;
    const events = await this.source.readAll(options);
    const end = this.kept.length > 0 ? this.kept[this.kept.length - 1]!.position : this.start;
    if (this.start !== undefined && options.after === end) this.kept.push(...events);
    else {
      this.start = options.after;
      this.kept = [...events];
    }
    if (this.kept.length > SHARED_READ_EVENTS) {
      const dropped = this.kept.splice(0, this.kept.length - SHARED_READ_EVENTS);
      this.start = dropped[dropped.length - 1]!.position;
    }
    return events;
  }

  /** The kept events after `after`, at most `maxCount`; null when `after` is neither where they start nor one of theirs. */
  private after(after: string | null, maxCount: number): ProjectedEvent[] | null {
    if (this.start === undefined) return null;
    const from = after === this.start ? 0 : this.kept.findIndex((event) => event.position === after) + 1;
    return from === 0 && after !== this.start ? null : this.kept.slice(from, from + maxCount);
  }
}
