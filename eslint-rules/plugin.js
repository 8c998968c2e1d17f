// The project's local ESLint plugin `vigil`: one plugin object for every local rule (ESLint refuses
// two different objects under one plugin name).
// - vigil/no-scope-internals: tenancy and roles are decided in db/scope.ts and by `can` (no-scope-internals.js);
// - vigil/one-writer: one writer per table (one-writer.js, docs/architecture.md "Table ownership");
// - vigil/scope-used: a function that takes a Scope uses it (scope-used.js, docs/architecture.md "Repository handles");
// - vigil/table-imports: a tables file is imported only by its owner, the db/schema aggregate, other
//   tables files, seeds, migrations and tests (table-imports.js, docs/architecture.md "Table ownership").
import noScopeInternals from './no-scope-internals.js';
import oneWriter from './one-writer.js';
import scopeUsed from './scope-used.js';
import tableImports from './table-imports.js';

export const vigilPlugin = {
  meta: { name: 'vigil' },
  rules: { 'no-scope-internals': noScopeInternals, 'one-writer': oneWriter, 'scope-used': scopeUsed, 'table-imports': tableImports },
};
export default vigilPlugin;
