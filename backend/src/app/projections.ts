import { LIVE_SCHEMA, ProjectionRunner, ReadModelProgress, allProjections } from '@mello/projections';
import { forumPublisher } from '../live/forum-publisher';
import type { Infrastructure, Log } from './infrastructure';

/**
 * The live read models as a process sees them. The runner applies the log to them and is started only where
 * projections run (the embedded default's single process, or the worker; across processes an advisory lock keeps
 * one runner active per schema anyway). The progress waiter, which commands wait on for read-your-writes, follows
 * whichever process runs them through the checkpoints and NOTIFY rm_progress, so it works in every process.
 */
export async function startProjections(
  infra: Infrastructure,
  options: { log: Log; run: boolean },
): Promise<{ runner: ProjectionRunner; progress: ReadModelProgress }> {
  const { pool, database, store, shutdown } = infra;
  // Each batch publishes its forum messages ready to send, for every API process's follower (live/forum-publisher.ts).
  const runner = new ProjectionRunner(pool, database.uri, store, allProjections, {
    schema: LIVE_SCHEMA,
    log: options.log,
    publish: forumPublisher(options.log),
  });
  if (options.run) {
    runner.start();
    shutdown.add(() => runner.stop());
  }
  const progress = new ReadModelProgress(pool, database.uri);
  await progress.start();
  shutdown.add(() => progress.close());
  return { runner, progress };
}
