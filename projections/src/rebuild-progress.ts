import type { RebuildOptions } from './rebuild';

/** Where a rebuild is: reading the log, building the deferred indexes, swapping in (under the apply lock), done. */
export type RebuildPhase = 'loading' | 'indexing' | 'swapping' | 'done';

export type RebuildProgress = {
  phase: RebuildPhase;
  events: number;
  eventsPerSecond: number;
  total: number | null;
  etaSeconds: number | null;
};

/** Counts events and reports progress, at most every `progressIntervalMs` (and on every phase change). */
export function progressTracker(options: Pick<RebuildOptions, 'totalEvents' | 'onProgress' | 'progressIntervalMs'>) {
  const started = performance.now();
  const interval = options.progressIntervalMs ?? 250;
  let done = 0;
  let phase: RebuildPhase = 'loading';
  let reportedAt = -Infinity;
  const emit = () => {
    if (!options.onProgress) return;
    const now = performance.now();
    reportedAt = now;
    const seconds = (now - started) / 1000;
    const eventsPerSecond = seconds > 0 ? done / seconds : 0;
    const known = typeof options.totalEvents === 'function' ? options.totalEvents() : (options.totalEvents ?? null);
    const total = known === null ? null : Math.max(known, done);
    const etaSeconds = phase === 'done' ? 0 : total !== null && eventsPerSecond > 0 ? Math.max(0, (total - done) / eventsPerSecond) : null;
    options.onProgress({ phase, events: done, eventsPerSecond, total, etaSeconds });
  };
  return {
    get events() {
      return done;
    },
    get seconds() {
      return (performance.now() - started) / 1000;
    },
    add(loaded: number) {
      done += loaded;
      if (options.onProgress && performance.now() - reportedAt >= interval) emit();
    },
    phase(next: RebuildPhase) {
      phase = next;
      emit();
    },
  };
}

export type Tracker = ReturnType<typeof progressTracker>;
