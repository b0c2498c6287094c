import type { ForumChange } from '@mello/contracts';
import { connectLive, type LiveClient } from '../../test/live-client';

/**
 * Arrival times of one message at every client, keyed by the reply id it carries. Clients run in this process,
 * so an arrival is `performance.now()` when the client's 'forum:change' handler runs: the clock is the same as the
 * sender's, and the time includes the client-side parse while sharing the CPU with the server.
 */
export class Arrivals {
  private readonly entries = new Map<string, { times: Float64Array; count: number; done: (() => void) | null }>();

  constructor(readonly expected: number) {}

  record(key: string, at: number): void {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { times: new Float64Array(this.expected), count: 0, done: null };
      this.entries.set(key, entry);
    }
    if (entry.count < this.expected) entry.times[entry.count] = at;
    entry.count += 1;
    if (entry.count === this.expected) entry.done?.();
  }

  /** Resolves with the arrival times once every client has the message, or with those that came within timeoutMs. */
  async all(key: string, timeoutMs: number): Promise<Float64Array> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { times: new Float64Array(this.expected), count: 0, done: null };
      this.entries.set(key, entry);
    }
    if (entry.count < this.expected) {
      const pending = entry;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        pending.done = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.entries.delete(key);
    return entry.times.slice(0, Math.min(entry.count, this.expected));
  }
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Opens `count` real socket.io-client connections (websocket transport, no session: visitors may watch) to `url`,
 * each recording the reply-created messages it receives into `arrivals`.
 */
export async function connectAudience(url: string, count: number, arrivals: Arrivals, concurrency = 50): Promise<LiveClient[]> {
  return inBatches(Array.from({ length: count }), concurrency, async () => {
    const socket = await connectLive(url);
    socket.on('forum:change', (change: ForumChange) => {
      if (change.kind === 'reply-created') arrivals.record(change.reply.id, performance.now());
    });
    return socket;
  });
}
