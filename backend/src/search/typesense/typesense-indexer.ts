import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { InterruptibleSleep, waitUntil } from '@mello/projections';
import type { Client } from 'typesense';
import { z } from 'zod';
import { comparePositions, type LogPosition } from '../../event-store/port';
import { DEFAULT_PREFIX, SEARCH_KINDS, aliasName, checkPrefix } from './collections';
import { INDEXED_EVENT_TYPES, addToPlan, emptyPlan, type IndexedEvent } from './index-plan';
import { applyCollectionPlan, ensureCollections, isNotFound, targetsSignature, type Log } from './typesense-client';

/** What the indexer reads: the event store port (readAll, onAppended) satisfies it. */
export interface IndexerEventSource {
  readAll(options: { after: LogPosition | null; maxCount: number }): Promise<IndexedEvent[]>;
  onAppended(listener: () => void): () => void;
}

export type TypesenseIndexerOptions = {
  client: Client;
  pool: DatabasePool;
  source: IndexerEventSource;
  /** Names: `<prefix>_years` …; also the checkpoint row's name. Default 'mello'. */
  prefix?: string;
  batchSize?: number;
  log?: Log;
};

export const CHECKPOINT_TABLE = sql.identifier(['public', 'typesense_checkpoints']);

/** The checkpoint table: one row per prefix, with the collections its position is true for. */
export async function ensureCheckpointTable(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS ${CHECKPOINT_TABLE} (
      name        text PRIMARY KEY,
      position    text,
      collections text NOT NULL DEFAULT '',
      updated_at  timestamptz NOT NULL DEFAULT now(),
      last_error  text
    )`);
}

/**
 * One lock per prefix, held (transaction-scoped) by each indexer batch and by a rebuild's swap: batches of
 * several processes never overlap, and a rebuild swaps its collections in between two batches.
 */
export const indexLockKey = (prefix: string) => sql.fragment`hashtextextended(${`melloarkivet:typesense:${prefix}`}, 0)`;

const checkpointRow = z.object({ position: z.string().nullable(), collections: z.string() });

/**
 * Keeps the Typesense collections in step with the event log, at least once: each batch reads the events after
 * the checkpoint, writes them to Typesense (through the aliases), then stores the new checkpoint. A crash
 * between the two replays the batch, which is harmless: every write is an upsert, merge or delete by id, and a
 * replay runs in log order. Several processes may run one each: the lock lets one batch run at a time.
 */
export class TypesenseIndexer {
  private readonly prefix: string;
  private readonly batchSize: number;
  private reached: LogPosition | null = null;
  private readonly waiters = new Set<() => void>();
  private ready = false;
  private running = false;
  private pending = false;
  private readonly pause = new InterruptibleSleep();
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  lastError: string | null = null;

  constructor(private readonly options: TypesenseIndexerOptions) {
    this.prefix = checkPrefix(options.prefix ?? DEFAULT_PREFIX);
    this.batchSize = options.batchSize ?? 500;
  }

  /**
   * Creates the checkpoint table, and the collections and aliases that do not exist yet. If the aliases point at
   * other collections than the checkpoint was stored for (a new or wiped Typesense server, aliases changed by
   * hand), the checkpoint starts over from position 0: the index is refilled from the log.
   */
  async ensureReady(): Promise<void> {
    const { pool, client, log } = this.options;
    await pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${indexLockKey(this.prefix)})`);
      await ensureCheckpointTable(tx);
      const signature = targetsSignature(await ensureCollections(client, this.prefix));
      const row = await tx.maybeOne(sql.type(checkpointRow)`SELECT position, collections FROM ${CHECKPOINT_TABLE} WHERE name = ${this.prefix}`);
      if (!row) {
        await tx.query(sql.unsafe`INSERT INTO ${CHECKPOINT_TABLE} (name, position, collections) VALUES (${this.prefix}, NULL, ${signature})`);
      } else if (row.collections !== signature) {
        log?.('Typesense collections changed: indexing the log again from the start', { from: row.collections, to: signature });
        await tx.query(sql.unsafe`UPDATE ${CHECKPOINT_TABLE} SET position = NULL, collections = ${signature}, updated_at = now() WHERE name = ${this.prefix}`);
      }
    });
    this.ready = true;
  }

  /**
   * One batch: under the lock, events after the checkpoint → planned writes → Typesense → checkpoint. Answers how
   * many events it read (0: nothing new, or another process holds the lock).
   */
  async runBatch(): Promise<number> {
    const { pool, client, source, log } = this.options;
    if (!this.ready) await this.ensureReady();
    const result = await pool.transaction(async (tx) => {
      const locked = await tx.oneFirst(sql.type(z.object({ locked: z.boolean() }))`SELECT pg_try_advisory_xact_lock(${indexLockKey(this.prefix)}) AS locked`);
      if (!locked) return { events: 0, position: null };
      const row = await tx.one(sql.type(checkpointRow)`SELECT position, collections FROM ${CHECKPOINT_TABLE} WHERE name = ${this.prefix}`);
      const checkpoint = row.position as LogPosition | null;
      const events = await source.readAll({ after: checkpoint, maxCount: this.batchSize });
      if (events.length === 0) return { events: 0, position: checkpoint };
      const plan = addToPlan(
        emptyPlan(),
        events.filter((event) => INDEXED_EVENT_TYPES.has(event.type)),
        (event) => log?.('Typesense indexer: skipped an event it cannot index', { type: event.type, position: event.position }),
      );
      for (const kind of SEARCH_KINDS) await applyCollectionPlan(client, aliasName(this.prefix, kind), plan[kind], log);
      const last = events[events.length - 1]!.position as LogPosition;
      await tx.query(sql.unsafe`
        UPDATE ${CHECKPOINT_TABLE} SET position = ${last}, updated_at = now(), last_error = NULL WHERE name = ${this.prefix}`);
      return { events: events.length, position: last };
    });
    if (result.position !== null) this.advance(result.position);
    return result.events;
  }

  /** Indexes until the log has nothing more. Answers the number of events read. */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const read = await this.runBatch();
      if (read === 0) return total;
      total += read;
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.options.source.onAppended(() => this.poke());
    this.loop = this.run();
  }

  poke(): void {
    this.pending = true;
    this.pause.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.pending = false;
        const read = await this.runBatch();
        this.lastError = null;
        if (read > 0) continue;
      } catch (error) {
        this.lastError = String((error as Error)?.message ?? error);
        this.options.log?.('Typesense indexer batch failed', { error: this.lastError });
        // An alias gone (a wiped server): check the collections again before the next batch.
        if (isNotFound(error)) this.ready = false;
        await this.recordError(this.lastError);
        await this.pause.sleep(1000);
        continue;
      }
      // Nothing visible yet: wait for an append, with a poll as a safety net (an event committed behind an older
      // open transaction becomes readable without a notification).
      if (!this.pending) await this.pause.sleep(250);
    }
  }

  private async recordError(message: string): Promise<void> {
    await this.options.pool
      .query(sql.unsafe`UPDATE ${CHECKPOINT_TABLE} SET last_error = ${message.slice(0, 2000)} WHERE name = ${this.prefix}`)
      .catch(() => undefined);
  }

  private advance(position: LogPosition): void {
    if (comparePositions(position, this.reached) <= 0) return;
    this.reached = position;
    for (const wake of this.waiters) wake();
  }

  /** The stored checkpoint (another process may be the one indexing). */
  async refresh(): Promise<void> {
    const row = await this.options.pool
      .maybeOne(sql.type(z.object({ position: z.string().nullable() }))`SELECT position FROM ${CHECKPOINT_TABLE} WHERE name = ${this.prefix}`)
      .catch(() => null);
    if (row?.position) this.advance(row.position as LogPosition);
  }

  /**
   * Read your writes: resolves true once Typesense holds every event up to `position` (a command's append
   * result), false after `timeoutMs` (the write stands; search just lags a moment).
   */
  async waitFor(position: string | null, timeoutMs = 5000): Promise<boolean> {
    if (position === null) return true;
    const target = position as LogPosition;
    const done = () => comparePositions(this.reached, target) >= 0;
    if (done()) return true;
    this.poke();
    return waitUntil(done, { waiters: this.waiters, timeoutMs, pollMs: 100, refresh: () => this.refresh() });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.pause.wake();
    await this.loop;
    for (const wake of this.waiters) wake();
  }
}
