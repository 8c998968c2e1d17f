import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx', 'packages/api/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // On PostgreSQL, one migrated template database per run, copied for each test file.
    globalSetup: ['packages/api/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
