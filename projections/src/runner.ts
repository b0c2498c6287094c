import pg from 'pg';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { type EventSource, type Projection, type ProjectedEvent } from './events';
import { schemaIdentifier } from './schema';
import { InterruptibleSleep } from './waiting';

export type RunnerOptions = {
  schema: string;
  batchSize?: number;
  /** Called after each committed batch with the new checkpoint and the batch's events. */
  onBatch?: (info: { position: string; events: readonly ProjectedEvent[] }) => void;
  log?: (message: string) => void;
};

const checkpointRow = z.object({ projection: z.string(), position: z.string().nullable() });

/** Advisory-lock keys: one per read-model schema, so a rebuild's swap can pause the live runner. */
export const applyLockKey = (schema: string) => sql.fragment`hashtextextended(${`melloarkivet:apply:${schema}`}, 0)`;

/**
 * Applies one batch: reads the checkpoints under the schema's apply lock, reads the events after the lowest one,
 * hands each projection the events it has not seen, and stores the new checkpoints in the same transaction.
 * A crash before commit leaves nothing applied; after commit, nothing is applied twice.
 */
export async function applyNextBatch(
  tx: DatabaseTransactionConnection,
  source: EventSource,
  projections: readonly Projection[],
  schema: string,
  batchSize: number,
): Promise<{ position: string | null; events: readonly ProjectedEvent[] }> {
  const s = schemaIdentifier(schema);
  await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${applyLockKey(s)})`);
  await tx.query(sql.unsafe`
    INSERT INTO ${sql.identifier([s, 'checkpoints'])} (projection, position)
    SELECT name, NULL FROM unnest(${sql.array(projections.map((p) => p.name), 'text')}) AS name
    ON CONFLICT (projection) DO NOTHING`);
  const rows = await tx.any(sql.type(checkpointRow)`
    SELECT projection, position FROM ${sql.identifier([s, 'checkpoints'])}
     WHERE projection = ANY(${sql.array(projections.map((p) => p.name), 'text')})`);
  const checkpoints = new Map(rows.map((row) => [row.projection, row.position]));
  const lowest = projections
    .map((p) => checkpoints.get(p.name) ?? null)
    .reduce<string | null | undefined>((min, cp) => (min === undefined ? cp : cp === null || (min !== null && cp < min) ? cp : min), undefined);
  const events = await source.readAll({ after: lowest ?? null, maxCount: batchSize });
  if (events.length === 0) return { position: null, events };
  const last = events[events.length - 1]!.position;

  for (const projection of projections) {
    const checkpoint = checkpoints.get(projection.name) ?? null;
    const unseen = events.filter((e) => (checkpoint === null || e.position > checkpoint) && projection.eventTypes.has(e.type));
    if (unseen.length > 0) await projection.apply(tx, s, unseen);
  }
  await tx.query(sql.unsafe`
    UPDATE ${sql.identifier([s, 'checkpoints'])}
       SET position = ${last}, updated_at = now(), last_error = NULL, last_error_at = NULL
     WHERE projection = ANY(${sql.array(projections.map((p) => p.name), 'text')})
       AND (position IS NULL OR position < ${last})`);
  await tx.query(sql.unsafe`SELECT pg_notify('rm_progress', ${`${s} ${last}`})`);
  return { position: last, events };
}

/**
 * Keeps a read-model schema in step with the log. Only one runner per schema is active across processes: the
 * leader holds a session advisory lock on its own connection; others stand by and take over if it goes away.
 */
export class ProjectionRunner {
  private running = false;
  private readonly pause = new InterruptibleSleep();
  private pending = false;
  private leaderClient: pg.Client | null = null;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  lastError: string | null = null;
  isLeader = false;

  constructor(
    private readonly pool: DatabasePool,
    private readonly connectionUri: string,
    private readonly source: EventSource,
    private readonly projections: readonly Projection[],
    private readonly options: RunnerOptions,
  ) {}

  /** Applies batches until the log has nothing more for this schema. Returns the number of events read. */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.runBatch();
      if (batch.events.length === 0) return total;
      total += batch.events.length;
    }
  }

  async runBatch() {
    const batch = await this.pool.transaction((tx) =>
      applyNextBatch(tx, this.source, this.projections, this.options.schema, this.options.batchSize ?? 1000),
    );
    if (batch.position !== null) this.options.onBatch?.({ position: batch.position, events: batch.events });
    return batch;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.source.onAppended(() => this.poke());
    this.loop = this.run();
  }

  poke(): void {
    this.pending = true;
    this.pause.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (!(await this.ensureLeadership())) {
        await this.pause.sleep(2000);
        continue;
      }
      try {
        this.pending = false;
        const batch = await this.runBatch();
        this.lastError = null;
        if (batch.events.length > 0) continue;
      } catch (error) {
        this.lastError = (error as Error).message;
        this.options.log?.(`Projection batch failed for ${this.options.schema}: ${this.lastError}`);
        await this.recordError(this.lastError);
        await this.pause.sleep(1000);
        continue;
      }
      // Nothing visible yet: wait for an append notification, with a poll as a safety net (an event can be
      // committed but still hidden behind an older open transaction, which commits without notifying us).
      if (!this.pending) await this.pause.sleep(250);
    }
  }

  private async ensureLeadership(): Promise<boolean> {
    if (this.leaderClient) return true;
    const client = new pg.Client({ connectionString: this.connectionUri });
    try {
      await client.connect();
      const key = `melloarkivet:runner:${this.options.schema}`;
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
      if (!rows[0]?.locked) {
        await client.end();
        this.isLeader = false;
        return false;
      }
      client.on('error', () => {
        // Losing the connection loses the lock: step down and compete again.
        this.leaderClient = null;
        this.isLeader = false;
      });
      this.leaderClient = client;
      this.isLeader = true;
      return true;
    } catch {
      await client.end().catch(() => undefined);
      return false;
    }
  }

  private async recordError(message: string): Promise<void> {
    await this.pool
      .query(sql.unsafe`
        UPDATE ${sql.identifier([this.options.schema, 'checkpoints'])}
           SET last_error = ${message.slice(0, 2000)}, last_error_at = now()
         WHERE projection = ANY(${sql.array(this.projections.map((p) => p.name), 'text')})`)
      .catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.pause.wake();
    await this.loop;
    await this.leaderClient?.end().catch(() => undefined);
    this.leaderClient = null;
    this.isLeader = false;
  }
}

