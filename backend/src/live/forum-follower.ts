import { InterruptibleSleep, LIVE_SCHEMA, type ReadModelProgress } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { comparePositions, type EventStore, type LogPosition } from '../event-store/port';
import { forumMessagesFor, isForumEvent, type ForumMessages } from './forum-changes';
import { FORUM_CHANGES_CHANNEL, parsePublishedBatch, type PublishedForumBatch } from './forum-publisher';

/** Events read from the log per step while catching up (after a rebuild's swap the gap can be large). */
const CHUNK = 500;
/** A safety net for a notification lost while the listening connection was down. */
const POLL_MS = 2000;

/**
 * Each API process follows the forum read model and tells its own sockets what changed. Whichever process runs
 * the projections (the single embedded process, or the worker) publishes, in the transaction of every batch that
 * moves the forum checkpoint, that batch's messages ready to send (forum-publisher.ts: NOTIFY forum_changes with
 * the checkpoint before and after it). The follower hears them on the process's LISTEN connection and, when a
 * batch starts where the last one it sent ended, hands its messages to `emit` as they are: no read of the log or
 * of the read model. `emit` sends to this process's sockets only, so N API processes serve their own clients and
 * every client gets each change once.
 *
 * When the chain breaks (a batch that starts past what was sent: a notification lost while the connection was
 * down, a rebuild's swap, a batch too large for a payload) the follower catches up the old way: it reads the log
 * from the position it last sent up to the forum checkpoint and builds the messages from the read model's current
 * state. Batches it then hears that end at or before that position are skipped, so nothing is sent twice.
 */
export class ForumFollower {
  private seen: LogPosition | null = null;
  private readonly unsubscribe: Array<() => void> = [];
  private running = false;
  private pending = false;
  /** Published batches heard and not yet handled, in commit order. */
  private readonly heard: Array<PublishedForumBatch | null> = [];
  /** Whether to compare with the forum checkpoint (an announcement whose changes are not known, the poll, a failure). */
  private mustCatchUp = false;
  private readonly pause = new InterruptibleSleep();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      pool: DatabasePool;
      /** The process's read-model progress: its LISTEN connection (re-opened after an outage) brings the batches. */
      progress: Pick<ReadModelProgress, 'onAnnounced' | 'onNotification'>;
      store: Pick<EventStore, 'readAll' | 'headPosition'>;
      /** The messages of a stretch of the log, in log order. */
      emit: (messages: ForumMessages) => void;
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
    // Listening before the start position is read: a batch heard meanwhile is either behind it (skipped) or next.
    this.unsubscribe.push(
      this.deps.progress.onNotification(FORUM_CHANGES_CHANNEL, (payload) => {
        this.heard.push(parsePublishedBatch(payload));
        this.poke();
      }),
      // A live batch's announcement follows its published messages; one whose changes are not known (a rebuild's
      // swap, after which the checkpoint may have jumped; the connection back after an outage) is a reason to look.
      this.deps.progress.onAnnounced((position) => {
        if (position !== null) return;
        this.mustCatchUp = true;
        this.poke();
      }),
    );
    this.seen = (await this.forumCheckpoint()) ?? (await this.deps.store.headPosition());
    this.loop = this.run();
  }

  /** The position up to which changes have been sent (for tests and diagnostics). */
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
        await this.handleHeard();
        if (this.mustCatchUp) {
          this.mustCatchUp = false;
          await this.catchUp();
        }
      } catch (error) {
        if (this.running) this.deps.log('live follower: catching up failed', { error: String((error as Error)?.message ?? error) });
        this.mustCatchUp = true;
        await this.pause.sleep(1000);
        continue;
      }
      if (!this.pending) {
        await this.pause.sleep(POLL_MS);
        // Not woken: the safety net's look at the checkpoint.
        if (!this.pending) this.mustCatchUp = true;
      }
    }
  }

  /** Sends the batches heard, in order, as long as each continues the last; catches up from the log where one does not. */
  private async handleHeard(): Promise<void> {
    while (this.running && this.heard.length > 0) {
      const batch = this.heard[0]!;
      if (batch !== null && comparePositions(batch.to as LogPosition, this.seen) <= 0) {
        this.heard.shift();
        continue;
      }
      if (batch !== null && batch.messages !== null && batch.from === this.seen) {
        this.heard.shift();
        this.seen = batch.to as LogPosition;
        if (batch.messages.changes.length > 0 || batch.messages.moderationOpen !== null) this.deps.emit(batch.messages);
        continue;
      }
      // A gap, or a batch without its messages: read up to the checkpoint, which is at least this batch's end.
      await this.catchUp();
      if (this.heard[0] === batch) this.heard.shift();
    }
  }

  /** Sends every forum event after `seen` up to the forum projection's checkpoint, read from the log and the read model. */
  async catchUp(): Promise<void> {
    const target = await this.forumCheckpoint();
    if (target === null) return;
    while (this.running && comparePositions(this.seen, target) < 0) {
      const events = await this.deps.store.readAll({ after: this.seen, maxCount: CHUNK });
      // Events past the checkpoint are not in the read model yet: they are sent when their batch is heard.
      const applied = events.filter((event) => comparePositions(event.position, target) <= 0);
      if (applied.length === 0) {
        // Nothing more up to the checkpoint: the log holds nothing there the forum read model has not been told.
        this.seen = target;
        return;
      }
      const forum = applied.filter(isForumEvent);
      // The messages carry the state the read model holds now, which is at least `target`.
      if (forum.length > 0) {
        const messages = await forumMessagesFor(this.deps.pool, forum, target);
        if (messages.changes.length > 0 || messages.moderationOpen !== null) this.deps.emit(messages);
      }
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
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    this.pause.wake();
    await this.loop;
  }
}
