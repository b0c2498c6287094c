/**
 * HTTP load test of the read API (issue 8): a real backend on a throwaway durable embedded PostgreSQL with the
 * archive imported, loaded by autocannon (in a worker thread, so the load generator does not share the server's
 * thread) at BENCH_CONNECTIONS keep-alive connections on GET /api/years, GET /api/articles and GET /api/years/by-year/2012/lineup. The baseline, in the
 * same run and on the same server: a bench-only route behind the same middleware that answers the bytes the real
 * route answered (captured once, checked byte for byte) from memory (http/baseline-routes.ts). Rounds interleave
 * real and baseline (the order flips every round) because the machine is noisy. Prints per route the median
 * req/s, latency p50 and p99 of the rounds, and the ratio real/baseline of the median throughputs.
 * Target: every route ≥ 0.7× its baseline.
 *
 *   npm run bench:http          (BENCH_ROUNDS=5, BENCH_SECONDS=5, BENCH_WARMUP_SECONDS=3, BENCH_CONNECTIONS=50)
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { median, ratio } from '../src/bench-report/stats';
import { startBackend, type Backend } from '../src/app/backend';
import { benchBackendConfig, startBenchDatabase } from './bench-database';
import { BASELINE_PREFIX, baselineRouter, capture, type CapturedResponse } from './http/baseline-routes';
import { log } from './store/common';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5));
const WARMUP_SECONDS = Math.max(0, Number(process.env.BENCH_WARMUP_SECONDS ?? 3));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50));
const TARGET_RATIO = 0.7;
const ROUTES = [
  { name: 'years', path: '/api/years' },
  { name: 'articles', path: '/api/articles' },
  // A heat year's whole lineup (2012: four heats, Andra chansen and the final, 40 entries with sources).
  { name: 'lineup-2012', path: '/api/years/by-year/2012/lineup' },
] as const;

type Round = { reqPerS: number; p50Ms: number; p99Ms: number; requests: number; errors: number; non2xx: number };

async function load(url: string, seconds: number): Promise<Round> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1 });
  return {
    reqPerS: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const captured = new Map<string, CapturedResponse>();
const database = await startBenchDatabase(log);
let backend: Backend | null = null;
try {
  const started = performance.now();
  backend = await startBackend(benchBackendConfig(database, { IMPORT_ARCHIVE: 'true' }), {
    log: (message) => log(`backend: ${message}`),
    extraRouters: [baselineRouter(captured)],
  });
  log(`backend with the imported archive up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${backend.url}`);

  for (const route of ROUTES) {
    const real = await capture(`${backend.url}${route.path}`);
    if (real.status !== 200) throw new Error(`GET ${route.path} answered ${real.status}`);
    captured.set(route.name, real);
    const replay = await capture(`${backend.url}${BASELINE_PREFIX}/${route.name}`);
    if (replay.status !== real.status || !replay.body.equals(real.body) || JSON.stringify(replay.headers) !== JSON.stringify(real.headers)) {
      throw new Error(`the baseline of ${route.path} does not answer the same bytes and headers`);
    }
    log(`${route.path}: ${real.body.length} bytes, ${JSON.stringify(real.headers)}; baseline ${BASELINE_PREFIX}/${route.name} answers the same`);
  }

  const targets = ROUTES.flatMap((route) => [
    { route, kind: 'real' as const, url: `${backend!.url}${route.path}` },
    { route, kind: 'baseline' as const, url: `${backend!.url}${BASELINE_PREFIX}/${route.name}` },
  ]);
  if (WARMUP_SECONDS > 0) for (const target of targets) await load(target.url, WARMUP_SECONDS);

  const rounds = new Map(targets.map((target) => [target.url, [] as Round[]]));
  const measuredFrom = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Real then baseline in even rounds, baseline then real in odd ones: neither always follows the other.
    const order = round % 2 === 0 ? targets : ROUTES.flatMap((_, i) => [targets[2 * i + 1]!, targets[2 * i]!]);
    for (const target of order) {
      const figures = await load(target.url, SECONDS);
      rounds.get(target.url)!.push(figures);
      log(
        `round ${round + 1}/${ROUNDS} ${target.kind.padEnd(8)} ${target.route.path}: ${figures.reqPerS.toFixed(0)} req/s, ` +
          `p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms${figures.errors || figures.non2xx ? `, ${figures.errors} errors, ${figures.non2xx} non-2xx` : ''}`,
      );
    }
  }
  const seconds = (performance.now() - measuredFrom) / 1000;

  const summary = (list: Round[]) => ({
    reqPerS: median(list.map((r) => r.reqPerS)),
    p50Ms: median(list.map((r) => r.p50Ms)),
    p99Ms: median(list.map((r) => r.p99Ms)),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
    non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
    rounds: list,
  });
  const routes = ROUTES.map((route) => {
    const real = summary(rounds.get(`${backend!.url}${route.path}`)!);
    const baseline = summary(rounds.get(`${backend!.url}${BASELINE_PREFIX}/${route.name}`)!);
    const paired = real.rounds.map((r, i) => ratio(r.reqPerS, baseline.rounds[i]!.reqPerS));
    const throughputRatio = ratio(real.reqPerS, baseline.reqPerS);
    return {
      path: route.path,
      bytes: captured.get(route.name)!.body.length,
      real,
      baseline,
      ratio: throughputRatio,
      pairedRatios: paired,
      met: throughputRatio >= TARGET_RATIO && real.errors === 0 && real.non2xx === 0,
    };
  });
  const met = routes.every((route) => route.met);

  const n = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const load1 = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');
  console.log(
    `\nRead API under load: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s per route after ${WARMUP_SECONDS} s warm-up, ` +
      `real and baseline interleaved; ${os.cpus().length} CPUs, load average ${load1}. Medians of the rounds:\n`,
  );
  console.log('| route | bytes | req/s | p50 ms | p99 ms | baseline req/s | baseline p50 | baseline p99 | ratio | per-round ratios |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const route of routes) {
    console.log(
      `| GET ${route.path} | ${n(route.bytes)} | ${n(route.real.reqPerS)} | ${n(route.real.p50Ms, 1)} | ${n(route.real.p99Ms, 1)} | ` +
        `${n(route.baseline.reqPerS)} | ${n(route.baseline.p50Ms, 1)} | ${n(route.baseline.p99Ms, 1)} | ${n(route.ratio, 2)}× | ${route.pairedRatios.map((r) => n(r, 2)).join(', ')} |`,
    );
  }
  console.log(
    `\nTarget ≥ ${TARGET_RATIO}× the in-memory baseline's throughput on every route: ${met ? 'met' : 'NOT met'} (measured in ${seconds.toFixed(0)} s)`,
  );
  console.log(
    'BENCH_JSON ' +
      JSON.stringify({
        bench: 'http',
        connections: CONNECTIONS,
        rounds: ROUNDS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        targetRatio: TARGET_RATIO,
        routes,
        met,
      }),
  );
} finally {
  await backend?.close();
  await database.stop();
}
