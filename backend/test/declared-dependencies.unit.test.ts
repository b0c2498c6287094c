import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/app/paths';

/**
 * Each package declares what its code imports (no phantom dependency that only works because npm hoisted it), and
 * a package that only tests, benchmarks or build scripts import is a devDependency (so `npm ci --omit=dev`, as the
 * production image runs it, installs no test tooling). e2e and the root's own files use the root package.json.
 */
const PACKAGES = ['contracts', 'projections', 'backend', 'frontend', '.'] as const;
/** Files that run only in development: they may import devDependencies. */
const DEV_FILE =
  /(\.test\.tsx?|\.contract\.ts|\.behaviour\.ts)$|(^|\/)(test|bench|e2e)\/|^backend\/src\/cli\/build-server\.ts$|^frontend\/[^/]+\.ts$|^[^/]+\.(ts|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', 'coverage', '.git', 'public', 'test-results', 'bench-results']);

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
type Import = { file: string; name: string; typeOnly: boolean };

/** The package name of a bare specifier ('slonik', '@koa/router/x' → '@koa/router'); null for relative, builtin and virtual ones. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier) || specifier.startsWith('virtual:')) return null;
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** Every module a source file imports: static imports and re-exports (type-only ones marked) and dynamic import(). */
export function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean) => {
    const name = specifier && ts.isStringLiteral(specifier) ? packageOf(specifier.text) : null;
    if (name) found.push({ file, name, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allNamedTypes =
        !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier, !!clause && (clause.isTypeOnly || (!clause.name && allNamedTypes)));
    } else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What a package's imports break: undeclared packages, and production code importing a devDependency. */
export function dependencyProblems(packageDir: string, manifest: Manifest, imports: readonly Import[]): string[] {
  const production = new Set(Object.keys(manifest.dependencies ?? {}));
  const development = new Set(Object.keys(manifest.devDependencies ?? {}));
  const problems: string[] = [];
  const usedInProduction = new Set<string>();
  const usedOnlyInDevelopment = new Set<string>();
  for (const { file, name, typeOnly } of imports) {
    if (name === ownName(packageDir)) continue;
    const devFile = DEV_FILE.test(file);
    if (!production.has(name) && !development.has(name)) problems.push(`${file} imports ${name}, which ${packageDir}/package.json does not declare`);
    else if (!devFile && !typeOnly && !production.has(name)) problems.push(`${file} imports ${name}, a devDependency of ${packageDir}, in production code`);
    if (!devFile && !typeOnly) usedInProduction.add(name);
    else usedOnlyInDevelopment.add(name);
  }
  if (packageDir !== '.') {
    for (const name of usedOnlyInDevelopment) {
      if (production.has(name) && !usedInProduction.has(name))
        problems.push(`${name} is imported only by tests or tools of ${packageDir}: make it a devDependency`);
    }
  }
  return problems;
}

const ownName = (packageDir: string) => (JSON.parse(readFileSync(path.join(REPO_ROOT, packageDir, 'package.json'), 'utf8')) as { name: string }).name;

function sourceFiles(dir: string, own: boolean): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The root package holds e2e and the root files; each workspace folder belongs to its own package.
      if (SKIPPED_DIRS.has(entry.name) || (dir === '.' && !own && entry.name !== 'e2e')) continue;
      files.push(...sourceFiles(relative, own));
    } else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) files.push(relative);
  }
  return files;
}

function problemsOf(packageDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, packageDir, 'package.json'), 'utf8')) as Manifest & { workspaces?: string[] };
  // The root declares the workspace packages in `workspaces`: e2e may import them.
  for (const workspace of manifest.workspaces ?? []) manifest.devDependencies = { ...manifest.devDependencies, [ownName(workspace)]: '*' };
  const files = sourceFiles(packageDir, packageDir !== '.');
  const imports = files.flatMap((file) => importsOf(file, readFileSync(path.join(REPO_ROOT, file), 'utf8')));
  return dependencyProblems(packageDir, manifest, imports);
}

describe('declared dependencies', () => {
  it.each(PACKAGES)('%s declares every package its code imports, test-only ones as devDependencies', (packageDir) => {
    expect(problemsOf(packageDir)).toEqual([]);
  });

  it('names an undeclared import, a devDependency in production code and a dependency only tests use', () => {
    const imports = [
      ...importsOf('backend/src/a.ts', "import { sql } from 'slonik';\nimport type { Plugin } from 'vite';\nconst m = await import('pino');"),
      ...importsOf('backend/src/a.int.test.ts', "import { io } from 'socket.io-client';\nimport { it } from 'vitest';"),
      ...importsOf('backend/src/b.ts', "export { x } from 'esbuild';\nimport { join } from 'node:path';\nimport { y } from './y';"),
    ];
    const manifest = { dependencies: { pino: '1', 'socket.io-client': '1' }, devDependencies: { vite: '1', vitest: '1', esbuild: '1' } };
    expect(dependencyProblems('backend', manifest, imports)).toEqual([
      'backend/src/a.ts imports slonik, which backend/package.json does not declare',
      'backend/src/b.ts imports esbuild, a devDependency of backend, in production code',
      'socket.io-client is imported only by tests or tools of backend: make it a devDependency',
    ]);
  });
});
