import type { Projection } from './events';

/**
 * The live runner applies each lane of projections in its own transaction on its own connection, side by side,
 * so the search tables' upkeep (trigram and full-text indexes, the vocabulary), which is most of a batch's time,
 * does not hold the other read models and the forum's live messages back (docs/performance-report.md, goal 2).
 * Each lane follows the whole log with checkpoints of its own projections only, so a crash between two lanes'
 * commits leaves one lane ahead and nothing applied twice; the read-your-writes position is the lowest of them.
 *
 * What a lane's projections write, no projection of another lane writes, except the search vocabulary
 * (search_words), which the search tables' triggers and forum_posts' share: its collectors insert new words in
 * one order (migration search-005), so two lanes adding the same word wait for each other instead of deadlocking.
 *
 * Each lane holds one of the runner's pool connections for its batch's transaction and reads the log through
 * another, so the pool needs more connections than there are lanes: the bench's pool of 4 hung at once with a lane
 * per search projection (six lanes; measured and not kept, docs/performance-report.md). The product's two lanes run on
 * the process's pool of 20 (backend/src/app/infrastructure.ts), in the API and in the worker alike.
 */
export const MAIN_LANE = 'main';
/** The search_* projections. forum_posts, a search table too, stays in the main lane with the forum's live messages. */
export const SEARCH_LANE = 'search';

export const laneOf = (projection: Projection): string => projection.lane ?? MAIN_LANE;

/** The projections by lane, lanes in the order of their first projection, projections in the given order. */
export function byLane(projections: readonly Projection[]): Map<string, Projection[]> {
  const lanes = new Map<string, Projection[]>();
  for (const projection of projections) {
    const lane = laneOf(projection);
    lanes.set(lane, [...(lanes.get(lane) ?? []), projection]);
  }
  return lanes;
}
