/**
 * Server-side rendering (issue 17): what a page costs the server when it is rendered, next to serving it from the
 * page cache, and the throughput of a cached page under load next to the same bytes from memory. A real backend
 * on a throwaway durable embedded PostgreSQL with the archive imported (plus a forum post with replies), serving
 * the real client build and its server render (frontend/dist/.server/entry-server.mjs, built first when stale,
 * as `npm start` does).
 *
 * 1. Render vs cache, per public route, BENCH_RENDERS times, interleaved: a request that misses the page cache
 *    (the route's address with a query parameter of its own, `bench-miss=<n>`, which no page reads: a new cache
 *    key, so the whole miss path runs — route meta, the React render through the in-process API, the template, the
 *    brotli and gzip forms made for the cache) and a request of the route's own address served from the cache (its
 *    ETag checked to be the cached one). One keep-alive connection, requests one at a time, `Accept-Encoding: br`
 *    as a browser sends it; times from request to last byte. p50/p95 of each and the ratio of the p50s.
 * 2. Throughput: autocannon (worker thread, BENCH_CONNECTIONS connections) on a rendered route served from the
 *    cache, against a bench-only route on the same server behind the same middleware answering the bytes and
 *    headers captured from it (brotli body included, checked byte for byte) from memory (render/page-baseline.ts).
 *    BENCH_ROUNDS rounds × BENCH_SECONDS s each after a warm-up, real and baseline interleaved, order flipped every
 *    round. Target: ≥ 0.7× the baseline.
 *
 *   npm run bench:render     (BENCH_RENDERS=30, BENCH_ROUNDS=5, BENCH_SECONDS=5, BENCH_WARMUP_SECONDS=3, BENCH_CONNECTIONS=50)
 *
 * Prints tables and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import os from 'node:os';
import { brotliDecompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { DEFAULT_CLIENT_DIR } from '../src/app/paths';
import { startBackend, type Backend } from '../src/app/backend';
import { median, ratio, summarize } from '../src/bench-report/stats';
import { ensureClientBuilt } from '../src/cli/client-build';
import { benchBackendConfig, startBenchDatabase } from './bench-database';
import { BenchMember } from './live/http-member';
import { closeRawAgent, PAGE_BASELINE_PATH, pageBaselineRouter, rawGet, type RawResponse } from './render/page-baseline';
import { log } from './store/common';

const RENDERS = Math.max(1, Number(process.env.BENCH_RENDERS ?? 30));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5));
const WARMUP_SECONDS = Math.max(0, Number(process.env.BENCH_WARMUP_SECONDS ?? 3));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50));
const TARGET_RATIO = 0.7;
/** The route loaded for throughput: a year page, the archive's most visited kind. */
const LOAD_ROUTE = '/year/1974';
/** What a browser sends for a page. */
const PAGE_REQUEST = { accept: 'text/html', 'accept-encoding': 'br' };

type Route = { path: string; /** Text the rendered page must hold (checked once, so a measured page is a whole one). */ shows: string };

type Round = { reqPerS: number; p50Ms: number; p99Ms: number; requests: number; errors: number; non2xx: number };

async function load(url: string, seconds: number): Promise<Round> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1, headers: PAGE_REQUEST });
  return {
    reqPerS: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const rootText = (body: Buffer, encoding: string | undefined) => {
  const html = (encoding === 'br' ? brotliDecompressSync(body) : body).toString('utf8');
  return html.slice(html.indexOf('<div id="root">'));
};

/** Sets up what the routes show beyond the archive: a forum post with a few replies. Answers the routes. */
async function routes(backend: Backend): Promise<Route[]> {
  const author = new BenchMember(backend.url);
  await author.register('author@bench.melloarkivet.se', 'Ante', 'Author');
  const replier = new BenchMember(backend.url);
  await replier.register('replier@bench.melloarkivet.se', 'Rita', 'Replier');
  const created = await author.post<{ id: string }>('/api/forum/posts', {
    title: 'Saknas: finalen 1962 i färg',
    content: 'Finns det någon inspelning bevarad av finalen 1962? Allt tas tacksamt emot.',
    category: 'lost-media',
    tags: [],
  });
  if (created.status !== 201) throw new Error(`creating the post failed: ${created.status} ${JSON.stringify(created.body)}`);
  const postId = created.body.id;
  for (const content of ['Jag har en VHS-kopia från en repris, ska leta fram den.', 'SVT:s arkiv borde ha den, har du frågat dem?', 'Tack båda två!']) {
    const replied = await (content.startsWith('Tack') ? author : replier).post(`/api/forum/posts/${postId}/replies`, { content });
    if (replied.status !== 201) throw new Error(`replying failed: ${replied.status} ${JSON.stringify(replied.body)}`);
  }
  const articles = (await (await fetch(`${backend.url}/api/articles`)).json()) as Array<{ id: string; title: string }>;
  const article = articles[0];
  if (!article) throw new Error('the imported archive has no article');
  return [
    { path: '/', shows: 'Melodifestivalen' },
    { path: '/years', shows: 'Loreen' }, // the first page: the 24 newest years
    { path: '/year/1974', shows: 'Waterloo' },
    { path: '/year/2024', shows: '2024' },
    { path: '/forum', shows: 'Saknas: finalen 1962 i färg' },
    { path: `/forum/post/${postId}`, shows: 'SVT:s arkiv borde ha den' },
    { path: '/video-archive', shows: 'Video' },
    { path: '/blog', shows: article.title.slice(0, 20) },
    { path: `/article/${article.id}`, shows: article.title.slice(0, 20) },
    // No /search?q=…: a page with a query string is rendered but never kept in the page cache (23cf91e), so it has
    // no cached side to set against its render.
    { path: '/artist/abba', shows: 'Waterloo' },
    { path: '/statistik', shows: 'Statistik' },
  ];
}

const missUrl = (base: string, route: string, n: number) => `${base}${route}${route.includes('?') ? '&' : '?'}bench-miss=${n}`;

ensureClientBuilt(log, { build: true, dir: DEFAULT_CLIENT_DIR });

const captured: { response: RawResponse | null } = { response: null };
const database = await startBenchDatabase(log);
let backend: Backend | null = null;
try {
  const started = performance.now();
  backend = await startBackend(
    benchBackendConfig(database, {
      IMPORT_ARCHIVE: 'true',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      // A forum post's page counts a view, and the counts' flush changes the forum read model, which (rightly)
      // makes the forum pages render again: held back here, so the cached side is measured as cached.
      VIEW_FLUSH_MS: '3600000',
    }),
    {
      log: (message, detail) => log(`backend: ${message}${detail ? ` ${JSON.stringify(detail)}` : ''}`),
      clientDir: DEFAULT_CLIENT_DIR,
      extraRouters: [pageBaselineRouter(captured)],
    },
  );
  log(`backend with the imported archive up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${backend.url}`);
  const ROUTES = await routes(backend);
  const base = backend.url;

  // Each route rendered and cached once, and checked: a whole page with its content, served again from the cache.
  const cachedEtag = new Map<string, string>();
  for (const route of ROUTES) {
    const first = await rawGet(`${base}${route.path}`, PAGE_REQUEST);
    if (first.status !== 200) throw new Error(`GET ${route.path} answered ${first.status}`);
    const text = rootText(first.body, first.headers['content-encoding']);
    if (!text.includes(route.shows)) throw new Error(`GET ${route.path} is not rendered with "${route.shows}": ${text.slice(0, 300)}`);
    const again = await rawGet(`${base}${route.path}`, PAGE_REQUEST);
    if (again.headers.etag !== first.headers.etag) throw new Error(`GET ${route.path} is not served from the page cache (ETag changed)`);
    cachedEtag.set(route.path, first.headers.etag!);
    const miss = await rawGet(missUrl(base, route.path, 0), PAGE_REQUEST);
    if (!rootText(miss.body, miss.headers['content-encoding']).includes(route.shows)) throw new Error(`GET ${route.path}?bench-miss is not rendered`);
    log(`${route.path}: ${first.body.length} bytes (br), rendered with "${route.shows}"`);
  }

  // 1. Render (a cache miss) against serving from the cache, per route, interleaved.
  const missMs = new Map(ROUTES.map((route) => [route.path, [] as number[]]));
  const hitMs = new Map(ROUTES.map((route) => [route.path, [] as number[]]));
  const renderLoad = os.loadavg();
  const renderFrom = performance.now();
  for (let n = 1; n <= RENDERS; n += 1) {
    for (const route of ROUTES) {
      const miss = await rawGet(missUrl(base, route.path, n), PAGE_REQUEST);
      if (miss.status !== 200) throw new Error(`GET ${route.path} (miss ${n}) answered ${miss.status}`);
      missMs.get(route.path)!.push(miss.ms);
      const hit = await rawGet(`${base}${route.path}`, PAGE_REQUEST);
      if (hit.headers.etag !== cachedEtag.get(route.path)) throw new Error(`GET ${route.path} was rendered again: the cache was missed`);
      hitMs.get(route.path)!.push(hit.ms);
    }
  }
  const renderSeconds = (performance.now() - renderFrom) / 1000;
  const renderRows = ROUTES.map((route) => {
    const render = summarize(missMs.get(route.path)!);
    const cached = summarize(hitMs.get(route.path)!);
    return {
      path: route.path,
      render: { p50: render.p50, p95: render.p95 },
      cached: { p50: cached.p50, p95: cached.p95 },
      ratio: ratio(render.p50, cached.p50),
    };
  });
  const allRender = summarize([...missMs.values()].flat());
  const allCached = summarize([...hitMs.values()].flat());

  // 2. Throughput of a cached rendered page against the same bytes from memory.
  const real = await rawGet(`${base}${LOAD_ROUTE}`, PAGE_REQUEST);
  captured.response = { status: real.status, body: real.body, headers: real.headers };
  const replay = await rawGet(`${base}${PAGE_BASELINE_PATH}`, PAGE_REQUEST);
  if (replay.status !== real.status || !replay.body.equals(real.body) || JSON.stringify(replay.headers) !== JSON.stringify(real.headers)) {
    throw new Error(
      `the baseline does not answer the bytes and headers of ${LOAD_ROUTE}: ${JSON.stringify(replay.headers)} vs ${JSON.stringify(real.headers)}`,
    );
  }
  log(`${LOAD_ROUTE}: ${real.body.length} bytes, ${JSON.stringify(real.headers)}; ${PAGE_BASELINE_PATH} answers the same`);
  const targets = [
    { kind: 'page' as const, url: `${base}${LOAD_ROUTE}` },
    { kind: 'baseline' as const, url: `${base}${PAGE_BASELINE_PATH}` },
  ];
  if (WARMUP_SECONDS > 0) for (const target of targets) await load(target.url, WARMUP_SECONDS);
  const rounds = { page: [] as Round[], baseline: [] as Round[] };
  const loadFrom = performance.now();
  const throughputLoad = os.loadavg();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const figures = await load(target.url, SECONDS);
      rounds[target.kind].push(figures);
      log(
        `round ${round + 1}/${ROUNDS} ${target.kind.padEnd(8)}: ${figures.reqPerS.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms` +
          (figures.errors || figures.non2xx ? `, ${figures.errors} errors, ${figures.non2xx} non-2xx` : ''),
      );
    }
  }
  const loadSeconds = (performance.now() - loadFrom) / 1000;
  const after = await rawGet(`${base}${LOAD_ROUTE}`, PAGE_REQUEST);
  if (after.headers.etag !== real.headers.etag) throw new Error(`${LOAD_ROUTE} was rendered again during the load: not a cache measurement`);
  const summary = (list: Round[]) => ({
    reqPerS: median(list.map((r) => r.reqPerS)),
    p50Ms: median(list.map((r) => r.p50Ms)),
    p99Ms: median(list.map((r) => r.p99Ms)),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
    non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
  });
  const page = summary(rounds.page);
  const baseline = summary(rounds.baseline);
  const throughputRatio = ratio(page.reqPerS, baseline.reqPerS);
  const pairedRatios = rounds.page.map((r, i) => ratio(r.reqPerS, rounds.baseline[i]!.reqPerS));
  const met = throughputRatio >= TARGET_RATIO && page.errors === 0 && page.non2xx === 0;
  const loadAfter = os.loadavg();

  const n = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const loads = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  console.log(
    `\nServer render (a request missing the page cache) against serving the cached page, ${RENDERS} of each per route, interleaved, ` +
      `one keep-alive connection, Accept-Encoding: br; ${os.cpus().length} CPUs, load average ${loads(renderLoad)} (measured in ${renderSeconds.toFixed(0)} s):\n`,
  );
  console.log('| route | render p50 ms | render p95 ms | cached p50 ms | cached p95 ms | render/cached (p50) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of renderRows) {
    console.log(
      `| ${row.path} | ${n(row.render.p50, 1)} | ${n(row.render.p95, 1)} | ${n(row.cached.p50, 2)} | ${n(row.cached.p95, 2)} | ${n(row.ratio, 0)}× |`,
    );
  }
  console.log(
    `| all routes | ${n(allRender.p50, 1)} | ${n(allRender.p95, 1)} | ${n(allCached.p50, 2)} | ${n(allCached.p95, 2)} | ${n(ratio(allRender.p50, allCached.p50), 0)}× |`,
  );
  console.log(
    `\nThroughput of GET ${LOAD_ROUTE} from the page cache (${real.body.length} bytes br) against the same bytes from memory: autocannon, ${CONNECTIONS} connections, ` +
      `${ROUNDS} rounds × ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, interleaved; load average ${loads(throughputLoad)} before, ${loads(loadAfter)} after. Medians:\n`,
  );
  console.log('| route | req/s | p50 ms | p99 ms | ratio | per-round ratios |');
  console.log('|---|---:|---:|---:|---:|---|');
  console.log(
    `| GET ${LOAD_ROUTE} (cached) | ${n(page.reqPerS)} | ${n(page.p50Ms, 1)} | ${n(page.p99Ms, 1)} | ${n(throughputRatio, 2)}× | ${pairedRatios.map((r) => n(r, 2)).join(', ')} |`,
  );
  console.log(`| baseline: same bytes from memory | ${n(baseline.reqPerS)} | ${n(baseline.p50Ms, 1)} | ${n(baseline.p99Ms, 1)} | 1.00× | |`);
  console.log(`\nTarget ≥ ${TARGET_RATIO}× the in-memory baseline's throughput: ${met ? 'met' : 'NOT met'} (measured in ${loadSeconds.toFixed(0)} s)`);
  console.log(
    'BENCH_JSON ' +
      JSON.stringify({
        bench: 'render',
        renders: RENDERS,
        renderLoadAverage: renderLoad,
        routes: renderRows,
        all: { render: { p50: allRender.p50, p95: allRender.p95 }, cached: { p50: allCached.p50, p95: allCached.p95 } },
        throughput: {
          path: LOAD_ROUTE,
          bytes: real.body.length,
          connections: CONNECTIONS,
          rounds: ROUNDS,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          loadAverage: throughputLoad,
          loadAverageAfter: loadAfter,
          page,
          baseline,
          ratio: throughputRatio,
          pairedRatios,
        },
        targetRatio: TARGET_RATIO,
        met,
      }),
  );
} finally {
  closeRawAgent();
  await backend?.close();
  await database.stop();
}
