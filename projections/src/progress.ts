import pg from 'pg';
import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from './schema';
import { InterruptibleSleep, waitUntil } from './waiting';

/**
 * The rm_progress announcement of a committed batch: `{schema} {position} {projection,projection,…}` — the
 * projections whose read models it wrote to, so a cache of other read models can stay (changeStamp).
 */
/** What a rebuild announces, under its build's name, once its read models replaced the live ones. */
export const SWAPPED = 'swapped';

export const progressPayload = (schema: string, position: string, changed: readonly string[]): string => `${schema} ${position} ${changed.join(',')}`;

/**
 * How long a projection whose failed batch the runner retries (the database away, a lock timeout) still counts in
 * the position read-your-writes waits for: three of the runner's longest pauses between attempts (retryDelayMs).
 * A command written meanwhile waits for it (at most its own timeout) rather than answer before its read model has
 * the event; after this the projection is taken as away, like one stopped on an event, and holds nothing back.
 */
export const RETRYING_HOLDS_SECONDS = 15;

/**
 * The position a schema's read models reached: the lowest checkpoint among its projections that are not failing
 * (one stopped on an event does not hold the others back, nor one retried for longer than RETRYING_HOLDS_SECONDS);
 * null while one of them has none yet. `projections`: the names to look at, a missing row counting as none yet (a
 * lane that has not committed its first batch); null: every row.
 */
export async function reachedPosition(db: CommonQueryMethods, schema: string, projections: readonly string[] | null): Promise<string | null> {
  const checkpoints = sql.identifier([schema, 'checkpoints']);
  const rows =
    projections === null
      ? sql.fragment`${checkpoints} c`
      : sql.fragment`unnest(${sql.array(projections, 'text')}) AS wanted (projection) LEFT JOIN ${checkpoints} c USING (projection)`;
  const row = await db.maybeOne(
    sql.type(z.object({ position: z.string().nullable(), missing: z.boolean().nullable() }))`
    SELECT min(c.position) AS position, bool_or(c.position IS NULL) AS missing FROM ${rows}
     WHERE c.last_error IS NULL OR c.retrying_since > now() - make_interval(secs => ${RETRYING_HOLDS_SECONDS})`,
  );
  return row && !row.missing ? row.position : null;
}

/**
 * Announces, after a lane's batch committed (lanes.ts), the position the runner's `projections` reached, read from
 * their checkpoints, with what the batch changed. Of two lanes committing at once, the announcement read last sees
 * both commits; an earlier, lower one changes nothing (the position only moves forward). Sent after the commit,
 * it still follows the batch's published messages, which were delivered on that commit.
 */
export async function announceReached(db: CommonQueryMethods, schema: string, projections: readonly string[], changed: readonly string[]): Promise<void> {
  const position = await reachedPosition(db, schema, projections);
  if (position !== null) await db.query(sql.unsafe`SELECT pg_notify('rm_progress', ${progressPayload(schema, position, changed)})`);
}

/** Waits between attempts to get the LISTEN connection back: 0.5 s, doubling, at most 5 s. */
const reconnectDelayMs = (attempt: number) => Math.min(5000, 500 * 2 ** Math.max(0, attempt - 1));

/**
 * Read-your-writes: a command waits until the live read models have reached its events' position. The runner
 * announces each committed batch with NOTIFY rm_progress (from whichever process runs it); a short poll of the
 * checkpoint table covers a lost notification.
 *
 * The LISTEN connection is re-opened with backoff whenever it is lost (the database restarted), and the
 * checkpoints are re-read once it is back, so commands waiting across an outage are not left on a missed
 * notification. A projection the runner stopped on an event (last_error set) does not hold the others back:
 * the position is the lowest checkpoint among the projections without an error.
 */
export class ReadModelProgress {
  private reached: string | null = null;
  private readonly changes = new Map<string, number>();
  private epoch = 0;
  private readonly waiters = new Set<() => void>();
  private readonly announced = new Set<(position: string | null) => void>();
  /** Other channels heard on the same connection (onNotification), so their messages keep their order with rm_progress's. */
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private client: pg.Client | null = null;
  private closed = false;
  private reconnecting: Promise<void> | null = null;
  private readonly backoff = new InterruptibleSleep();

  constructor(
    private readonly pool: DatabasePool,
    private readonly connectionUri: string,
  ) {}

  /** Connects and reads the checkpoints; fails when the database cannot be reached at start. */
  async start(): Promise<void> {
    await this.connect();
    await this.refresh();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionUri, connectionTimeoutMillis: 5000, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel !== 'rm_progress') {
        for (const listener of this.channels.get(message.channel) ?? []) listener(message.payload ?? '');
        return;
      }
      const [schema, position, changed] = (message.payload ?? '').split(' ');
      // Before anything waiting on the position wakes: once a write's position is reached, its change is known.
      if (schema === LIVE_SCHEMA && position) this.noteChanged(changed === undefined ? null : changed.split(',').filter(Boolean));
      // A rebuild's own batches change nothing live; its swap replaces every read model.
      else if (position === SWAPPED) this.noteChanged(null);
      this.announce(schema === LIVE_SCHEMA && position ? position : null);
      if (schema === LIVE_SCHEMA && position) this.advance(position);
      // A swapped-in rebuild announces under its build name; re-read the live checkpoints.
      else void this.refresh();
    });
    client.on('error', () => {
      if (this.client !== client) return;
      this.client = null;
      void client.end().catch(() => undefined);
      this.reconnect();
    });
    try {
      await client.connect();
      await client.query('LISTEN rm_progress');
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  /** Re-opens the LISTEN connection until it works (or close()), then catches up on missed notifications. */
  private reconnect(): void {
    if (this.reconnecting || this.closed) return;
    this.reconnecting = (async () => {
      for (let attempt = 1; !this.closed; attempt += 1) {
        await this.backoff.sleep(reconnectDelayMs(attempt));
        if (this.closed) return;
        try {
          await this.connect();
          await this.refresh();
          // Whatever was announced while the connection was down is for the subscribers to look up now; which read
          // models changed meanwhile is not known: all of them may have.
          this.noteChanged(null);
          this.announce(null);
          return;
        } catch {
          // Still away: try again after a longer pause.
        }
      }
    })().finally(() => {
      this.reconnecting = null;
    });
  }

  /** The position the live read models reached, read from their checkpoints. */
  async refresh(): Promise<void> {
    const position = await reachedPosition(this.pool, LIVE_SCHEMA, null).catch(() => null);
    if (position) this.advance(position, true);
  }

  private advance(position: string, fromPoll = false): void {
    if (this.reached !== null && position <= this.reached) return;
    // Reached without its announcement (lost, or not here yet): which read models changed is not known.
    if (fromPoll && this.reached !== null) this.noteChanged(null);
    this.reached = position;
    for (const wake of this.waiters) wake();
  }

  /** Resolves true once the read models reached `position`, false after `timeoutMs` (the write still stands). */
  async waitFor(position: string | null, timeoutMs = 5000): Promise<boolean> {
    if (position === null) return true;
    return waitUntil(() => this.reached !== null && this.reached >= position, {
      waiters: this.waiters,
      timeoutMs,
      pollMs: 200,
      refresh: () => this.refresh(),
    });
  }

  /**
   * Calls `listener` on every rm_progress announcement (the live runner's batches, a rebuild's swap) and once the
   * LISTEN connection is back after an outage: one listening connection per process, shared. The listener gets the
   * live position a batch announced, or null when what changed is not known (a swap, a reconnect). Returns the
   * unsubscribe.
   */
  onAnnounced(listener: (position: string | null) => void): () => void {
    this.announced.add(listener);
    return () => this.announced.delete(listener);
  }

  /**
   * Calls `listener` with the payload of every NOTIFY on `channel`, heard on the same connection as rm_progress (so
   * a message sent in a batch's transaction before its rm_progress arrives before that announcement). Nothing is
   * heard while the connection is down: onAnnounced(null) follows its return, for a listener to catch up.
   */
  onNotification(channel: string, listener: (payload: string) => void): () => void {
    const listeners = this.channels.get(channel);
    if (listeners) listeners.add(listener);
    else {
      this.channels.set(channel, new Set([listener]));
      const client = this.client;
      void client?.query(`LISTEN ${client.escapeIdentifier(channel)}`).catch(() => undefined);
    }
    return () => this.channels.get(channel)?.delete(listener);
  }

  private announce(position: string | null): void {
    for (const listener of this.announced) listener(position);
  }

  /** Counts the changes of each read model (by projection name); null: any of them may have changed. */
  private noteChanged(projections: readonly string[] | null): void {
    if (projections === null) {
      this.epoch += 1;
      return;
    }
    for (const name of projections) this.changes.set(name, (this.changes.get(name) ?? 0) + 1);
  }

  /**
   * A stamp of the named read models (projection names) that changes whenever one of them changes, as far as this
   * process can tell: after each announced batch that wrote to one, and after anything that may have gone unannounced
   * (a lost connection, a rebuild's swap, a position learnt by polling). A cache keeps what it made from those read
   * models while the stamp it took before reading them is still the current one.
   */
  changeStamp(projections: readonly string[]): string {
    return `${this.epoch}:${projections.map((name) => this.changes.get(name) ?? 0).join('.')}`;
  }

  /** The position the live read models are known to have reached (null before the first). Only moves forward. */
  get position(): string | null {
    return this.reached;
  }

  /** Whether the LISTEN connection is up (false while the database is away). */
  get listening(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.backoff.wake();
    for (const wake of this.waiters) wake();
    await this.reconnecting;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
