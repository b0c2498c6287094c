import { projectionCheckpoints } from '@mello/projections';
import type { CommonQueryMethods } from 'slonik';
import type { EventStore, LogPosition } from '../event-store/port';

/** How many events after a checkpoint are counted at most: enough to tell "a little" from "a lot" behind. */
export const BEHIND_CAP = 5000;

export type ProjectionLag = {
  name: string;
  position: string | null;
  /** Events after the checkpoint, counted up to the cap: what the projection still has to apply. */
  behind: number;
  lastError: string | null;
  lastErrorAt: string | null;
  updatedAt: string;
};

/**
 * Each projection's checkpoint, how far it is behind the head of the log, and its last error: what the admin
 * status view, /readyz and the projection gauges of /metrics all show. Positions are opaque, so "behind" is a
 * count of the events the store hands out after the checkpoint; projections usually share one checkpoint, so
 * each distinct one is counted once.
 */
export async function projectionLags(
  deps: { pool: CommonQueryMethods; store: Pick<EventStore, 'headPosition' | 'readAll'> },
  cap = BEHIND_CAP,
): Promise<{ head: LogPosition | null; projections: ProjectionLag[] }> {
  const head = await deps.store.headPosition();
  const checkpoints = await projectionCheckpoints(deps.pool);
  const behindOf = new Map<string | null, Promise<number>>();
  const behind = (position: string | null) => {
    if (head === null || position === head) return Promise.resolve(0);
    if (!behindOf.has(position)) {
      behindOf.set(
        position,
        deps.store.readAll({ after: position as LogPosition | null, maxCount: cap }).then((events) => events.length),
      );
    }
    return behindOf.get(position)!;
  };
  const projections = await Promise.all(
    checkpoints.map(async (row) => ({
      name: row.projection,
      position: row.position,
      behind: await behind(row.position),
      lastError: row.last_error,
      lastErrorAt: row.last_error_at,
      updatedAt: row.updated_at,
    })),
  );
  return { head, projections };
}
