import { defineConfig } from 'vitest/config';

// Test files that must each get fresh modules: they replace a module (vi.mock), a global or the
// clock for the whole file, or run in a browser-like environment. Every other file shares its
// worker's module graph (`isolate: false`, the "shared" project below).
const webFiles = ['packages/web/src/**/*.test.ts', 'packages/web/src/**/*.test.tsx'];
const isolatedFiles = [
  // The web's tests (the "web" project below: jsdom, vi.mock of the API client, stubbed globals).
  ...webFiles,
  // vi.mock('../notifications/alerts'): the mock would leak into the files after it in a shared worker.
  'packages/api/src/features/measurements/measurements.int.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // On PostgreSQL, one migrated template database per project, copied for each test file.
    globalSetup: ['packages/api/test/global-setup.ts'],
    // VIGIL_TEST_NOW pins "now" for the whole run (test/clock.ts; CI's date lanes, scripts/test.mjs).
    setupFiles: ['packages/api/test/clock-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['packages/api/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts', 'packages/api/test/**/*.test.ts'],
          exclude: isolatedFiles,
          // Why: importing the API's module graph (Fastify, drizzle, pg-boss, the contract's zod
          // schemas) took more than half of the run when every file imported it afresh. These
          // files keep no state in modules (per-application state lives in per-context maps,
          // lib/per-context.ts; each file boots its own app on its own database), so one import
          // per worker serves them all. A file that replaces a module or a global goes in
          // `isolatedFiles`. Figures: docs/architecture.md "Tests and CI".
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: isolatedFiles,
          exclude: webFiles,
        },
      },
      {
        extends: true,
        test: {
          // The web's unit and component tests (docs/architecture.md "Web: the testing folder"): a
          // browser-like document (jsdom), the request handlers of packages/web/src/testing/ (msw),
          // and a fresh module graph per file.
          name: 'web',
          include: webFiles,
          environment: 'jsdom',
          setupFiles: ['packages/web/src/testing/setup.ts'],
        },
      },
    ],
  },
});
