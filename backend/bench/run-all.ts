/**
 * `npm run bench`: every benchmark in turn — event store, search, live push, read API under load, server rendering,
 * client report —
 * each in its own child process (its own embedded PostgreSQL, nothing shared but the machine), then one Markdown
 * report, docs/performance-report.md. Each bench prints its figures as it always did and, last, one "BENCH_JSON"
 * line with the same figures as data; this script reads that line and writes the tables (bench-report/).
 *
 *   npm run bench                          everything, full length (11 min on 2 cores at load 2–5; the store bench alone takes 2.5–5, the live
 *                                          bench's sign-up of 1,000 members about 5)
 *   npm run bench -- --quick               short runs of everything, a smoke check (≈ 2 min); figures not to quote
 *   npm run bench -- --only http,search    some of store, events, console, search, live, http, render, client
 *   npm run bench -- --out /tmp/report.md  write the report elsewhere
 *
 * A bench that fails is reported as failed (with its last output) and the others still run; the exit code is 1
 * then. Missed targets are results, not failures.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepHandWritten, renderReport, type Section } from '../src/bench-report/markdown';
import { consoleSection } from '../src/bench-report/console-section';
import { eventBrowserSection } from '../src/bench-report/event-browser-section';
import { clientSection, httpSection, liveSection, searchSection, serverRenderSection, type RunInfo } from '../src/bench-report/sections';
import { storeSection } from '../src/bench-report/store-section';
import { codeState } from './code-state';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Bench = {
  title: string;
  script: string;
  command: string;
  /** Settings for --quick: the same measurements, much shorter. */
  quickEnv: Record<string, string>;
  section: (json: any, run: RunInfo) => Section;
};

const BENCHES: Record<string, Bench> = {
  store: {
    title: 'Event store and rebuild',
    script: 'backend/bench/store-bench.ts',
    command: 'npm run bench:store',
    quickEnv: { BENCH_EVENTS: '20000', BENCH_REPS: '1' },
    section: storeSection,
  },
  events: {
    title: 'Event browser',
    script: 'backend/bench/event-browser-bench.ts',
    command: 'npm run bench:events',
    quickEnv: { BENCH_EVENTS: '20000', BENCH_ROUNDS: '20' },
    section: eventBrowserSection,
  },
  console: {
    title: "Maintainers' console",
    script: 'backend/bench/console-bench.ts',
    command: 'npm run bench:console',
    quickEnv: { BENCH_EVENTS: '20000', BENCH_REPS: '1' },
    section: consoleSection,
  },
  search: {
    title: 'Search latency',
    script: 'backend/bench/search-bench.ts',
    command: 'npm run bench:search',
    quickEnv: { BENCH_POSTS: '2000', BENCH_ROUNDS: '10' },
    section: searchSection,
  },
  live: {
    title: 'Live push',
    script: 'backend/bench/live-bench.ts',
    command: 'npm run bench:live',
    quickEnv: { BENCH_CLIENTS: '200', BENCH_ROUNDS: '10', BENCH_WARMUP: '2', BENCH_STEP_REPS: '3' },
    section: liveSection,
  },
  http: {
    title: 'Read API under load',
    script: 'backend/bench/http-bench.ts',
    command: 'npm run bench:http',
    quickEnv: { BENCH_ROUNDS: '2', BENCH_SECONDS: '2', BENCH_WARMUP_SECONDS: '1' },
    section: httpSection,
  },
  render: {
    title: 'Server rendering',
    script: 'backend/bench/render-bench.ts',
    command: 'npm run bench:render',
    quickEnv: { BENCH_RENDERS: '5', BENCH_ROUNDS: '2', BENCH_SECONDS: '2', BENCH_WARMUP_SECONDS: '1' },
    section: serverRenderSection,
  },
  client: {
    title: 'Client',
    script: 'e2e/client-report.ts',
    command: 'npm run report:client',
    // A smoke run must not overwrite docs/client-report.md with its figures; one Lighthouse run per page.
    quickEnv: { CLIENT_REPORT_WRITE: 'no', LIGHTHOUSE_RUNS: '1' },
    section: clientSection,
  },
};

const USAGE = `usage: npm run bench [-- --quick] [--only ${Object.keys(BENCHES).join(',')}] [--out file.md]`;

export function parseArgs(argv: readonly string[]): { quick: boolean; only: string[]; out: string } {
  let quick = false;
  let only = Object.keys(BENCHES);
  let out = path.join(ROOT, 'docs/performance-report.md');
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => {
      const given = inline ?? argv[++i];
      if (!given) throw new Error(`${flag} needs a value\n${USAGE}`);
      return given;
    };
    if (flag === '--quick') quick = true;
    else if (flag === '--only') {
      const names = value()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter((name) => !(name in BENCHES));
      if (unknown.length > 0 || names.length === 0) throw new Error(`unknown bench ${unknown.join(', ') || '(none)'}\n${USAGE}`);
      // Always in the canonical order, whatever order was asked for.
      only = Object.keys(BENCHES).filter((name) => names.includes(name));
    } else if (flag === '--out') out = path.resolve(value());
    else throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
  }
  return { quick, only, out };
}

/** Runs one bench script, its output passed through; resolves with its BENCH_JSON and the tail of its output. */
function runBench(bench: Bench, quick: boolean): Promise<{ json: unknown | null; code: number | null; tail: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [bench.script], {
      cwd: ROOT,
      env: { ...process.env, ...(quick ? bench.quickEnv : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let json: unknown | null = null;
    const tail: string[] = [];
    let partial = '';
    const onData = (chunk: Buffer, stream: NodeJS.WriteStream) => {
      stream.write(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) take(line);
    };
    const take = (line: string) => {
      if (line.startsWith('BENCH_JSON ')) {
        try {
          json = JSON.parse(line.slice('BENCH_JSON '.length));
        } catch {
          tail.push('(unreadable BENCH_JSON line)');
        }
        return;
      }
      tail.push(line);
      if (tail.length > 25) tail.shift();
    };
    child.stdout.on('data', (chunk: Buffer) => onData(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => onData(chunk, process.stderr));
    child.on('error', (error) => {
      tail.push(String(error));
      resolve({ json: null, code: null, tail });
    });
    child.on('close', (code) => {
      if (partial) take(partial);
      resolve({ json, code, tail });
    });
  });
}

/** Waits until the 1-minute load average is below `below`, or `maxMs` passed. */
async function settle(below: number, maxMs: number): Promise<void> {
  const until = performance.now() + maxMs;
  while (os.loadavg()[0]! >= below && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 2000));
}

async function main() {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const started = performance.now();
  const code = codeState();
  const sections: Section[] = [];
  let failed = 0;
  for (const name of options.only) {
    const bench = BENCHES[name]!;
    // Lighthouse scales the CPU time it observes and has no baseline of its own: let the load of the benches
    // before it (autocannon, 1,000 sockets) settle first, for at most a minute.
    if (name === 'client' && !options.quick) await settle(1.0, 60_000);
    const loadBefore = os.loadavg();
    console.log(
      `\n[bench] ===== ${bench.title}: ${bench.command}${options.quick ? ' (quick)' : ''}, load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} =====\n`,
    );
    const benchStarted = performance.now();
    const result = await runBench(bench, options.quick);
    const run: RunInfo = { command: bench.command, loadBefore, seconds: (performance.now() - benchStarted) / 1000 };
    if (result.code === 0 && result.json) {
      sections.push(bench.section(result.json, run));
    } else {
      failed += 1;
      sections.push({
        title: bench.title,
        command: bench.command,
        method: `exited with ${result.code ?? 'an error'}${result.json ? '' : ', without its BENCH_JSON line'}.`,
        loadBefore,
        seconds: run.seconds,
        tables: [],
        targets: [],
        notes: [],
        error: result.tail.join('\n').trim(),
      });
    }
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const cpus = os.cpus();
  const markdown = renderReport({
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    quick: options.quick,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
      memoryGb: os.totalmem() / 1024 ** 3,
      node: process.version,
      os: `${os.type()} ${os.release()}`,
    },
    code,
    totalSeconds,
    sections,
    reproduce:
      'On an otherwise idle machine: `npm run bench` (all of the above in one go, about 11–15 minutes on 2 cores; ' +
      '`--only http,search` picks benches, `--quick` makes short smoke runs whose figures are not to be quoted), ' +
      'or one bench alone with the command named in its section. Method and history of each bench: [benchmarks.md](benchmarks.md).',
  });
  mkdirSync(path.dirname(options.out), { recursive: true });
  // The maintainers' analysis under each section (### headings) stays: see keepHandWritten.
  writeFileSync(options.out, existsSync(options.out) ? keepHandWritten(readFileSync(options.out, 'utf8'), markdown) : markdown);
  console.log(
    `\n[bench] report written to ${path.relative(ROOT, options.out)} (${(totalSeconds / 60).toFixed(1)} min${failed ? `; ${failed} bench(es) failed` : ''})`,
  );
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(await main());
}
