import { describe, expect, it } from 'vitest';
import type { ProjectedEvent } from './events';
import { SHARED_READ_EVENTS, SharedReads } from './shared-reads';

/** A log of `length` events at positions p0001, p0002, …, of which `readable` can be read now (the rest not yet). */
function log(length: number) {
  const events = Array.from({ length }, (_, i) => ({ id: `e${i + 1}`, position: `p${String(i + 1).padStart(6, '0')}` }) as ProjectedEvent);
  const reads: Array<{ after: string | null; maxCount: number }> = [];
  const source = {
    readable: length,
    async readAll({ after, maxCount }: { after: string | null; maxCount: number }) {
      reads.push({ after, maxCount });
      const from = after === null ? 0 : events.findIndex((event) => event.position === after) + 1;
      return events.slice(from, Math.min(from + maxCount, source.readable));
    },
  };
  return { events, reads, source, at: (n: number) => events[n - 1]!.position };
}

const ids = (events: readonly ProjectedEvent[]) => events.map((event) => event.id);

describe('SharedReads', () => {
  it('given a lane that read a stretch, when a lane behind it asks from inside that stretch, then it gets the rest without a read', async () => {
    const { reads, source, at } = log(10);
    const shared = new SharedReads(source);
    expect(ids(await shared.readAll({ after: null, maxCount: 6 }))).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
    expect(ids(await shared.readAll({ after: null, maxCount: 2 }))).toEqual(['e1', 'e2']);
    expect(ids(await shared.readAll({ after: at(2), maxCount: 10 }))).toEqual(['e3', 'e4', 'e5', 'e6']);
    expect(reads).toHaveLength(1);
  });

  it('given a lane at the end of what is kept, when it asks again, then it reads and what it reads is added', async () => {
    const { reads, source, at } = log(10);
    source.readable = 4;
    const shared = new SharedReads(source);
    await shared.readAll({ after: null, maxCount: 6 });
    source.readable = 10;
    expect(ids(await shared.readAll({ after: at(4), maxCount: 3 }))).toEqual(['e5', 'e6', 'e7']);
    // The lane behind gets both reads' events, in order, without a gap.
    expect(ids(await shared.readAll({ after: at(3), maxCount: 10 }))).toEqual(['e4', 'e5', 'e6', 'e7']);
    expect(reads).toEqual([
      { after: null, maxCount: 6 },
      { after: at(4), maxCount: 3 },
    ]);
  });

  it('given a position neither where the kept events start nor one of theirs, when asked, then it reads from there and keeps that instead', async () => {
    const { reads, source, at } = log(10);
    const shared = new SharedReads(source);
    await shared.readAll({ after: at(5), maxCount: 3 });
    expect(ids(await shared.readAll({ after: at(2), maxCount: 2 }))).toEqual(['e3', 'e4']);
    expect(ids(await shared.readAll({ after: at(3), maxCount: 5 }))).toEqual(['e4']);
    expect(reads.map((read) => read.after)).toEqual([at(5), at(2)]);
  });

  it('given a read of some types only, when asked, then it goes to the log and is not kept', async () => {
    const { reads, source } = log(4);
    const shared = new SharedReads(source);
    await shared.readAll({ after: null, maxCount: 4, types: ['YearCreated'] });
    await shared.readAll({ after: null, maxCount: 4 });
    expect(reads).toHaveLength(2);
  });

  it('given more events than it keeps, when a lane asks from before the oldest kept, then it reads again', async () => {
    const { reads, source, at } = log(SHARED_READ_EVENTS + 10);
    const shared = new SharedReads(source);
    await shared.readAll({ after: null, maxCount: SHARED_READ_EVENTS });
    await shared.readAll({ after: at(SHARED_READ_EVENTS), maxCount: 10 });
    expect(ids(await shared.readAll({ after: at(10), maxCount: 1 }))).toEqual(['e11']);
    expect(reads).toHaveLength(2);
    expect(ids(await shared.readAll({ after: at(5), maxCount: 1 }))).toEqual(['e6']);
    expect(reads).toHaveLength(3);
  });
});
