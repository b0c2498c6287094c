import { z } from 'zod';

/**
 * The maintainers' console (the admin "Drift" tab, issue 18): every projection's status, the rebuilds (one at a
 * time, across every process) with their live progress, and their outcomes. The server side is
 * backend/src/maintenance/ (docs/read-models.md, *Rebuilding*).
 */

/** running: up to date; catching up: events after its checkpoint; stopped: an error; rebuilding: a rebuild of it runs. */
export const PROJECTION_STATES = ['running', 'catching up', 'stopped', 'rebuilding'] as const;

export const StoppedEventSchema = z.object({ type: z.string(), position: z.string(), streamName: z.string(), id: z.string() });

export const DriftProjectionSchema = z.object({
  name: z.string(),
  status: z.enum(PROJECTION_STATES),
  /** Its checkpoint (null: none yet). */
  position: z.string().nullable(),
  /** Events after the checkpoint (counted up to a cap). */
  behind: z.number().int(),
  /** Events applied per second over the last few seconds, from its checkpoint's movement; null: not measured yet. */
  eventsPerSecond: z.number().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** The event it stopped on, when its error is one: it resumes from there when retried. */
  stoppedOn: StoppedEventSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type DriftProjection = z.infer<typeof DriftProjectionSchema>;

/** Where a run is, or how it ended (`interrupted`: its process died; the live read models were left as they were). */
export const REBUILD_RESULTS = ['running', 'succeeded', 'failed', 'cancelled', 'interrupted'] as const;
export type RebuildResult = (typeof REBUILD_RESULTS)[number];
/** Where a running rebuild is: reading the log, building indexes, swapping in, finished. */
export const REBUILD_PHASES = ['loading', 'indexing', 'swapping', 'done'] as const;

/** One rebuild (a row of public.rebuild_runs): what, who, when, how far, how it ended. */
export const RebuildRunSchema = z.object({
  id: z.string(),
  /** `all`, or the name of the one projection rebuilt. */
  target: z.string(),
  startedBy: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  result: z.enum(REBUILD_RESULTS),
  error: z.string().nullable(),
  phase: z.string(),
  events: z.number(),
  total: z.number().nullable(),
  eventsPerSecond: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  progressAt: z.string().nullable(),
  cancelRequested: z.boolean(),
});
export type RebuildRun = z.infer<typeof RebuildRunSchema>;

/** GET /api/admin/drift: the console's state. */
export const DriftStateSchema = z.object({
  /** The log's newest position. */
  head: z.string().nullable(),
  search: z.enum(['postgres', 'typesense']),
  eventStore: z.enum(['postgres', 'eventstoredb']),
  projections: z.array(DriftProjectionSchema),
  /** The rebuild running now, in any process. */
  rebuild: RebuildRunSchema.nullable(),
  /** The latest runs, newest first (the running one included). */
  runs: z.array(RebuildRunSchema),
});
export type DriftState = z.infer<typeof DriftStateSchema>;

/** The target of a rebuild of every read model. */
export const REBUILD_ALL = 'all';

/** POST /api/admin/drift/rebuilds: `all`, or one projection's name (an unknown one is refused naming the valid ones). */
export const RebuildInputSchema = z.object({
  target: z
    .string({ required_error: 'Ange vad som ska byggas om: all eller en projektions namn', invalid_type_error: 'Målet måste vara text' })
    .trim()
    .min(1, 'Ange vad som ska byggas om: all eller en projektions namn')
    .max(100, 'Får vara högst 100 tecken'),
});

/** POST /api/admin/drift/projections/{name}/retry: the projection's name and that the runner was asked. */
export const RetryAnswerSchema = z.object({ projection: z.string(), requested: z.literal(true) });

/** The Socket.IO room of the administrators watching the console (joined through drift:watch, admins only). */
export const DRIFT_ADMIN_ROOM = 'drift:admin';
export const DRIFT_ONLY_ADMIN_MESSAGE = 'Endast administratören får göra detta';

/** How the audit history and the console name what a run rebuilt. */
export const rebuildTargetLabel = (target: string) => (target === REBUILD_ALL ? 'alla läsmodeller' : `projektionen ${target}`);

/** A finished run, as the audit history keeps it (event RebuildFinished, stream `rebuild-<run id>`). */
export const RebuildFinishedData = z.object({
  runId: z.string().uuid(),
  target: z.string(),
  result: z.enum(['succeeded', 'failed', 'cancelled']),
  error: z.string().nullable(),
  startedBy: z.string(),
  startedAt: z.string(),
  durationSeconds: z.number(),
  events: z.number().int(),
});
export type RebuildFinished = z.infer<typeof RebuildFinishedData>;
export const rebuildStream = (runId: string) => `rebuild-${runId}`;

const seconds = (value: number) => `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} s`.replace('.', ',');

/** 'Ombyggnad av alla läsmodeller: klar på 12 s', '… : misslyckades efter 3 s', '… : avbruten efter 2 s'. */
export function rebuildRunLabel(run: Pick<RebuildFinished, 'target' | 'result' | 'durationSeconds'>): string {
  const how =
    run.result === 'succeeded'
      ? `klar på ${seconds(run.durationSeconds)}`
      : run.result === 'failed'
        ? `misslyckades efter ${seconds(run.durationSeconds)}`
        : `avbruten efter ${seconds(run.durationSeconds)}`;
  return `Ombyggnad av ${rebuildTargetLabel(run.target)}: ${how}`;
}
