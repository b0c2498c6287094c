import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startAppServer } from './support/app-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser';

/**
 * `npm run report:client`: the client's weight and quality, against its targets. Builds the client (with vite's
 * manifest), sums the gzipped JavaScript the home route loads, and runs Lighthouse (mobile and desktop presets)
 * on / of a real `npm start` server. Prints a table and writes docs/client-report.md (not with
 * CLIENT_REPORT_WRITE=no, for smoke runs of `npm run bench -- --quick`); last, one JSON line (prefix "BENCH_JSON ").
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'frontend/dist');
const TARGETS = { homeJsKb: 200, performance: 90, accessibility: 90 };

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };

function buildClient() {
  // --manifest writes dist/.vite/manifest.json (not served: the static server refuses dot folders).
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', 'frontend', '--manifest', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The client build failed');
}

/** The entry chunk, its static imports, and the lazily loaded home page chunk with its own static imports. */
function homeRouteJavaScript(): { files: Array<{ file: string; gzipBytes: number }>; totalGzipBytes: number } {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const homeKey = Object.keys(manifest).find((key) => /pages\/HomePage\.tsx$/.test(manifest[key]!.src ?? key));
  if (!entryKey || !homeKey) throw new Error('No entry or HomePage chunk in the vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(homeKey);
  const files = [...seen]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, totalGzipBytes: files.reduce((sum, item) => sum + item.gzipBytes, 0) };
}

type Scores = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedA11y: string[];
  /** What to look at first when a score misses: the LCP element, what shifted, the heaviest scripts. */
  diagnostics: string[];
};

type Details = { items?: Array<Record<string, any>> };
const itemsOf = (details: unknown) => ((details as Details | undefined)?.items ?? []) as Array<Record<string, any>>;

async function runLighthouse(url: string, preset: 'mobile' | 'desktop'): Promise<Scores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const options = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'] };
    const result = await lighthouse(url, options, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse gave no result');
    const { categories, audits } = result.lhr;
    const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
    const failedA11y = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}: ${audits[ref.id]!.title}`);
    const lcpElement = itemsOf(itemsOf(audits['largest-contentful-paint-element']?.details)[0])[0]?.node;
    const shifts = itemsOf(audits['layout-shifts']?.details).map((item) => `${item.node?.selector ?? 'unknown'} (${Number(item.score).toFixed(3)})`);
    const scripts = itemsOf(audits['bootup-time']?.details)
      .slice(0, 3)
      .map((item) => `${String(item.url).replace(url.replace(/\/$/, ''), '')} ${Math.round(item.total)} ms`);
    const diagnostics = [
      `LCP element: ${lcpElement ? `${lcpElement.selector} ("${String(lcpElement.nodeLabel).slice(0, 60)}")` : 'unknown'}`,
      `Layout shifts: ${shifts.join(', ') || 'none'}`,
      `Main-thread time by script: ${scripts.join(', ') || 'none'}`,
    ];
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      failedA11y,
      diagnostics,
    };
  } finally {
    await chrome.kill();
  }
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function main() {
  console.log('Building the client...');
  buildClient();
  const js = homeRouteJavaScript();
  const homeKb = js.totalGzipBytes / 1024;

  console.log('Starting npm start for Lighthouse...');
  const server = await startAppServer();
  let mobile: Scores;
  let desktop: Scores;
  // Lighthouse's simulated throttling scales the CPU time it observes: a busy machine lowers the scores.
  const load = os.loadavg()[0]!.toFixed(1);
  try {
    // A first request warms the server (read models, template) so the audit measures the page, not a cold start.
    await fetch(`${server.url}/`);
    mobile = await runLighthouse(`${server.url}/`, 'mobile');
    desktop = await runLighthouse(`${server.url}/`, 'desktop');
  } finally {
    await server.stop();
  }

  const rows: Array<[string, string, string, string]> = [
    ['Home route JavaScript (gzip)', `${homeKb.toFixed(1)} kB`, `< ${TARGETS.homeJsKb} kB`, verdict(homeKb < TARGETS.homeJsKb)],
    ['Lighthouse performance, mobile preset', String(mobile.performance), `≥ ${TARGETS.performance}`, verdict(mobile.performance >= TARGETS.performance)],
    [
      'Lighthouse accessibility, mobile preset',
      String(mobile.accessibility),
      `≥ ${TARGETS.accessibility}`,
      verdict(mobile.accessibility >= TARGETS.accessibility),
    ],
    ['Lighthouse performance, desktop preset', String(desktop.performance), `≥ ${TARGETS.performance}`, verdict(desktop.performance >= TARGETS.performance)],
    [
      'Lighthouse accessibility, desktop preset',
      String(desktop.accessibility),
      `≥ ${TARGETS.accessibility}`,
      verdict(desktop.accessibility >= TARGETS.accessibility),
    ],
  ];
  const width = (column: number) => Math.max(...rows.map((row) => row[column]!.length), ['Measure', 'Value', 'Target', 'Result'][column]!.length);
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(width(i))).join('  ');
  console.log(`\n${line(['Measure', 'Value', 'Target', 'Result'])}\n${rows.map(line).join('\n')}\n`);
  console.log(`Load average when Lighthouse started: ${load} on ${os.cpus().length} cores`);
  for (const [preset, scores] of [
    ['mobile', mobile],
    ['desktop', desktop],
  ] as const) {
    for (const diagnostic of scores.diagnostics) console.log(`${preset}: ${diagnostic}`);
  }

  const date = new Date().toISOString().slice(0, 10);
  const markdown = `# Client report

Measured on ${date} by \`npm run report:client\` (e2e/client-report.ts) on this machine (2 cores), against a
production build of the client served by \`npm start\` with the imported archive. Machine load when Lighthouse
started: ${load} (1-minute load average) on ${os.cpus().length} cores; Lighthouse's CPU-bound figures (TBT, LCP)
grow with it, so compare runs made on an idle machine.

| Measure | Value | Target | Result |
|---|---|---|---|
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

## What the home route loads
The entry chunk, its static imports and the lazily loaded home page chunk with its static imports (from vite's
manifest), each gzipped at level 9:

| File | gzip |
|---|---|
${js.files.map((item) => `| ${item.file} | ${(item.gzipBytes / 1024).toFixed(1)} kB |`).join('\n')}
| **Total** | **${homeKb.toFixed(1)} kB** |

## Lighthouse details (/)
| Preset | FCP | LCP | TBT | CLS |
|---|---|---|---|---|
| mobile (simulated slow 4G, 4× CPU slowdown) | ${mobile.fcpMs} ms | ${mobile.lcpMs} ms | ${mobile.tbtMs} ms | ${mobile.cls} |
| desktop | ${desktop.fcpMs} ms | ${desktop.lcpMs} ms | ${desktop.tbtMs} ms | ${desktop.cls} |

Diagnostics (mobile):
${mobile.diagnostics.map((line) => `- ${line}`).join('\n')}

Diagnostics (desktop):
${desktop.diagnostics.map((line) => `- ${line}`).join('\n')}

Accessibility audits not passed (mobile): ${mobile.failedA11y.length ? mobile.failedA11y.map((item) => `\`${item}\``).join(', ') : 'none'}.
`;
  if (process.env.CLIENT_REPORT_WRITE !== 'no') {
    mkdirSync(path.join(ROOT, 'docs'), { recursive: true });
    writeFileSync(path.join(ROOT, 'docs/client-report.md'), markdown);
    console.log('Written to docs/client-report.md');
  }
  const { diagnostics: _m, ...mobileScores } = mobile;
  const { diagnostics: _d, ...desktopScores } = desktop;
  console.log(
    'BENCH_JSON ' +
      JSON.stringify({
        bench: 'client',
        homeJsKb: Number(homeKb.toFixed(1)),
        mobile: mobileScores,
        desktop: desktopScores,
        loadAverage: Number(load),
        targets: TARGETS,
        met: rows.every((row) => row[3] === 'ok'),
      }),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
