import { describe, expect, it } from 'vitest';
import { fmt, fmtRatio, keepHandWritten, markdownTable, renderReport, renderSection, verdict, type Section } from './markdown';
import {
  clientSection,
  httpSection,
  liveSection,
  searchSection,
  serverRenderSection,
  type ClientJson,
  type HttpJson,
  type LiveJson,
  type RenderJson,
  type SearchJson,
} from './sections';
import { median, percentile, ratio, summarize } from './stats';

describe('statistics', () => {
  it('takes the median of odd and even counts without reordering the input', () => {
    const values = [5, 1, 3];
    expect(median(values)).toBe(3);
    expect(values).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('takes nearest-rank percentiles', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted on purpose
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    // Few samples: p99 of ten values is the largest.
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([], 99)).toBeNaN();
  });

  it('summarises a sample', () => {
    expect(summarize([3, 1, 2, 10])).toEqual({ n: 4, p50: 2, p95: 10, p99: 10, max: 10 });
  });

  it('divides only real figures', () => {
    expect(ratio(700, 1000)).toBeCloseTo(0.7);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(null, 1)).toBeNaN();
    expect(ratio(1, undefined)).toBeNaN();
    expect(ratio(Number.NaN, 1)).toBeNaN();
  });
});

describe('markdown', () => {
  it('formats numbers, ratios and verdicts', () => {
    expect(fmt(12345.678)).toBe('12,346');
    expect(fmt(1.5, 2)).toBe('1.50');
    expect(fmt(Number.NaN)).toBe('–');
    expect(fmt(null)).toBe('–');
    expect(fmtRatio(0.7345)).toBe('0.73×');
    expect(fmtRatio(Number.NaN)).toBe('–');
    expect(verdict(true)).toBe('met');
    expect(verdict(false)).toBe('**missed**');
    expect(verdict(null)).toBe('not measured');
  });

  it('renders a table with right-aligned number columns and escaped pipes', () => {
    const table = markdownTable({ header: ['route', 'req/s'], rows: [['GET /a|b', '1,234']], align: ['left', 'right'] });
    expect(table).toBe(['| route | req/s |', '|---|---:|', '| GET /a\\|b | 1,234 |'].join('\n'));
  });

  it('refuses a row that does not fit the header', () => {
    expect(() => markdownTable({ header: ['a', 'b'], rows: [['1']] })).toThrow(/1 cells, the header 2/);
  });

  it('renders a failed bench with its output and no verdict', () => {
    const failed: Section = {
      title: 'Live push',
      command: 'npm run bench:live',
      method: 'exited with 1.',
      loadBefore: [1.234, 2, 3],
      seconds: 12,
      tables: [],
      targets: [],
      notes: [],
      error: 'Error: boom',
    };
    const text = renderSection(failed);
    expect(text).toContain('## Live push');
    expect(text).toContain('Load average before it started: 1.23 / 2.00 / 3.00 (1/5/15 min); it took 12 s.');
    expect(text).toContain('**Failed** — last output:\n\n```\nError: boom\n```');
  });
});

const httpJson: HttpJson = {
  bench: 'http',
  connections: 50,
  rounds: 3,
  seconds: 5,
  targetRatio: 0.7,
  routes: [
    {
      path: '/api/years',
      bytes: 63319,
      real: { reqPerS: 2100.4, p50Ms: 21, p99Ms: 60.5, errors: 0, non2xx: 0 },
      baseline: { reqPerS: 2400, p50Ms: 19, p99Ms: 55, errors: 0, non2xx: 0 },
      ratio: 2100.4 / 2400,
      pairedRatios: [0.8, 0.9, 0.95],
      met: true,
    },
    {
      path: '/api/articles',
      bytes: 21426,
      real: { reqPerS: 1000, p50Ms: 40, p99Ms: 120, errors: 0, non2xx: 0 },
      baseline: { reqPerS: 4000, p50Ms: 10, p99Ms: 30, errors: 0, non2xx: 0 },
      ratio: 0.25,
      pairedRatios: [0.25, 0.24, 0.26],
      met: false,
    },
  ],
  met: false,
};

describe('report', () => {
  it('puts the read API figures, ratios and verdicts per route into its section', () => {
    const section = httpSection(httpJson, { command: 'npm run bench:http', loadBefore: [0.5, 0.6, 0.7], seconds: 130 });
    const text = renderSection(section);
    expect(text).toContain('| GET /api/years | 63,319 | 2,100 | 21.0 | 60.5 | **0.88×** |');
    expect(text).toContain('| baseline: same bytes from memory | 63,319 | 2,400 | 19.0 | 55.0 | 1.00× |');
    expect(text).toContain("- Target: GET /api/years ≥ 0.7× the baseline's throughput (per round: 0.80×, 0.90×, 0.95×) — met");
    expect(text).toContain("- Target: GET /api/articles ≥ 0.7× the baseline's throughput (per round: 0.25×, 0.24×, 0.26×) — **missed**");
    expect(text).toContain('it took 2.2 min.');
  });

  it('renders the whole report: machine, an overview of every target, the sections and how to reproduce', () => {
    const search: SearchJson = {
      bench: 'search',
      posts: 10000,
      rounds: 60,
      queries: [{ name: 'forum "lorren" (typo)', p50: 11.5, p95: 14.8, p99: 16 }],
      all: { p50: 3.9, p95: 17.4, p99: 19.4 },
      baseline: { p50: 0.48, p95: 0.87, p99: 1.1 },
      targetP95Ms: 20,
      met: true,
    };
    const run = { command: 'x', loadBefore: [1, 1, 1], seconds: 60 };
    const text = renderReport({
      date: '2026-11-21T20:00:00Z',
      quick: true,
      machine: { cpus: 2, cpuModel: 'Test CPU', memoryGb: 7.75, node: 'v22.0.0', os: 'Linux 6.1' },
      code: { commit: 'abc1234', changed: [] },
      totalSeconds: 600,
      sections: [searchSection(search, run), httpSection(httpJson, run)],
      reproduce: 'Run `npm run bench`.',
    });
    expect(text.startsWith('# Performance report\n')).toBe(true);
    expect(text).toContain('on 2026-11-21T20:00:00Z. **Quick run**');
    expect(text).toContain('Machine: 2 × Test CPU, 7.8 GB memory, Linux 6.1, Node v22.0.0. Code: commit abc1234.');
    expect(text).toContain('in 10.0 min');
    expect(text).toContain('| Search latency | all queries p95 < 20 ms (p95 17.40 ms) | met |');
    expect(text).toContain("| Read API under load | GET /api/articles ≥ 0.7× the baseline's throughput (per round: 0.25×, 0.24×, 0.26×) | **missed** |");
    expect(text).toContain('| forum "lorren" (typo) | 11.50 | 14.80 | 16.00 | 24.0× |');
    expect(text).toContain('| baseline: `SELECT` by primary key | 0.48 | 0.87 | 1.10 | 1.0× |');
    expect(text.trimEnd().endsWith('## How to reproduce\n\nRun `npm run bench`.')).toBe(true);
  });
});

const renderJson: RenderJson = {
  bench: 'render',
  renders: 30,
  renderLoadAverage: [1.5, 2, 2.5],
  routes: [
    { path: '/year/1974', render: { p50: 205.55, p95: 283.01 }, cached: { p50: 3.09, p95: 4.48 }, ratio: 205.55 / 3.09 },
    { path: '/blog', render: { p50: 34.75, p95: 45 }, cached: { p50: 2.71, p95: 6.51 }, ratio: 34.75 / 2.71 },
  ],
  all: { render: { p50: 103.6, p95: 677.7 }, cached: { p50: 3.6, p95: 11.8 } },
  throughput: {
    path: '/year/1974',
    bytes: 21354,
    connections: 50,
    rounds: 2,
    seconds: 3,
    loadAverage: [8.27, 7.66, 6.76],
    page: { reqPerS: 620, p50Ms: 67.5, p99Ms: 279, errors: 0, non2xx: 0 },
    baseline: { reqPerS: 637, p50Ms: 64.5, p99Ms: 234.5, errors: 0, non2xx: 0 },
    ratio: 620 / 637,
    pairedRatios: [0.94, 1.01],
  },
  targetRatio: 0.7,
  met: true,
};

describe('server rendering section', () => {
  it('puts render and cached times per route with their ratio, the throughput ratio and both load averages into its section', () => {
    const text = renderSection(serverRenderSection(renderJson, { command: 'npm run bench:render', loadBefore: [1, 1, 1], seconds: 90 }));
    expect(text).toContain('## Server rendering');
    expect(text).toContain('| /year/1974 | 205.6 | 283.0 | 3.09 | 4.48 | 67× |');
    expect(text).toContain('| **all routes** | 103.6 | 677.7 | 3.60 | 11.80 | 29× |');
    expect(text).toContain('| GET /year/1974, cached | 21,354 | 620 | 67.5 | 279.0 | **0.97×** |');
    expect(text).toContain('| baseline: same bytes from memory | 21,354 | 637 | 64.5 | 234.5 | 1.00× |');
    expect(text).toContain('- Target: cached GET /year/1974 ≥ 0.7× the throughput of its bytes from memory (per round: 0.94×, 1.01×) — met');
    expect(text).toContain('when the renders were timed: 1.50 / 2.00 / 2.50; when the load test started: 8.27 / 7.66 / 6.76.');
  });
});

describe('client section', () => {
  const scores = (performance: number, lcpMs: number) => ({ performance, accessibility: 100, fcpMs: 900, lcpMs, tbtMs: 150, cls: 0 });
  const json: ClientJson = {
    bench: 'client',
    homeJsKb: 198.9,
    mobile: scores(96, 1546),
    mobileYear: scores(93, 2400),
    desktop: scores(99, 640),
    runs: 3,
    performanceRuns: { mobile: [95, 96, 97], mobileYear: [90, 93, 94], desktop: [99, 99, 100] },
    loadAverage: 1.2,
    targets: { homeJsKb: 200, performance: 95, accessibility: 90 },
    met: false,
  };
  const run = { command: 'npm run report:client', loadBefore: [1, 1, 1], seconds: 120 };

  it('reports the year page next to the home page, names score and LCP of each in the target, and misses it when one page is under', () => {
    const text = renderSection(clientSection(json, run));
    expect(text).toContain('| mobile, /year/1974 | 93 | 900 | 2,400 | 150 | 0.000 |');
    expect(text).toContain(
      '- Target: Lighthouse performance ≥ 95 (mobile, / 96, LCP 1,546 ms; mobile, /year/1974 93, LCP 2,400 ms; desktop, / 99, LCP 640 ms) — **missed**',
    );
    expect(text).toContain('performance scores of all runs: mobile 95, 96, 97; mobileYear 90, 93, 94; desktop 99, 99, 100.');
  });

  it("gives each page's host benchmark index, and a dash for a report from before it was kept", () => {
    const text = renderSection(clientSection({ ...json, mobile: { ...json.mobile, benchmarkIndex: 2685 } }, run));
    expect(text).toContain('| page, preset | performance | FCP ms | LCP ms | TBT ms | CLS | host benchmark index |');
    expect(text).toContain('| mobile, / | 96 | 900 | 1,546 | 150 | 0.000 | 2,685 |');
    expect(text).toContain('| desktop, / | 99 | 900 | 640 | 150 | 0.000 | – |');
  });

  it('reads a report from before the year page was audited', () => {
    const { mobileYear: _, runs: __, performanceRuns: ___, ...older } = json;
    const text = renderSection(clientSection(older, run));
    expect(text).not.toContain('/year/1974');
    expect(text).toContain('(mobile, / 96, LCP 1,546 ms; desktop, / 99, LCP 640 ms) — met');
  });
});

describe('live section', () => {
  const lat = (p50: number, p95: number, p99: number) => ({ p50, p95, p99 });
  const live: LiveJson = {
    clients: 1000,
    rounds: 60,
    reply: lat(200, 300, 350),
    bare: lat(50, 90, 100),
    http: lat(60, 80, 90),
    bound: 260,
    met: false,
    missing: { reply: 0, bare: 0 },
  };
  const run = { command: 'npm run bench:live', loadBefore: [3, 3, 3], seconds: 600 };

  it('reads a line without the notifications phase (benches before it)', () => {
    const section = liveSection(live, run);
    expect(section.tables).toHaveLength(1);
    expect(section.targets).toHaveLength(1);
  });

  it('adds the notifications phase: its table, its target against its own bound, and the load average', () => {
    const section = liveSection(
      {
        ...live,
        notifications: {
          members: 1000,
          rounds: 60,
          loadBefore: [9.5, 8, 7],
          loadAfter: [10, 8, 7],
          delivery: lat(250, 300, 320),
          bare: lat(40, 90, 110),
          perSocketEmits: lat(60, 120, 130),
          http: lat(150, 200, 250),
          commit: lat(140, 190, 240),
          first: lat(200, 260, 280),
          steps: { apply: lat(60, 70, 80), counts: lat(2, 3, 4), notified: 1000, counted: 1000 },
          bound: 370,
          ratio: 320 / 370,
          met: true,
          missing: { notifications: 0, bare: 0, each: 0 },
        },
      },
      run,
    );
    const text = renderSection(section);
    expect(section.tables).toHaveLength(2);
    expect(text).toContain('| reply: HTTP POST → every member has its unread count | 250.0 | 300.0 | 320.0 |');
    expect(text).toContain('alone: the projection applies one reply (1,000 notifications)');
    expect(section.targets[1]).toEqual({
      text: 'notification p99 ≤ 2 × bare p99 + HTTP p50 = 370.0 ms (p99 320.0 ms, 0.86 of the bound), no delivery lost (lost: 0)',
      met: true,
    });
    expect(section.notes).toEqual(['Notifications phase at load average 9.5 8.0 7.0 (after: 10.0 8.0 7.0).']);
  });
});

describe('keepHandWritten', () => {
  const generated = (figure: string) =>
    [
      '# Performance report',
      '',
      `| Bench | Target | Result |`,
      '',
      '## Event store and rebuild',
      '',
      `rebuild ${figure} events/s`,
      '',
      '## Search latency',
      '',
      `search p95 ${figure} ms`,
      '',
      '## How to reproduce',
      '',
      'npm run bench',
      '',
    ].join('\n');
  const previous = generated('1')
    .replace('## Event store and rebuild', '### Issue 20 in the run of 08:38Z\n\nthe overview by hand\n\n## Event store and rebuild')
    .replace('rebuild 1 events/s\n', 'rebuild 1 events/s\n\n### What bounds the rebuild (08:38Z)\n\nthe log read\n\n#### A profile\n\nGC\n\n')
    .replace('## How to reproduce', '## Live push\n\nreply 1 ms\n\n### Live reply built once\n\nby hand\n\n## How to reproduce');

  it("puts each hand-written subsection back under its section, after the new run's figures", () => {
    const text = keepHandWritten(previous, generated('2'));
    expect(text).toContain('| Bench | Target | Result |\n\n### Issue 20 in the run of 08:38Z\n\nthe overview by hand\n\n## Event store and rebuild');
    expect(text).toContain('rebuild 2 events/s\n\n### What bounds the rebuild (08:38Z)\n\nthe log read\n\n#### A profile\n\nGC\n\n## Search latency');
    expect(text).not.toContain('rebuild 1 events/s');
    expect(text).toContain('search p95 2 ms\n\n## How to reproduce');
  });

  it('drops the analysis of a section the new run did not measure, and keeps a report without any as it is', () => {
    expect(keepHandWritten(previous, generated('2'))).not.toContain('Live reply built once');
    expect(keepHandWritten(generated('1'), generated('2'))).toBe(generated('2'));
  });

  it('gives the same report when run again on its own result', () => {
    const once = keepHandWritten(previous, generated('2'));
    expect(keepHandWritten(once, generated('2'))).toBe(once);
  });
});
