import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from './schema';
import { InterruptibleSleep, waitUntil } from './waiting';

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
  private readonly waiters = new Set<() => void>();
  private readonly announced = new Set<() => void>();
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
      this.announce();
      const [schema, position] = (message.payload ?? '').split(' ');
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
          // Whatever was announced while the connection was down is for the subscribers to look up now.
          this.announce();
          return;
        } catch {
          // Still away: try again after a longer pause.
        }
      }
    })().finally(() => {
      this.reconnecting = null;
    });
  }

  /** The lowest checkpoint among the live projections that are not failing. */
  async refresh(): Promise<void> {
    const row = await this.pool
      .maybeOne(
        sql.type(z.object({ position: z.string().nullable(), missing: z.boolean().nullable() }))`
        SELECT min(position) AS position, bool_or(position IS NULL) AS missing
          FROM ${sql.identifier([LIVE_SCHEMA, 'checkpoints'])}
         WHERE last_error IS NULL`,
      )
      .catch(() => null);
    if (row && !row.missing && row.position) this.advance(row.position);
  }

  private advance(position: string): void {
    if (this.reached !== null && position <= this.reached) return;
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
   * LISTEN connection is back after an outage: one listening connection per process, shared. Returns the unsubscribe.
   */
  onAnnounced(listener: () => void): () => void {
    this.announced.add(listener);
    return () => this.announced.delete(listener);
  }

  private announce(): void {
    for (const listener of this.announced) listener();
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
