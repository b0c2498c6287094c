import { percentile } from '../store/common';

export type LatencyStats = { n: number; p50: number; p95: number; p99: number; max: number };

export function latencyStats(values: readonly number[]): LatencyStats {
  const sorted = Float64Array.from(values).sort();
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

/** The arrivals of one path over the measured rounds: every client's latency, and each round's first and slowest. */
export class RoundLatencies {
  readonly all: number[] = [];
  readonly first: number[] = [];
  readonly slowest: number[] = [];
  missing = 0;

  constructor(readonly expected: number) {}

  /** Adds one round's arrival times (performance.now()) measured from `t0`; returns the round's first and last. */
  add(times: Float64Array, t0: number): { first: number; slowest: number } {
    let slowest = 0;
    let first = Infinity;
    for (const at of times) {
      this.all.push(at - t0);
      slowest = Math.max(slowest, at - t0);
      first = Math.min(first, at - t0);
    }
    this.slowest.push(slowest);
    this.first.push(first);
    this.missing += this.expected - times.length;
    return { first, slowest };
  }
}
