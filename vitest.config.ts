import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/src/**/*.test.ts', 'backend/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // One embedded PostgreSQL for the whole run; each test file gets its own database cloned from a migrated template.
    globalSetup: ['backend/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
