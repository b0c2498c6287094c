/**
 * Who used the CPU during a span (issue 20 goal 2: what bounds the live runner's lag): the PostgreSQL backends of
 * the runner and of the writers, the other PostgreSQL processes (WAL writer, checkpointer, autovacuum…), this Node
 * process, and the whole machine. Linux only (/proc); elsewhere the PostgreSQL shares are null.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuMeter, now } from './common';

/** The application_name the bench's connections carry, so their backends can be told apart. */
export const ROLE_NAMES = { runner: 'bench-runner', writer: 'bench-writer' } as const;

/** `uri` with every connection made from it named `name` (pg_stat_activity.application_name). */
export function withApplicationName(uri: string, name: string): string {
  const url = new URL(uri);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/** Each role's CPU over the span in % of one core; `machinePct` in % of all cores (other tenants too). */
export type CpuByRole = { runnerPgPct: number | null; writersPgPct: number | null; otherPgPct: number | null; nodePct: number; machinePct: number };

type Role = 'runner' | 'writers' | 'other';
// USER_HZ: the unit of /proc/<pid>/stat's times, 100 on every Linux ABI Node runs on.
const TICKS_PER_S = 100;

function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the parenthesised command name: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/**
 * Starts measuring; the returned function stops and answers. PostgreSQL's processes are listed from
 * pg_stat_activity every 500 ms on a connection of its own (left out of the shares), so a connection opened during
 * the span counts from its start; one that ended between two polls counts up to its last poll.
 */
export async function measureCpuByRole(uri: string): Promise<() => Promise<CpuByRole>> {
  const linux = cpuSeconds(process.pid) !== null;
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  const own = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const first = new Map<number, number>();
  const last = new Map<number, { role: Role; seconds: number }>();
  const started = now();
  const poll = async (initial: boolean) => {
    const { rows } = await client.query<{ pid: number; application_name: string }>('SELECT pid, application_name FROM pg_stat_activity');
    for (const { pid, application_name: name } of rows) {
      if (pid === own) continue;
      const seconds = cpuSeconds(pid);
      if (seconds === null) continue;
      const role: Role = name === ROLE_NAMES.runner ? 'runner' : name === ROLE_NAMES.writer ? 'writers' : 'other';
      // A process there at the start counts from then; one seen later started during the span.
      if (!last.has(pid)) first.set(pid, initial ? seconds : 0);
      last.set(pid, { role, seconds });
    }
  };
  const meter = cpuMeter();
  if (linux) await poll(true);
  let polling = true;
  const loop = (async () => {
    while (polling && linux) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await poll(false);
    }
  })();
  return async () => {
    polling = false;
    await loop;
    if (linux) await poll(false);
    await client.end();
    const spanS = (now() - started) / 1000;
    const pct = (role: Role) => {
      if (!linux) return null;
      let seconds = 0;
      for (const [pid, seen] of last) if (seen.role === role) seconds += seen.seconds - first.get(pid)!;
      return (seconds / spanS) * 100;
    };
    const { nodeCorePct, machinePct } = meter();
    return { runnerPgPct: pct('runner'), writersPgPct: pct('writers'), otherPgPct: pct('other'), nodePct: nodeCorePct, machinePct };
  };
}
