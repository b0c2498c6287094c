import { sql, type CommonQueryMethods } from 'slonik';
import type { EventStore } from '../event-store/port';
import type { SearchEngine } from '../search/search-engine';
import { projectionLags } from './projection-lag';

export type CheckResult = { name: string; ok: boolean; detail: string; ms: number };
export type ReadinessReport = { ready: boolean; checks: CheckResult[]; error?: string };

/** One dependency /readyz asks about: what it is called, how its failure reads to a person, and the check. */
export type ReadinessCheck = {
  name: string;
  /** Swedish, completes "Inte redo: …". */
  failure: string;
  /** Resolves with a short detail when healthy; throws (with the reason) when not. */
  run: () => Promise<string>;
};

export const CHECK_TIMEOUT_MS = 2000;

/** The checks of a process that serves the API (search given) or runs projections (search null). */
export function readinessChecks(deps: {
  pool: CommonQueryMethods;
  store: Pick<EventStore, 'kind' | 'headPosition' | 'readAll'>;
  search: Pick<SearchEngine, 'name' | 'ping'> | null;
  readyMaxLag: number;
}): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    {
      name: 'event-store',
      failure: 'händelseloggen svarar inte',
      run: async () => `${deps.store.kind}, head ${(await deps.store.headPosition()) ?? 'none (empty log)'}`,
    },
    {
      name: 'database',
      failure: 'databasen svarar inte',
      run: async () => {
        await deps.pool.query(sql.unsafe`SELECT 1`);
        return 'SELECT 1';
      },
    },
  ];
  const { search } = deps;
  if (search) {
    checks.push({
      name: 'search',
      failure: 'sökmotorn svarar inte',
      run: async () => {
        await search.ping();
        return search.name;
      },
    });
  }
  checks.push({
    name: 'projections',
    failure: 'projektionerna ligger efter eller har fel',
    run: async () => {
      // Counting one event past the limit is enough to know the limit is exceeded.
      const { projections } = await projectionLags(deps, deps.readyMaxLag + 1);
      if (projections.length === 0) throw new Error('no projection checkpoints yet');
      const problems = projections.flatMap((p) => [
        ...(p.lastError === null ? [] : [`${p.name} failing since ${p.lastErrorAt ?? '?'}: ${p.lastError}`]),
        ...(p.behind > deps.readyMaxLag ? [`${p.name} ${p.behind} events behind (limit ${deps.readyMaxLag})`] : []),
      ]);
      if (problems.length > 0) throw new Error(problems.join('; '));
      return `${projections.length} projections, at most ${Math.max(...projections.map((p) => p.behind))} events behind (limit ${deps.readyMaxLag})`;
    },
  });
  return checks;
}

/** The check's outcome, or a failure when it does not settle within `timeoutMs`: /readyz never hangs. */
async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const detail = await Promise.race([check.run(), timeout]);
    return { name: check.name, ok: true, detail, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { name: check.name, ok: false, detail: detail.slice(0, 500), ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check at once; not ready when any fails, with the failures named in one short sentence. */
export async function checkReadiness(checks: readonly ReadinessCheck[], timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
  const results = await Promise.all(checks.map((check) => runCheck(check, timeoutMs)));
  const failed = checks.filter((_, i) => !results[i]!.ok);
  if (failed.length === 0) return { ready: true, checks: results };
  return { ready: false, checks: results, error: `Inte redo: ${failed.map((check) => check.failure).join(', ')}` };
}
