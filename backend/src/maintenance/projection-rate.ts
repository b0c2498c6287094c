import type { EventStore, LogPosition } from '../event-store/port';
import { BEHIND_CAP } from '../observability/projection-lag';

/**
 * Events per second per projection, from how its checkpoint moved: each time the statuses are computed, the
 * checkpoint is sampled; the rate is the events between the oldest sample of the last RATE_WINDOW_MS and now,
 * divided by the time between them. Positions are opaque, so the events between two checkpoints are counted by
 * reading the log after the older one (up to BEHIND_CAP) until the newer one; nothing is estimated. Null ("–" in
 * the tab) while there is no sample old enough to measure over, or when more events than the cap moved.
 */
export const RATE_WINDOW_MS = 5000;
/** A shorter span than this measures nothing worth showing (a status computed twice in a row). */
export const RATE_MIN_SPAN_MS = 500;

export type CheckpointSample = { atMs: number; position: string | null };

/** The samples to keep after `now` is taken: those of the last `windowMs`, oldest first, `now` last. */
export function keepSamples(samples: readonly CheckpointSample[], now: CheckpointSample, windowMs = RATE_WINDOW_MS): CheckpointSample[] {
  return [...samples.filter((sample) => now.atMs - sample.atMs <= windowMs && sample.atMs < now.atMs), now];
}

/**
 * The rate between the oldest kept sample and the newest, given the events between their positions (null: more
 * than `cap`, so not counted). One decimal; null when the span is too short to say or the count is unknown.
 */
export function eventsPerSecond(
  samples: readonly CheckpointSample[],
  eventsBetween: number | null,
  options: { cap?: number; minSpanMs?: number } = {},
): number | null {
  const from = samples[0];
  const to = samples.at(-1);
  if (!from || !to || eventsBetween === null || eventsBetween >= (options.cap ?? BEHIND_CAP)) return null;
  const spanMs = to.atMs - from.atMs;
  if (spanMs < (options.minSpanMs ?? RATE_MIN_SPAN_MS)) return null;
  return Math.round((eventsBetween / spanMs) * 10_000) / 10;
}

/**
 * The samples of one process (the one computing statuses for its admins), per projection. `measure` takes a sample
 * of each checkpoint and answers each projection's rate.
 */
export function checkpointRates(store: Pick<EventStore, 'readAll'>, options: { now?: () => number } = {}) {
  const now = options.now ?? (() => performance.now());
  const samples = new Map<string, CheckpointSample[]>();

  /** Events after `from` up to and including `to`; null when `to` is not within BEHIND_CAP of it. */
  const between = async (from: string | null, to: string | null): Promise<number | null> => {
    if (from === to) return 0;
    if (to === null) return null; // a checkpoint removed (a rebuild swapped in): nothing to measure over
    const events = await store.readAll({ after: from as LogPosition | null, maxCount: BEHIND_CAP });
    const index = events.findIndex((event) => event.position === to);
    return index < 0 ? null : index + 1;
  };

  return {
    async measure(checkpoints: ReadonlyArray<{ name: string; position: string | null }>): Promise<Map<string, number | null>> {
      const atMs = now();
      const counted = new Map<string, Promise<number | null>>();
      const rates = await Promise.all(
        checkpoints.map(async ({ name, position }) => {
          const kept = keepSamples(samples.get(name) ?? [], { atMs, position });
          samples.set(name, kept);
          const from = kept[0]!;
          const key = `${from.position}\u0000${position}`;
          if (!counted.has(key)) counted.set(key, between(from.position, position));
          return [name, eventsPerSecond(kept, await counted.get(key)!)] as const;
        }),
      );
      return new Map(rates);
    },
  };
}

export type CheckpointRates = ReturnType<typeof checkpointRates>;
