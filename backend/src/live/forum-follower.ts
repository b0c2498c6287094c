import { InterruptibleSleep, LIVE_SCHEMA, type ProjectedEvent, type ReadModelProgress } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { comparePositions, type EventStore, type LogPosition } from '../event-store/port';
import { forumChangesFor, type RoutedChange } from './forum-changes';

/** Events read from the log per step while catching up (after a rebuild's swap the gap can be large). */
const CHUNK = 500;
/** A safety net for a notification lost while the listening connection was down. */
const POLL_MS = 2000;

/**
 * Each API process follows the forum read model and tells its own sockets what changed. Whichever process runs
 * the projections (the single embedded process, or the worker) announces every committed batch with
 * NOTIFY rm_progress; on each announcement the follower reads the log from the position it last announced up to
 * the forum projection's checkpoint, turns the forum events among them into `forum:change` messages carrying the
 * read model's current state, and hands them to `emit`, which sends to this process's sockets only. So N API
 * processes serve their own clients and every client gets each change once, while no API process has to run the
 * projections. Presence and typing still cross processes through the Socket.IO adapter.
 */
export class ForumFollower {
  private seen: LogPosition | null = null;
  private unsubscribe: (() => void) | null = null;
  private running = false;
  private pending = false;
  private readonly pause = new InterruptibleSleep();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      pool: DatabasePool;
      /** The process's read-model progress: its LISTEN connection (re-opened after an outage) tells us to look. */
      progress: Pick<ReadModelProgress, 'onAnnounced'>;
      store: Pick<EventStore, 'readAll' | 'headPosition'>;
      /** The changes to send, and the forum events they came from (the moderation count follows those). */
      emit: (changes: RoutedChange[], events: readonly ProjectedEvent[]) => void;
      log: (message: string, detail?: Record<string, unknown>) => void;
    },
  ) {}

  /**
   * Starts from the forum read model's checkpoint (what a client can already have read), or the head of the log
   * when the read model is still empty, so a first build of the read models does not replay the whole forum.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.seen = (await this.forumCheckpoint()) ?? (await this.deps.store.headPosition());
    // Any announcement is a reason to look: the live runner's, or a rebuild's swap, after which the forum
    // checkpoint may have jumped ahead; so is the listening connection coming back after an outage.
    this.unsubscribe = this.deps.progress.onAnnounced(() => this.poke());
    this.loop = this.run();
  }

  /** The position up to which changes have been announced (for tests and diagnostics). */
  get position(): LogPosition | null {
    return this.seen;
  }

  private poke(): void {
    this.pending = true;
    this.pause.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.pending = false;
      try {
        await this.catchUp();
      } catch (error) {
        if (this.running) this.deps.log('live follower: catching up failed', { error: String((error as Error)?.message ?? error) });
        await this.pause.sleep(1000);
        continue;
      }
      if (!this.pending) await this.pause.sleep(POLL_MS);
    }
  }

  /** Announces every forum event after `seen` up to the forum projection's checkpoint. */
  async catchUp(): Promise<void> {
    const target = await this.forumCheckpoint();
    if (target === null) return;
    while (this.running && comparePositions(this.seen, target) < 0) {
      const events = await this.deps.store.readAll({ after: this.seen, maxCount: CHUNK });
      // Events past the checkpoint are not in the read model yet: they are announced on a later notification.
      const applied = events.filter((event) => comparePositions(event.position, target) <= 0);
      if (applied.length === 0) {
        if (events.length > 0) this.seen = target;
        return;
      }
      const forum = applied.filter((event) => event.type.startsWith('Forum'));
      // The messages carry the state the read model holds now, which is at least `target`.
      if (forum.length > 0) this.deps.emit(await forumChangesFor(this.deps.pool, forum, target), forum);
      this.seen = applied.length < events.length ? target : applied[applied.length - 1]!.position;
    }
  }

  private async forumCheckpoint(): Promise<LogPosition | null> {
    const position = await this.deps.pool.maybeOneFirst(
      sql.type(z.object({ position: z.string().nullable() }))`
        SELECT position FROM ${sql.identifier([LIVE_SCHEMA, 'checkpoints'])} WHERE projection = 'forum'`,
    );
    return (position ?? null) as LogPosition | null;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.pause.wake();
    await this.loop;
  }
}
