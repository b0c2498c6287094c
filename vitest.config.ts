import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['**/src/**/*.test.ts', 'backend/test/**/*.test.ts'],
          // One embedded PostgreSQL for the whole run; each test file gets its own database cloned from a migrated template.
          globalSetup: ['backend/test/global-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // Starts `npm start` (client build when stale, its own embedded PostgreSQL, the archive import) once.
          globalSetup: ['e2e/global-setup.ts'],
          // Real Chromium on 2 cores: after the other tests, so neither slows the other down.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A poll here waits for what a click sets off: a command, its read-your-writes wait, a refetch and a render,
          // in Chromium on a machine the rest of the run keeps busy. The default 1 s was shorter than that round trip
          // under CI's load (admin-lineup's reorder failed on it twice); a poll still fails when the value never comes.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
