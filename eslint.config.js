// The house rules that a tool can check. Boundaries use ESLint's own no-restricted-imports (no plugin: the
// resolver plugins pull in native platform packages that this machine's registry cannot lock for every platform, so
// `npm ci` would fail); declared dependencies are checked by backend/test/declared-dependencies.unit.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const FEATURES_DIR = 'frontend/src/features';
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Tests, test helpers and benchmarks (they may read untyped JSON). */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.contract.ts', '**/*.behaviour.ts', '**/test/**', '**/bench/**', 'e2e/**'];

const dependenciesOf = (workspace) => Object.keys(JSON.parse(readFileSync(`${workspace}/package.json`, 'utf8')).dependencies ?? {});
/** Packages the server runs on and the client does not declare (pg, slonik, koa…): one list, from the manifests. */
const clientPackages = new Set(dependenciesOf('frontend'));
const serverOnlyPackages = [...new Set([...dependenciesOf('backend'), ...dependenciesOf('projections')])].filter(
  (name) => !clientPackages.has(name) && !name.startsWith('@mello/'),
);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An import of a workspace folder, by package name or by a relative path that climbs out to it. */
const workspaceImport = (names, message) => ({
  regex: `^(@mello/(${names.join('|')})(/|$)|(\\.\\./)+(${names.join('|')})/)`,
  message,
});

const CLIENT = [
  workspaceImport(['backend', 'projections', 'e2e'], 'The client never imports server code (backend, projections).'),
  { regex: `^(node:|(${builtinModules.map(escape).join('|')})(/|$))`, message: 'The client runs in the browser: no Node.js modules.' },
  { regex: `^(${serverOnlyPackages.map(escape).join('|')})(/|$)`, message: 'A server-only package: the client never imports it.' },
];
/** Inside feature `name`, another feature is imported only through its index.ts (`../<feature>`), never its files. */
const otherFeatures = (name) => {
  const others = features.filter((other) => other !== name);
  return others.length === 0
    ? []
    : [
        {
          regex: `^(\\.\\./)+(features/)?(${others.join('|')})/.`,
          message: "Features do not import each other's internals: import from the feature's index.ts ('../<feature>').",
        },
      ];
};
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default defineConfig(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', '.data/**', 'test-results/**', 'bench-results/**', 'e2e/screenshots/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused bindings are errors, except the `_name` convention for a deliberately ignored argument.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['frontend/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },

  // Deliberate exceptions, each with its reason.
  {
    // Tests, their helpers, benchmarks and the client report read untyped JSON (HTTP answers, Lighthouse results).
    files: TEST_FILES,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The input rules reject or strip control characters, so their patterns name control characters on purpose.
    files: ['backend/src/auth/auth-routes.ts', 'backend/src/http/validation.ts', 'contracts/src/search/search.ts', 'frontend/src/lib/return-to.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // INVISIBLE lists the Hangul fillers one code point each (\u115F\u1160): matched alone, never as a syllable.
    files: ['contracts/src/fields.ts'],
    rules: { 'no-misleading-character-class': 'off' },
  },
  {
    // These effects reset or copy state when a prop or the address changes (dialog opened with a category, another
    // post watched, the address edited from outside); moving that into render is a behaviour change of its own.
    files: [
      'frontend/src/features/forum/components/NewPostDialog.tsx',
      'frontend/src/live/use-forum-live.ts',
      'frontend/src/features/forum/pages/ForumPage.tsx',
    ],
    rules: { 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // The search box and the address sync each other, so each effect runs only when its own side changed (or going
    // back would be overwritten with the old text); the login notice must not restart when the address changes.
    files: ['frontend/src/features/forum/pages/ForumPage.tsx'],
    rules: { 'react-hooks/exhaustive-deps': 'off' },
  },

  // Import boundaries between the packages (ARCHITECTURE.md, "what may import what"). A later block's options
  // replace an earlier one's, so each block lists every pattern that applies to its files.
  { files: ['frontend/src/**'], rules: restrictImports(CLIENT) },
  ...features.map((name) => ({ files: [`${FEATURES_DIR}/${name}/**`], rules: restrictImports([...CLIENT, ...otherFeatures(name)]) })),
  { files: ['contracts/**'], rules: restrictImports([workspaceImport(['projections', 'backend', 'frontend', 'e2e'], 'contracts imports zod only.')]) },
  { files: ['projections/**'], rules: restrictImports([workspaceImport(['backend', 'frontend', 'e2e'], 'projections imports contracts only.')]) },
);
