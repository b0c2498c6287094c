import pg from 'pg';
import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { applyNextBatch, type BatchPublisher, type BatchResult, type OnProjectionFailure, type ProjectionFailure } from './apply-batch';
import { isTransientDatabaseError } from './database-errors';
import { type EventSource, type Projection, type ProjectedEvent } from './events';
import { announceReached } from './progress';
import { byLane } from './lanes';
import { SharedReads } from './shared-reads';
import { schemaIdentifier } from './schema';
import { BATCH_EVENTS } from './batch-events';
import { InterruptibleSleep } from './waiting';

export type RunnerOptions = {
  schema: string;
  /** At most this many events a batch (tests set small ones); BATCH_EVENTS unless given. */
  batchSize?: number;
  /**
   * Called after each committed batch with its lane (lanes.ts; catchUp's batches, which hold every lane, have
   * none), the lane's new checkpoint and the batch's events: an event is in every read model once each lane's
   * batch has had it.
   */
  onBatch?: (info: { lane: string | null; position: string; events: readonly ProjectedEvent[] }) => void;
  /** Runs in each batch's transaction, after its checkpoints and before its rm_progress (see BatchPublisher). */
  publish?: BatchPublisher;
  log?: (message: string) => void;
};

/** A lane of the live runner's projections (lanes.ts) and its loop's state. */
type Lane = { name: string; projections: readonly Projection[]; pending: boolean; pause: InterruptibleSleep; lastError: string | null };

/**
 * The channel on which a stopped projection is asked to try again (payload: its name), from any process: the
 * leading runner LISTENs on its leader connection, so whichever process runs the projections hears it.
 */
export const PROJECTION_RETRY_CHANNEL = 'projection_retry';

/** Asks the leading runner, in whichever process, to retry a projection it stopped, from the event it stopped on. */
export async function requestProjectionRetry(db: CommonQueryMethods, projection: string): Promise<void> {
  await db.query(sql.unsafe`SELECT pg_notify(${PROJECTION_RETRY_CHANNEL}, ${projection})`);
}

/** Waits between retries of a failed batch: 0.5 s, doubling, at most 5 s. */
export const retryDelayMs = (attempt: number): number => Math.min(5000, 500 * 2 ** Math.max(0, attempt - 1));

const stoppedRow = z.object({ projection: z.string(), position: z.string().nullable(), last_error: z.string().nullable() });

/**
 * Keeps a read-model schema in step with the log. Only one runner per schema is active across processes: the
 * leader holds a session advisory lock on its own connection; others stand by and take over if it goes away.
 *
 * A projection that throws on an event is stopped (its checkpoint stays before the event, rm.checkpoints holds
 * the error) while the others go on; this runner leaves it alone until it is asked to retry it
 * (requestProjectionRetry, from any process: the admin console's "Försök igen") or the process restarts, and then
 * applies from that event again. Its checkpoint row is what keeps it stopped: once the row no longer holds the
 * checkpoint and the error it stopped with (a rebuild swapped in read models without them, in any process), the
 * runner takes it back from the checkpoint it finds there (takeBackReplaced). A failed batch (the database away, a
 * lock timeout) is retried with backoff, and a lost leader connection is competed for again, so the runner
 * recovers by itself when the database returns.
 * An event the registry cannot read (MalformedEventError from the source's readAll, which ends the page before
 * it) is such a failed batch: every projection stops on it, with the error naming its stream, revision and type
 * in its status, and the runner retries until a deploy can read it; it is never skipped.
 *
 * The leader runs one loop per lane of its projections (lanes.ts), each with batches of its own, side by side; a
 * lane's failed batch is retried without holding the other lanes back.
 */
export class ProjectionRunner {
  private running = false;
  private readonly pause = new InterruptibleSleep();
  private readonly lanes: Lane[];
  /** Its projections' names: the checkpoints a lane's announcement reads. */
  private readonly names: readonly string[];
  /** The log as the batches read it: through SharedReads when lanes run side by side. */
  private readonly reads: Pick<EventSource, 'readAll'>;
  private leaderClient: pg.Client | null = null;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly stoppedProjections = new Map<string, ProjectionFailure>();
  lastError: string | null = null;
  isLeader = false;

  constructor(
    private readonly pool: DatabasePool,
    private readonly connectionUri: string,
    private readonly source: EventSource,
    private readonly projections: readonly Projection[],
    private readonly options: RunnerOptions,
  ) {
    this.lanes = [...byLane(projections)].map(([name, members]) => ({
      name,
      projections: members,
      pending: false,
      pause: new InterruptibleSleep(),
      lastError: null,
    }));
    this.reads = this.lanes.length > 1 ? new SharedReads(source) : source;
    this.names = projections.map((p) => p.name);
  }

  /** Projections this runner stopped on an event, by name. */
  get stopped(): ReadonlyMap<string, ProjectionFailure> {
    return this.stoppedProjections;
  }

  /**
   * Applies batches until the log has nothing more for this schema, having first waited until everything committed
   * before the call is readable (the source holds events back while older transactions are open). Returns the
   * number of events read. A projection that throws on an event fails the call (ProjectionApplyError, nothing of
   * that batch applied); projections this runner has stopped are left out.
   */
  async catchUp(): Promise<number> {
    await this.source.untilReadable?.();
    let total = 0;
    for (;;) {
      const batch = await this.runBatch('throw');
      if (batch.events.length === 0) return total;
      total += batch.events.length;
    }
  }

  /**
   * One batch of `lane`'s projections, or of all of them (catchUp's, and a test's), in one transaction. A lane's
   * batch beside other lanes announces the read models' position after its commit (announceReached); any other in
   * its transaction.
   */
  async runBatch(onProjectionFailure: OnProjectionFailure = 'throw', lane?: Lane): Promise<BatchResult> {
    await this.takeBackReplaced(lane?.projections ?? this.projections);
    const active = (lane?.projections ?? this.projections).filter((p) => !this.stoppedProjections.has(p.name));
    if (active.length === 0) return { position: null, events: [], failures: [], changed: [] };
    const besideOthers = lane !== undefined && this.lanes.length > 1;
    const apply = (isolate: boolean) =>
      this.pool.transaction((tx) =>
        applyNextBatch(tx, this.reads, active, this.options.schema, this.options.batchSize ?? BATCH_EVENTS, {
          onProjectionFailure,
          isolate,
          publish: this.options.publish,
          announce: !besideOthers,
        }),
      );
    // The live runner ('stop') tries a fast path first: no savepoint per projection (its batches are small, and
    // those round trips were a large part of each one's time). Any failure rolls that whole transaction back
    // (nothing applied, no checkpoint moved) and the batch runs again isolated, which stops only the projection that
    // failed, as before (and, as before, one that then applies event by event is up to date). A connection problem
    // is not retried here: the run loop retries it with backoff, as any failed batch. catchUp ('throw') stays
    // isolated: its failure is the caller's answer.
    let batch: BatchResult;
    if (onProjectionFailure === 'throw') {
      batch = await apply(true);
    } else {
      try {
        batch = await apply(false);
      } catch (error) {
        if (isTransientDatabaseError(error)) throw error;
        batch = await apply(true);
      }
    }
    for (const failure of batch.failures) {
      this.stoppedProjections.set(failure.projection, failure);
      this.options.log?.(
        `Projection ${failure.projection} in ${this.options.schema} STOPPED at checkpoint ${failure.checkpoint ?? '(start)'}; ` +
          `the other projections go on, and it resumes from this event when retried or after a restart (from the rebuilt checkpoint after a rebuild). ${failure.message}`,
      );
    }
    if (batch.position !== null) {
      if (besideOthers) {
        // The batch has committed either way: an announcement lost with the connection is made up for by the next
        // batch's and by ReadModelProgress's poll of the checkpoints.
        await announceReached(this.pool, schemaIdentifier(this.options.schema), this.names, batch.changed).catch(() => undefined);
      }
      this.options.onBatch?.({ lane: lane?.name ?? null, position: batch.position, events: batch.events });
    }
    return batch;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.source.onAppended(() => this.poke());
    this.loop = this.run();
  }

  poke(): void {
    for (const lane of this.lanes) {
      lane.pending = true;
      lane.pause.wake();
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (!(await this.ensureLeadership())) {
        await this.pause.sleep(2000);
        continue;
      }
      // Until the leader connection is lost (ensureLeadership then competes again) or stop().
      await Promise.all(this.lanes.map((lane) => this.runLane(lane)));
    }
  }

  private async runLane(lane: Lane): Promise<void> {
    let failedAttempts = 0;
    while (this.running && this.leaderClient) {
      try {
        lane.pending = false;
        const batch = await this.runBatch('stop', lane);
        // A batch that applied events cleared the recorded error with its checkpoints (apply-batch.ts); one that
        // found nothing new (the log idle while the database was away) clears it here.
        if (lane.lastError !== null && batch.position === null) await this.clearRecordedError(lane);
        lane.lastError = null;
        this.lastError = this.lanes.find((other) => other.lastError !== null)?.lastError ?? null;
        failedAttempts = 0;
        if (batch.events.length > 0) continue;
      } catch (error) {
        if (!this.running) break;
        failedAttempts += 1;
        lane.lastError = this.lastError = (error as Error).message;
        const delay = retryDelayMs(failedAttempts);
        this.options.log?.(
          `Projection batch failed for ${this.options.schema} (lane ${lane.name}, attempt ${failedAttempts}, retrying in ${delay} ms): ${lane.lastError}`,
        );
        await this.recordError(lane, lane.lastError);
        await lane.pause.sleep(delay);
        continue;
      }
      // Nothing visible yet: wait for an append notification, with a poll as a safety net (an event can be
      // committed but still hidden behind an older open transaction, which commits without notifying us).
      if (!lane.pending) await lane.pause.sleep(250);
    }
  }

  private async ensureLeadership(): Promise<boolean> {
    if (this.leaderClient) return true;
    const client = new pg.Client({ connectionString: this.connectionUri, connectionTimeoutMillis: 5000, keepAlive: true });
    // Until it is ours, a lost connection only fails the calls below.
    client.on('error', () => undefined);
    try {
      await client.connect();
      const key = `melloarkivet:runner:${this.options.schema}`;
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
      if (!rows[0]?.locked) {
        await client.end();
        this.isLeader = false;
        return false;
      }
      client.on('notification', (message) => {
        if (message.channel === PROJECTION_RETRY_CHANNEL && message.payload) this.retry(message.payload);
      });
      await client.query(`LISTEN ${PROJECTION_RETRY_CHANNEL}`);
      client.on('error', () => {
        // Losing the connection (the database restarted, say) loses the lock: step down and compete again.
        if (this.leaderClient !== client) return;
        this.leaderClient = null;
        this.isLeader = false;
        void client.end().catch(() => undefined);
      });
      this.leaderClient = client;
      this.isLeader = true;
      return true;
    } catch {
      await client.end().catch(() => undefined);
      this.isLeader = false;
      return false;
    }
  }

  /** Takes a stopped projection back into the batches, from the event it stopped on (its checkpoint stayed before it). */
  retry(projection: string): void {
    if (!this.stoppedProjections.delete(projection)) return;
    this.options.log?.(`Projection ${projection} in ${this.options.schema}: retrying from the event it stopped on`);
    this.poke();
  }

  /**
   * Takes back those of `projections` this runner stopped whose checkpoint row no longer holds the checkpoint and the
   * error they stopped with: a rebuild swapped in read models without them (every read model, or that projection's),
   * in this process or any other (`npm run rebuild`, a worker). Their batches go on from the rebuilt checkpoint; if
   * the cause is still there, they stop again with their error. The row is read before every batch while any of
   * them is stopped (a lane whose projections are all stopped still polls every 250 ms), so what this runner leaves
   * out and what the status shows (`last_error`, which the console's retry checks) never disagree for longer than
   * one poll: a projection kept out with no error in its row would hold back every command's read-your-writes wait.
   */
  private async takeBackReplaced(projections: readonly Projection[]): Promise<void> {
    const stopped = projections.filter((p) => this.stoppedProjections.has(p.name)).map((p) => p.name);
    if (stopped.length === 0) return;
    const rows = await this.pool.any(sql.type(stoppedRow)`
      SELECT projection, position, last_error FROM ${sql.identifier([this.options.schema, 'checkpoints'])}
       WHERE projection = ANY(${sql.array(stopped, 'text')})`);
    const byName = new Map(rows.map((row) => [row.projection, row]));
    for (const name of stopped) {
      const row = byName.get(name);
      const failure = this.stoppedProjections.get(name);
      if (!failure || (row && row.last_error !== null && row.position === failure.checkpoint)) continue;
      this.stoppedProjections.delete(name);
      this.options.log?.(
        `Projection ${name} in ${this.options.schema}: its checkpoint was replaced (a rebuild swapped in), resuming from ${row?.position ?? '(start)'}`,
      );
    }
  }

  /** The lane's projections that are not stopped on an event: the ones a batch's success or failure speaks for. */
  private activeNames(lane: Lane): string[] {
    return lane.projections.filter((p) => !this.stoppedProjections.has(p.name)).map((p) => p.name);
  }

  /**
   * A failed batch marks its lane's active projections as failing until a batch succeeds (stopped ones keep theirs),
   * retrying since its first failure: read-your-writes still waits for them for a while (progress.ts, reachedPosition).
   */
  private async recordError(lane: Lane, message: string): Promise<void> {
    const active = this.activeNames(lane);
    await this.pool
      .query(
        sql.unsafe`
        UPDATE ${sql.identifier([this.options.schema, 'checkpoints'])}
           SET last_error = ${message.slice(0, 2000)}, last_error_at = now(), retrying_since = coalesce(retrying_since, now())
         WHERE projection = ANY(${sql.array(active, 'text')})`,
      )
      .catch(() => undefined);
  }

  /**
   * Clears what recordError left on the lane's active projections once a batch succeeded: they are up to date, and
   * a failing mark left behind would show them failing and keep them out of the read-your-writes position
   * (reachedPosition), so a command could answer before their read models have its events. A projection stopped
   * on an event keeps its error.
   */
  private async clearRecordedError(lane: Lane): Promise<void> {
    const active = this.activeNames(lane);
    await this.pool.query(
      sql.unsafe`
        UPDATE ${sql.identifier([this.options.schema, 'checkpoints'])}
           SET last_error = NULL, last_error_at = NULL, retrying_since = NULL
         WHERE projection = ANY(${sql.array(active, 'text')}) AND last_error IS NOT NULL`,
    );
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.pause.wake();
    for (const lane of this.lanes) lane.pause.wake();
    await this.loop;
    await this.leaderClient?.end().catch(() => undefined);
    this.leaderClient = null;
    this.isLeader = false;
  }
}
