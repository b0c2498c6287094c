import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from './schema';
import { waitUntil } from './waiting';

/**
 * Read-your-writes: a command waits until the live read models have reached its events' position. The runner
 * announces each committed batch with NOTIFY rm_progress (from whichever process runs it); a short poll of the
 * checkpoint table covers a lost notification.
 */
export class ReadModelProgress {
  private reached: string | null = null;
  private readonly waiters = new Set<() => void>();
  private client: pg.Client | null = null;
  private closed = false;

  constructor(
    private readonly pool: DatabasePool,
    private readonly connectionUri: string,
  ) {}

  async start(): Promise<void> {
    await this.connect();
    await this.refresh();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionUri });
    client.on('notification', (message) => {
      const [schema, position] = (message.payload ?? '').split(' ');
      if (schema === LIVE_SCHEMA && position) this.advance(position);
      // A swapped-in rebuild announces under its build name; re-read the live checkpoints.
      else void this.refresh();
    });
    client.on('error', () => {
      this.client = null;
      if (!this.closed) setTimeout(() => void this.connect().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query('LISTEN rm_progress');
    this.client = client;
  }

  /** The lowest checkpoint among the live projections. */
  async refresh(): Promise<void> {
    const row = await this.pool
      .maybeOne(sql.type(z.object({ position: z.string().nullable(), missing: z.boolean() }))`
        SELECT min(position) AS position, bool_or(position IS NULL) AS missing FROM ${sql.identifier([LIVE_SCHEMA, 'checkpoints'])}`)
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

  /** The position the live read models are known to have reached (null before the first). Only moves forward. */
  get position(): string | null {
    return this.reached;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiters) wake();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
