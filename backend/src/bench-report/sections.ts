/**
 * One report section per benchmark, from the JSON line each bench prints last ("BENCH_JSON …"). The shapes below
 * are the parts of those lines the report reads; the benches print more.
 */
import { fmt, fmtRatio, type Section, type Table, type Target } from './markdown';
import { ratio } from './stats';

type Latency = { p50: number; p95: number; p99: number; n?: number; max?: number };

/** The forum list's pages over HTTP, as backend/bench/forum-list-phase.ts measures them. */
export type ForumListJson = {
  pageSize: number;
  laterPage: number;
  pages: Array<{ name: string } & Latency>;
  all: Latency;
  plans: Record<string, string>;
  targetP95Ms: number;
  met: boolean;
};

export type SearchJson = {
  bench: 'search';
  posts: number;
  rounds: number;
  queries: Array<{ name: string } & Latency>;
  all: Latency;
  baseline: Latency;
  targetP95Ms: number;
  met: boolean;
  /** The forum list's pages over HTTP (backend/bench/forum-list-phase.ts); absent in reports from before it. */
  forumList?: ForumListJson;
};

export type LiveJson = {
  bench?: 'live';
  clients: number;
  rounds: number;
  reply: Latency;
  bare: Latency;
  http: Latency;
  bound: number;
  /** Issue 20's measure: reply p99 / (bare p99 + HTTP p50) (absent in the lines of benches before it). */
  ratio?: number;
  met: boolean;
  missing: { reply: number; bare: number };
  /** The notifications phase (absent in the lines of benches before it). */
  notifications?: {
    members: number;
    rounds: number;
    loadBefore: number[];
    loadAfter: number[];
    delivery: Latency;
    bare: Latency;
    perSocketEmits: Latency;
    http: Latency;
    commit: Latency;
    first: Latency;
    steps: { apply: Latency; counts: Latency; notified: number; counted: number } | null;
    bound: number;
    ratio: number;
    met: boolean;
    missing: { notifications: number; bare: number; each: number };
  };
};

type HttpSide = { reqPerS: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };
export type HttpJson = {
  bench: 'http';
  connections: number;
  rounds: number;
  seconds: number;
  targetRatio: number;
  routes: Array<{ path: string; bytes: number; real: HttpSide; baseline: HttpSide; ratio: number; pairedRatios: number[]; met: boolean }>;
  met: boolean;
};

type RenderLatency = { p50: number; p95: number };
export type RenderJson = {
  bench: 'render';
  renders: number;
  renderLoadAverage: number[];
  routes: Array<{ path: string; render: RenderLatency; cached: RenderLatency; ratio: number }>;
  all: { render: RenderLatency; cached: RenderLatency };
  throughput: {
    path: string;
    bytes: number;
    connections: number;
    rounds: number;
    seconds: number;
    loadAverage: number[];
    page: HttpSide;
    baseline: HttpSide;
    ratio: number;
    pairedRatios: number[];
  };
  targetRatio: number;
  met: boolean;
};

/** One Lighthouse run's figures, as `npm run report:client` (e2e/client-report.ts) writes them. */
export type LighthouseScores = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of the host's CPU speed. Its simulated slow phone scales the CPU time it observes by a fixed
   * 4x, so the same page gets a lower TBT on a faster host: this says which host the scores are from. Absent in
   * reports from before it was kept.
   */
  benchmarkIndex?: number;
};
export type ClientJson = {
  bench: 'client';
  homeJsKb: number;
  mobile: LighthouseScores;
  /** /year/1974 on the mobile preset (a server-rendered archive page); absent in reports from before issue 17. */
  mobileYear?: LighthouseScores;
  desktop: LighthouseScores;
  /** Lighthouse runs per page and preset (the median one is reported), and every run's performance score. */
  runs?: number;
  performanceRuns?: Record<string, number[]>;
  loadAverage: number;
  targets: { homeJsKb: number; performance: number; accessibility: number };
  met: boolean;
};

/** What every section shares: how it was run. */
export type RunInfo = { command: string; loadBefore: number[]; seconds: number };

const R = 'right' as const;
const L = 'left' as const;
const ms = (value: number | undefined) => fmt(value, 1);

export function searchSection(json: SearchJson, run: RunInfo): Section {
  // The baseline takes well under a millisecond: two decimals.
  const ms = (value: number | undefined) => fmt(value, 2);
  const list = json.forumList;
  const table: Table = {
    header: ['query', 'p50 ms', 'p95 ms', 'p99 ms', 'p50 ratio to baseline'],
    rows: [
      ...json.queries.map((q) => [q.name, ms(q.p50), ms(q.p95), ms(q.p99), fmtRatio(ratio(q.p50, json.baseline.p50), 1)]),
      ['**all search queries**', `**${ms(json.all.p50)}**`, `**${ms(json.all.p95)}**`, ms(json.all.p99), fmtRatio(ratio(json.all.p50, json.baseline.p50), 1)],
      ['baseline: `SELECT` by primary key', ms(json.baseline.p50), ms(json.baseline.p95), ms(json.baseline.p99), '1.0×'],
    ],
    align: [L, R, R, R, R],
  };
  return {
    title: 'Search latency',
    command: run.command,
    method:
      `the archive plus ${fmt(json.posts)} forum posts, PostgreSQL adapter; each query ${json.rounds} times, interleaved with a primary-key ` +
      '`SELECT` on the same pool (the baseline).',
    loadBefore: run.loadBefore,
    seconds: run.seconds,
    tables: [table, ...(list ? [listTable(list)] : [])],
    targets: [
      { text: `all queries p95 < ${json.targetP95Ms} ms (p95 ${ms(json.all.p95)} ms)`, met: json.met },
      ...(list
        ? [
            {
              text: `forum list pages (GET /api/forum/posts, ${fmt(json.posts)} posts) p95 < ${list.targetP95Ms} ms (p95 ${ms(list.all.p95)} ms)`,
              met: list.met,
            },
          ]
        : []),
    ],
    notes: list
      ? [
          `Forum list plans (page ${list.laterPage}): ${Object.entries(list.plans)
            .map(([sort, plan]) => `${sort}: \`${plan}\``)
            .join('; ')}.`,
        ]
      : [],
  };
}

function listTable(list: NonNullable<SearchJson['forumList']>): Table {
  const ms = (value: number | undefined) => fmt(value, 2);
  return {
    header: [`forum list page (${list.pageSize} posts, over HTTP)`, 'p50 ms', 'p95 ms', 'p99 ms'],
    rows: [
      ...list.pages.map((page) => [page.name, ms(page.p50), ms(page.p95), ms(page.p99)]),
      ['**all pages**', `**${ms(list.all.p50)}**`, `**${ms(list.all.p95)}**`, ms(list.all.p99)],
    ],
    align: [L, R, R, R],
  };
}

export function liveSection(json: LiveJson, run: RunInfo): Section {
  const row = (name: string, s: Latency) => [name, ms(s.p50), ms(s.p95), ms(s.p99)];
  const n = json.notifications;
  const tables: Table[] = [
    {
      header: ['path', 'p50 ms', 'p95 ms', 'p99 ms'],
      rows: [
        row('reply: HTTP POST → every client has it', json.reply),
        row('baseline: bare broadcast → every client has it', json.bare),
        row('the HTTP POST alone', json.http),
      ],
      align: [L, R, R, R],
    },
  ];
  const targets: Target[] = [
    {
      text:
        `reply p99 ≤ 2 × bare p99 + HTTP p50 = ${ms(json.bound)} ms (reply p99 ${ms(json.reply.p99)} ms, ` +
        `${fmtRatio(ratio(json.reply.p99, json.bare.p99), 1)} the bare p99), no delivery lost (lost: ${json.missing.reply})`,
      met: json.met,
    },
    ...(json.ratio === undefined
      ? []
      : [
          {
            text: `reply p99 ≤ 1.0 × (bare p99 + HTTP p50) (reply p99 ${ms(json.reply.p99)} ms, ${fmtRatio(json.ratio)} of ${ms(json.bare.p99 + json.http.p50)} ms)`,
            met: json.ratio <= 1,
          },
        ]),
  ];
  const notes: string[] = [];
  if (n) {
    tables.push({
      header: [`notifications: ${fmt(n.members)} members watching one post`, 'p50 ms', 'p95 ms', 'p99 ms'],
      rows: [
        row('reply: HTTP POST → every member has its unread count', n.delivery),
        row('baseline: bare broadcast → every client has it', n.bare),
        row('bare: one emit per socket’s own room → every client has it', n.perSocketEmits),
        row('the HTTP POST alone (waits for the read models)', n.http),
        row('HTTP POST → notifications committed', n.commit),
        row('HTTP POST → first member has its count', n.first),
        ...(n.steps
          ? [
              row(`alone: the projection applies one reply (${fmt(n.steps.notified)} notifications)`, n.steps.apply),
              row(`alone: the unread counts one reply changed (${fmt(n.steps.counted)} members)`, n.steps.counts),
            ]
          : []),
      ],
      align: [L, R, R, R],
    });
    targets.push({
      text:
        `notification p99 ≤ 2 × bare p99 + HTTP p50 = ${ms(n.bound)} ms (p99 ${ms(n.delivery.p99)} ms, ${fmt(n.ratio, 2)} of the bound), ` +
        `no delivery lost (lost: ${n.missing.notifications})`,
      met: n.met,
    });
    notes.push(`Notifications phase at load average ${n.loadBefore.map((v) => fmt(v, 1)).join(' ')} (after: ${n.loadAfter.map((v) => fmt(v, 1)).join(' ')}).`);
  }
  return {
    title: 'Live push',
    command: run.command,
    method:
      `${fmt(json.clients)} Socket.IO clients watch one post; a reply over HTTP is timed until each client has it, ${json.rounds} rounds, ` +
      'alternating with a bare `io.to(room).emit` of the same message to the same clients (the baseline). ' +
      (n
        ? `Then ${fmt(n.members)} members signed up over HTTP watch one post, each with a signed-in connection; a reply is timed until ` +
          "every member's socket has its new unread count, interleaved with the same bare broadcast."
        : ''),
    loadBefore: run.loadBefore,
    seconds: run.seconds,
    tables,
    targets,
    notes,
  };
}

export function httpSection(json: HttpJson, run: RunInfo): Section {
  const rows = json.routes.flatMap((route) => [
    [`GET ${route.path}`, fmt(route.bytes), fmt(route.real.reqPerS), ms(route.real.p50Ms), ms(route.real.p99Ms), `**${fmtRatio(route.ratio)}**`],
    [`baseline: same bytes from memory`, fmt(route.bytes), fmt(route.baseline.reqPerS), ms(route.baseline.p50Ms), ms(route.baseline.p99Ms), '1.00×'],
  ]);
  const failures = json.routes.filter((route) => route.real.errors + route.real.non2xx + route.baseline.errors + route.baseline.non2xx > 0);
  return {
    title: 'Read API under load',
    command: run.command,
    method:
      `autocannon, ${json.connections} connections, ${json.rounds} rounds × ${json.seconds} s per route, real and baseline interleaved; the ` +
      'baseline is a bench-only route on the same server and middleware answering the identical bytes and headers from memory. ' +
      'Medians of the rounds.',
    loadBefore: run.loadBefore,
    seconds: run.seconds,
    tables: [{ header: ['route', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'throughput ratio'], rows, align: [L, R, R, R, R, R] }],
    targets: json.routes.map((route) => ({
      text: `GET ${route.path} ≥ ${json.targetRatio}× the baseline's throughput (per round: ${route.pairedRatios.map((r) => fmtRatio(r)).join(', ')})`,
      met: route.met,
    })),
    notes: failures.map(
      (route) =>
        `GET ${route.path}: ${route.real.errors} errors, ${route.real.non2xx} non-2xx answers (baseline ${route.baseline.errors}, ${route.baseline.non2xx}).`,
    ),
  };
}

export function clientSection(json: ClientJson, run: RunInfo): Section {
  const { targets: t } = json;
  const pages: Array<[string, LighthouseScores]> = [
    ['mobile, /', json.mobile],
    ...(json.mobileYear ? [['mobile, /year/1974', json.mobileYear] as [string, LighthouseScores]] : []),
    ['desktop, /', json.desktop],
  ];
  const rows = [
    ['home route JavaScript (gzip)', `${fmt(json.homeJsKb, 1)} kB`, `< ${t.homeJsKb} kB`],
    ...pages.flatMap(([name, s]) => [
      [`Lighthouse performance, ${name}`, String(s.performance), `≥ ${t.performance}`],
      [`Lighthouse accessibility, ${name}`, String(s.accessibility), `≥ ${t.accessibility}`],
    ]),
  ];
  const vitals = (name: string, s: LighthouseScores) => [
    name,
    String(s.performance),
    fmt(s.fcpMs),
    fmt(s.lcpMs),
    fmt(s.tbtMs),
    fmt(s.cls, 3),
    fmt(s.benchmarkIndex),
  ];
  const names = pages.map(([name]) => name.replace(', ', ' ')).join(', ');
  const runsNote =
    json.runs && json.performanceRuns
      ? [
          `Each page and preset audited ${json.runs} times, the median run reported; performance scores of all runs: ` +
            `${Object.entries(json.performanceRuns)
              .map(([name, scores]) => `${name} ${scores.join(', ')}`)
              .join('; ')}.`,
        ]
      : [];
  return {
    title: 'Client',
    command: run.command,
    method:
      "the home route's gzipped JavaScript from vite's manifest, and Lighthouse (mobile and desktop presets) on `npm start`'s server, " +
      `server-rendered pages from the page cache (${names}); details in [client-report.md](client-report.md).`,
    loadBefore: run.loadBefore,
    seconds: run.seconds,
    tables: [
      { header: ['measure', 'value', 'target'], rows, align: [L, R, R] },
      {
        header: ['page, preset', 'performance', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'host benchmark index'],
        rows: pages.map(([name, s]) => vitals(name, s)),
        align: [L, R, R, R, R, R, R],
      },
    ],
    targets: [
      { text: `home route JavaScript < ${t.homeJsKb} kB gzip`, met: json.homeJsKb < t.homeJsKb },
      {
        text: `Lighthouse performance ≥ ${t.performance} (${pages.map(([name, s]) => `${name} ${s.performance}, LCP ${fmt(s.lcpMs)} ms`).join('; ')})`,
        met: pages.every(([, s]) => s.performance >= t.performance),
      },
      {
        text: `Lighthouse accessibility ≥ ${t.accessibility}, every page and preset`,
        met: pages.every(([, s]) => s.accessibility >= t.accessibility),
      },
    ],
    notes: [
      ...runsNote,
      `Lighthouse's CPU-bound figures (TBT, LCP) grow with the machine's load (${fmt(json.loadAverage, 1)} when it started), and ` +
        "shrink on a faster host: its simulated phone is the host's CPU slowed a fixed 4x (the host benchmark index above).",
    ],
  };
}

export function serverRenderSection(json: RenderJson, run: RunInfo): Section {
  const row = (name: string, render: RenderLatency, cached: RenderLatency) => [
    name,
    ms(render.p50),
    ms(render.p95),
    fmt(cached.p50, 2),
    fmt(cached.p95, 2),
    fmtRatio(ratio(render.p50, cached.p50), 0),
  ];
  const t = json.throughput;
  const loads = (values: number[]) => values.map((value) => fmt(value, 2)).join(' / ');
  const failures = t.page.errors + t.page.non2xx + t.baseline.errors + t.baseline.non2xx;
  return {
    title: 'Server rendering',
    command: run.command,
    method:
      `the real client build's server render on a backend with the imported archive. Per public route, ${json.renders} requests that miss ` +
      'the page cache (the address plus a query parameter of its own: meta, React render through the in-process API, template, ' +
      'compressed forms) interleaved with as many served from the cache, one at a time, `Accept-Encoding: br`, request to last byte; ' +
      `then autocannon (${t.connections} connections, ${t.rounds} rounds × ${t.seconds} s, interleaved) on a cached page against a ` +
      'bench-only route on the same server and middleware answering its bytes and headers from memory.',
    loadBefore: run.loadBefore,
    seconds: run.seconds,
    tables: [
      {
        header: ['route', 'render p50 ms', 'render p95 ms', 'cached p50 ms', 'cached p95 ms', 'render/cached (p50)'],
        rows: [...json.routes.map((route) => row(route.path, route.render, route.cached)), row('**all routes**', json.all.render, json.all.cached)],
        align: [L, R, R, R, R, R],
      },
      {
        header: ['route under load', 'bytes (br)', 'req/s', 'p50 ms', 'p99 ms', 'throughput ratio'],
        rows: [
          [`GET ${t.path}, cached`, fmt(t.bytes), fmt(t.page.reqPerS), ms(t.page.p50Ms), ms(t.page.p99Ms), `**${fmtRatio(t.ratio)}**`],
          ['baseline: same bytes from memory', fmt(t.bytes), fmt(t.baseline.reqPerS), ms(t.baseline.p50Ms), ms(t.baseline.p99Ms), '1.00×'],
        ],
        align: [L, R, R, R, R, R],
      },
    ],
    targets: [
      {
        text: `cached GET ${t.path} ≥ ${json.targetRatio}× the throughput of its bytes from memory (per round: ${t.pairedRatios.map((r) => fmtRatio(r)).join(', ')})`,
        met: json.met,
      },
    ],
    notes: [
      `Load average (1/5/15 min) when the renders were timed: ${loads(json.renderLoadAverage)}; when the load test started: ${loads(t.loadAverage)}.`,
      ...(failures > 0 ? [`Under load: ${t.page.errors} errors, ${t.page.non2xx} non-2xx answers (baseline ${t.baseline.errors}, ${t.baseline.non2xx}).`] : []),
    ],
  };
}
