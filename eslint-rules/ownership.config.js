// ---- API table ownership (docs/architecture.md "Table ownership") --------------------------------
// One writer per table: the local plugin `vigil` with its rules `vigil/one-writer`
// (eslint-rules/one-writer.js) and `vigil/table-imports` (eslint-rules/table-imports.js: who may
// import an owner's tables file directly), applied to packages/api/src except tests. The type information
// comes from the main config's `parserOptions.projectService` (packages/**/*.ts).
//
// The lint probes (packages/api/test/fixtures/lint-probes/) break the rules on purpose: they are
// ignored by a normal run (the global ignore below) and linted only by the tests that read them
// (packages/api/test/one-writer-lint.test.ts, ESLint's `ignore: false`). A probe is linted as the
// path its first line names (`// lint-probe-path: packages/api/src/features/ccm/probe.repo.ts`).
import { vigilPlugin as plugin } from './plugin.js';

export { plugin };

export default [
  {
    files: ['packages/api/src/**/*.ts', 'packages/api/test/fixtures/lint-probes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { vigil: plugin },
    rules: { 'vigil/one-writer': 'error', 'vigil/table-imports': 'error' },
  },
  { ignores: ['packages/api/test/fixtures/lint-probes/**'] },
];
