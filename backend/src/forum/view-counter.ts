import { EventName, SYSTEM_ACTOR, type EventOf } from '@mello/contracts';
import { randomUUID } from 'node:crypto';
import { isTransientDatabaseError } from '@mello/projections';
import { EventStoreUnavailableError, type EventStore } from '../event-store/port';
import { toNewEvents } from '../shared/command-handler';
import type { Context } from 'koa';
import { currentUser } from '../auth/guards';

/** A viewer is the signed-in member or, for visitors, the address: a reload within the window is not a view. */
export const viewerKey = (ctx: Context): string => currentUser(ctx)?.id ?? `ip:${ctx.ip}`;

export const forumViewsStream = (postId: string) => `forum-views-${postId}`;

const isStoreUnavailable = (error: unknown) => error instanceof EventStoreUnavailableError || isTransientDatabaseError(error);

/**
 * Counts post views without one event per page view: views are buffered in memory, one per viewer and post per
 * `windowMs` (a reload is not a new view), and flushed every `flushMs` as a single ForumPostViewsCounted event per
 * post with its count. The log stays the source of truth (a rebuild recounts views) while a busy post costs at most
 * one event per flush per process. A crash loses at most the last flush interval of views — acceptable for a
 * counter, and said in docs/forum.md; an unreachable store only delays them (see flush).
 */
export class ViewCounter {
  private readonly pending = new Map<string, number>();
  private readonly seen = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly options: { flushMs: number; windowMs: number; maxViewers?: number; onError?: (error: unknown) => void },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** Returns true when this counted as a new view. */
  record(postId: string, viewerKey: string, now = Date.now()): boolean {
    const key = `${viewerKey}\u0000${postId}`;
    const last = this.seen.get(key);
    if (last !== undefined && now - last < this.options.windowMs) return false;
    if (this.seen.size >= (this.options.maxViewers ?? 100_000)) this.forgetOlderThan(now - this.options.windowMs);
    if (this.seen.size >= (this.options.maxViewers ?? 100_000)) this.seen.clear();
    this.seen.set(key, now);
    this.pending.set(postId, (this.pending.get(postId) ?? 0) + 1);
    return true;
  }

  /** Views counted here but not yet in the read model: added to the post a reader is shown. */
  pendingFor(postId: string): number {
    return this.pending.get(postId) ?? 0;
  }

  /**
   * Appends the buffered counts. A count whose append fails stays buffered (added to views recorded meanwhile)
   * and goes with the next flush, so an outage of the store delays views but drops none. Once the store is
   * found unreachable, the rest of this flush is kept for the next one instead of failing post by post.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = [...this.pending];
      this.pending.clear();
      let unavailable: unknown = null;
      for (const [postId, count] of batch) {
        if (unavailable === null) {
          const event: EventOf<'ForumPostViewsCounted'> = { type: EventName.ForumPostViewsCounted, data: { postId, count } };
          try {
            const context = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null };
            await this.store.appendToStream(forumViewsStream(postId), toNewEvents([event], context), { expectedRevision: 'any' });
            continue;
          } catch (error) {
            if (isStoreUnavailable(error)) unavailable = error;
            else this.options.onError?.(error);
          }
        }
        this.pending.set(postId, (this.pending.get(postId) ?? 0) + count);
      }
      if (unavailable !== null) this.options.onError?.(unavailable);
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private forgetOlderThan(cutoff: number): void {
    for (const [key, at] of this.seen) if (at < cutoff) this.seen.delete(key);
  }
}
