import pg from 'pg';

/** The advisory-lock key every rebuild holds, in every process: one rebuild at a time per database. */
export const REBUILD_LOCK_KEY = 'melloarkivet:rebuild';

export type RebuildLock = {
  /** The PostgreSQL backend holding the lock (recorded with the run: a run whose backend is gone was interrupted). */
  backendPid: number;
  /** True once the lock's connection was lost (the lock with it): the rebuild must not swap in. */
  readonly lost: boolean;
  release(): Promise<void>;
};

/**
 * Takes the rebuild lock: a session-level advisory lock on a connection of its own, so it holds across processes
 * (the CLI, the worker, an API process) and PostgreSQL releases it by itself when its holder dies (kill -9 closes
 * the connection). Null when another session holds it; with `wait`, waits for it instead.
 */
export async function acquireRebuildLock(connectionUri: string, options: { wait?: boolean } = {}): Promise<RebuildLock | null> {
  const client = new pg.Client({ connectionString: connectionUri, keepAlive: true });
  let lost = false;
  client.on('error', () => {
    lost = true;
  });
  await client.connect();
  try {
    if (options.wait) {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [REBUILD_LOCK_KEY]);
    } else {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [REBUILD_LOCK_KEY]);
      if (!rows[0]?.locked) {
        await client.end();
        return null;
      }
    }
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return {
      backendPid: rows[0]!.pid,
      get lost() {
        return lost;
      },
      // Closing the session releases the lock; an explicit unlock first says so without waiting for the close.
      release: async () => {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [REBUILD_LOCK_KEY]).catch(() => undefined);
        await client.end().catch(() => undefined);
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}
