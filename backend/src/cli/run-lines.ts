import type { ProjectionStatus } from '../maintenance/projection-status';
import type { RebuildRun } from '../maintenance/rebuild-runs';

/** A rebuild run in a few words: what, who, since when, how far. */
export function describeRun(run: RebuildRun | null): string {
  if (run === null) return 'it has only just started';
  const what = run.target === 'all' ? 'every read model' : `projection ${run.target}`;
  const progress = run.total ? ` ${Math.floor((100 * run.events) / Math.max(run.total, 1))} %` : run.events > 0 ? ` ${run.events} events` : '';
  const ended = run.endedAt
    ? `, ${run.result} after ${(run.durationSeconds ?? 0).toFixed(1)} s${run.error ? `: ${run.error}` : ''}`
    : `, ${run.phase}${progress}`;
  return `${what}, started by ${run.startedBy} at ${run.startedAt}${ended}`;
}

/** The projections as a table: name, status, checkpoint, events behind, and the error with the event it stopped on. */
export function projectionTable(projections: readonly ProjectionStatus[]): string[] {
  const rows = [
    ['projection', 'status', 'checkpoint', 'behind', 'last error'],
    ...projections.map((p) => [
      p.name,
      p.status,
      p.position ?? '–',
      String(p.behind),
      p.lastError === null
        ? ''
        : p.stoppedOn
          ? `stopped on ${p.stoppedOn.type} at ${p.stoppedOn.position} (stream ${p.stoppedOn.streamName}): ${p.lastError}`
          : p.lastError,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd(),
  );
}
