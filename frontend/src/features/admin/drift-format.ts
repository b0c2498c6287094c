import { rebuildTargetLabel, type DriftProjection, type RebuildRun } from '@mello/contracts';
import { formatCount } from '../../lib/dates';

/** What the Drift tab writes about a projection and a rebuild, in Swedish (pure: unit-tested). */

export const STATUS_LABELS: Record<DriftProjection['status'], { label: string; palette: string }> = {
  running: { label: 'I fas', palette: 'green' },
  'catching up': { label: 'Kommer ikapp', palette: 'orange' },
  stopped: { label: 'Stoppad', palette: 'red' },
  rebuilding: { label: 'Byggs om', palette: 'blue' },
};

const RESULT_LABELS: Record<RebuildRun['result'], { label: string; palette: string }> = {
  running: { label: 'Pågår', palette: 'blue' },
  succeeded: { label: 'Klar', palette: 'green' },
  failed: { label: 'Misslyckades', palette: 'red' },
  cancelled: { label: 'Avbruten', palette: 'orange' },
  interrupted: { label: 'Avbröts (processen avslutades)', palette: 'red' },
};
export const resultOf = (result: RebuildRun['result']) => RESULT_LABELS[result];

const PHASE_LABELS: Record<string, string> = {
  loading: 'Läser loggen',
  indexing: 'Bygger index',
  swapping: 'Byter in',
  done: 'Klar',
};
export const phaseLabel = (phase: string) => PHASE_LABELS[phase] ?? phase;

/** 'alla läsmodeller' or 'projektionen forum'. */
export const targetLabel = rebuildTargetLabel;

/** How far the run is, 0–100 (null: the total is unknown, e.g. on KurrentDB). A finished run is at 100. */
export function percentOf(run: Pick<RebuildRun, 'events' | 'total' | 'phase'>): number | null {
  if (run.phase === 'done') return 100;
  if (run.total === null || run.total <= 0) return null;
  return Math.min(100, Math.floor((run.events / run.total) * 100));
}

/** '1 200 av 5 000 händelser'. */
export const eventsLabel = (run: Pick<RebuildRun, 'events' | 'total'>) =>
  run.total === null ? `${formatCount(run.events)} händelser` : `${formatCount(run.events)} av ${formatCount(run.total)} händelser`;

/** '3 400 händelser/s', or null before there is a rate. */
export const rateLabel = (eventsPerSecond: number | null) =>
  eventsPerSecond && eventsPerSecond > 0 ? `${formatCount(Math.round(eventsPerSecond))} händelser/s` : null;

/**
 * A projection's events per second in the list: '3,4' below 10, '1 200' above; '–' when it is idle or not measured
 * yet (the server's null: it never shows a figure it did not measure).
 */
export const projectionRateLabel = (eventsPerSecond: number | null) =>
  eventsPerSecond === null || eventsPerSecond <= 0
    ? '–'
    : eventsPerSecond < 10
      ? (Math.round(eventsPerSecond * 10) / 10).toLocaleString('sv-SE')
      : formatCount(Math.round(eventsPerSecond));

/** Seconds as '12 s', '2 min 5 s', '1 h 3 min'. */
export function secondsLabel(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

/** 'ca 12 s kvar', or null when the time left is not known. */
export const etaLabel = (etaSeconds: number | null) => (etaSeconds === null ? null : `ca ${secondsLabel(etaSeconds)} kvar`);
