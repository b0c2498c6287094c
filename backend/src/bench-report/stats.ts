/**
 * Statistics shared by the benchmarks and the performance report (backend/bench/run-all.ts). Pure functions, so
 * the numbers the report prints are unit-tested; the benches themselves only measure.
 */

/** The middle value (mean of the two middle ones for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Nearest-rank percentile (the smallest value with at least p% of the values at or below it), the definition the
 * earlier benches use; NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number };

export function summarize(values: readonly number[]): Summary {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

/** measured / baseline; NaN when either is missing or the baseline is zero (a ratio to nothing is no ratio). */
export function ratio(measured: number | null | undefined, baseline: number | null | undefined): number {
  if (measured == null || baseline == null || !Number.isFinite(measured) || !Number.isFinite(baseline) || baseline === 0) return Number.NaN;
  return measured / baseline;
}
