import { sql, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { isTransientDatabaseError } from './database-errors';
import { maxPosition, type EventSource, type Projection, type ProjectedEvent } from './events';
import { progressPayload } from './progress';
import { takeApplyLock } from './apply-lock';
import { byLane } from './lanes';
import { schemaIdentifier } from './schema';

/** One batch of projections applied in one transaction (applyNextBatch), and what it says about failures. */

/**
 * What a batch tells its publisher: the events read, each projection's checkpoint before the batch, and the
 * projections that advanced to `position` (a stopped one is not among them).
 */
export type PublishedBatch = {
  schema: string;
  position: string;
  events: readonly ProjectedEvent[];
  before: ReadonlyMap<string, string | null>;
  advanced: readonly string[];
};

/**
 * Publishes what a committed batch changed, from inside its transaction: a NOTIFY sent there is delivered on
 * commit, in commit order, before the batch's rm_progress. The live runner's only; a rebuild publishes nothing.
 */
export type BatchPublisher = (tx: DatabaseTransactionConnection, batch: PublishedBatch) => Promise<void>;

/** A projection that could not apply one event: where it stopped and why. */
export type ProjectionFailure = {
  projection: string;
  event: Pick<ProjectedEvent, 'id' | 'position' | 'type' | 'streamName'>;
  /** The checkpoint it keeps: just before the failing event, so a restart retries that event. */
  checkpoint: string | null;
  /** What rm.checkpoints.last_error holds: the projection, the event and the error. */
  message: string;
};

/** The error's message with its causes' (slonik's "Query violates a check integrity constraint." hides which). */
function describeError(error: unknown): string {
  const messages: string[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 4; depth += 1) {
    const message = (current instanceof Error ? current.message : String(current)).replace(/\.$/, '');
    if (message && !messages.includes(message)) messages.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages.join(': ') || 'unknown error';
}

/** A projection threw on an event (not a connection problem): names the projection and the event. */
export class ProjectionApplyError extends Error {
  constructor(
    readonly projection: string,
    readonly event: Pick<ProjectedEvent, 'id' | 'position' | 'type' | 'streamName'>,
    cause: unknown,
  ) {
    super(
      `Projection ${projection} failed on event ${event.type} at position ${event.position} ` +
        `(stream ${event.streamName}, event id ${event.id}): ${describeError(cause)}`,
      { cause },
    );
    this.name = 'ProjectionApplyError';
  }
}

/**
 * The event a projection stopped on, read back from the message a ProjectionApplyError left in
 * rm.checkpoints.last_error (the status views show it); null for any other error (a failed batch).
 */
export function stoppedEventOf(message: string | null): { type: string; position: string; streamName: string; id: string } | null {
  const match = message?.match(/^Projection .+? failed on event (\S+) at position (\S+) \(stream (.+?), event id ([^)]+)\)/);
  return match ? { type: match[1]!, position: match[2]!, streamName: match[3]!, id: match[4]! } : null;
}

/**
 * What a batch does with a projection that throws on an event: 'throw' fails the whole batch with a
 * ProjectionApplyError (rebuilds, catchUp); 'stop' keeps that projection's checkpoint just before the event,
 * records the error in its checkpoint row and commits the other projections' progress (the live runner).
 */
export type OnProjectionFailure = 'throw' | 'stop';

export type BatchResult = {
  position: string | null;
  events: readonly ProjectedEvent[];
  failures: readonly ProjectionFailure[];
  /** The projections whose read models the batch wrote to (rm_progress announces them). */
  changed: readonly string[];
};

const checkpointRow = z.object({ projection: z.string(), position: z.string().nullable() });

/**
 * Re-applies a failed projection's events one at a time, each in its own savepoint, to find the first event it
 * cannot apply. The events before it stay applied. Null when every event applied on its own.
 */
export async function findFailingEvent(
  tx: DatabaseTransactionConnection,
  projection: Projection,
  schema: string,
  events: readonly ProjectedEvent[],
): Promise<{ event: ProjectedEvent; error: unknown } | null> {
  for (const event of events) {
    try {
      await tx.transaction((savepoint) => projection.apply(savepoint, schema, [event]));
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      return { event, error };
    }
  }
  return null;
}

/**
 * Applies one batch: reads the checkpoints under the apply locks of the schema and of the projections' lanes, reads
 * the events after the lowest one, hands each projection the events it has not seen, and stores the new checkpoints
 * in the same transaction. A crash before commit leaves nothing applied; after commit, nothing is applied twice.
 *
 * Each projection applies in its own savepoint, so one that throws on an event does not take the others down
 * (see OnProjectionFailure). A connection problem is never blamed on an event: it fails the whole batch, and the
 * caller retries it.
 */
export async function applyNextBatch(
  tx: DatabaseTransactionConnection,
  source: Pick<EventSource, 'readAll'>,
  projections: readonly Projection[],
  schema: string,
  batchSize: number,
  options: {
    onProjectionFailure?: OnProjectionFailure;
    publish?: BatchPublisher;
    /**
     * false: the projections apply straight in the batch's transaction, without a savepoint each (two round trips
     * fewer per projection), and the first error fails the whole batch; the caller then runs the batch again
     * isolated (the default) to find who failed on which event. See ProjectionRunner.runBatch.
     */
    isolate?: boolean;
    /**
     * false: no rm_progress in the transaction, the caller announces after the commit (announceReached): a lane's
     * batch, whose position is not the read models' while other lanes run beside it.
     */
    announce?: boolean;
  } = {},
): Promise<BatchResult> {
  const s = schemaIdentifier(schema);
  const checkpointsTable = sql.identifier([s, 'checkpoints']);
  await takeApplyLock(tx, s, [...byLane(projections).keys()]);
  // One statement: the rows a projection already has, and the ones created now for the others (a data-modifying
  // CTE's rows are not in the outer query's snapshot, so both halves are needed and never overlap).
  const names = sql.array(
    projections.map((p) => p.name),
    'text',
  );
  const rows = await tx.any(sql.type(checkpointRow)`
    WITH created AS (
      INSERT INTO ${checkpointsTable} (projection, position)
      SELECT name, NULL FROM unnest(${names}) AS name
      ON CONFLICT (projection) DO NOTHING
      RETURNING projection, position
    )
    SELECT projection, position FROM ${checkpointsTable} WHERE projection = ANY(${names})
    UNION ALL
    SELECT projection, position FROM created`);
  const checkpoints = new Map(rows.map((row) => [row.projection, row.position]));
  const lowest = projections
    .map((p) => checkpoints.get(p.name) ?? null)
    .reduce<string | null | undefined>((min, cp) => (min === undefined ? cp : cp === null || (min !== null && cp < min) ? cp : min), undefined);
  const events = await source.readAll({ after: lowest ?? null, maxCount: batchSize });
  if (events.length === 0) return { position: null, events, failures: [], changed: [] };
  const last = events[events.length - 1]!.position;

  const advanced: string[] = [];
  /** The projections whose read models this batch wrote to (announced, so caches of other read models stay). */
  const changed: string[] = [];
  const failures: ProjectionFailure[] = [];
  for (const projection of projections) {
    const checkpoint = checkpoints.get(projection.name) ?? null;
    const unseen = events.filter((e) => (checkpoint === null || e.position > checkpoint) && projection.eventTypes.has(e.type));
    if (unseen.length > 0) {
      // Announced as changed whatever happens below: a projection stopped on an event may have applied those before it.
      changed.push(projection.name);
      if (options.isolate === false) {
        await projection.apply(tx, s, unseen);
        advanced.push(projection.name);
        continue;
      }
      try {
        await tx.transaction((savepoint) => projection.apply(savepoint, s, unseen));
      } catch (error) {
        if (isTransientDatabaseError(error)) throw error;
        const failing = await findFailingEvent(tx, projection, s, unseen);
        if (failing) {
          const failure = new ProjectionApplyError(projection.name, failing.event, failing.error);
          if (options.onProjectionFailure !== 'stop') throw failure;
          const before = events.filter((e) => e.position < failing.event.position).at(-1)?.position ?? null;
          const kept = maxPosition(checkpoint, before);
          failures.push({ projection: projection.name, event: pickEvent(failing.event), checkpoint: kept, message: failure.message });
          await tx.query(sql.unsafe`
            UPDATE ${checkpointsTable}
               SET position = ${kept}, updated_at = now(), last_error = ${failure.message.slice(0, 2000)}, last_error_at = now(), retrying_since = NULL
             WHERE projection = ${projection.name}`);
          continue;
        }
        if (options.onProjectionFailure !== 'stop') {
          throw new Error(
            `Projection ${projection.name} failed on the events from ${unseen[0]!.position} to ${unseen[unseen.length - 1]!.position}: ${describeError(error)}`,
            { cause: error },
          );
        }
        // It failed only on the batch as a whole: one at a time, every event applied, so it is up to date.
      }
    }
    advanced.push(projection.name);
  }
  if (advanced.length === 0) return { position: null, events, failures, changed };
  // A successful batch also clears an error recorded earlier (a failed batch, or a failure before a restart).
  await tx.query(sql.unsafe`
    UPDATE ${checkpointsTable}
       SET position = CASE WHEN position IS NULL OR position < ${last} THEN ${last} ELSE position END,
           updated_at = CASE WHEN position IS NULL OR position < ${last} THEN now() ELSE updated_at END,
           last_error = NULL, last_error_at = NULL, retrying_since = NULL
     WHERE projection = ANY(${sql.array(advanced, 'text')})
       AND (position IS NULL OR position < ${last} OR last_error IS NOT NULL)`);
  await options.publish?.(tx, { schema: s, position: last, events, before: checkpoints, advanced });
  if (options.announce !== false) await tx.query(sql.unsafe`SELECT pg_notify('rm_progress', ${progressPayload(s, last, changed)})`);
  return { position: last, events, failures, changed };
}

const pickEvent = (event: ProjectedEvent): ProjectionFailure['event'] => ({
  id: event.id,
  position: event.position,
  type: event.type,
  streamName: event.streamName,
});
