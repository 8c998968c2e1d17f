// ESLint rule `vigil/table-imports` (docs/architecture.md "Table ownership"): a table is defined in
// its owner's tables file (`features/<slug>/<slug>.tables.ts`, `lib/<name>.tables.ts` for the
// infrastructure owner `lib/<name>`), and that file is imported directly only by
//   - files of the same owner (eslint-rules/table-ownership.js `ownerOfFile`),
//   - db/schema/index.ts, the aggregate drizzle-kit reads and everyone else reads tables through,
//   - another tables file (a foreign key names the table it references),
//   - the seeds and migrations (db/seed/, seed/, db/migrations/),
//   - tests (the config applies the rule to packages/api/src except *.test.ts).
// Everything else reads another owner's tables through `db/schema` and writes them through the
// owner's index.ts (the writes themselves are `vigil/one-writer`'s). A lint probe
// (packages/api/test/fixtures/lint-probes/) is judged as the path its first line names.
import path from 'node:path';
import { apiSrc, ownerOfFile, relPath, tablesFileOwner } from './table-ownership.js';

const probeDir = 'packages/api/test/fixtures/lint-probes/';
const aggregate = `${apiSrc}/db/schema/index.ts`;

/** The path a file is judged as: a probe's pretend path, else its own. */
function judgedPath(rel, firstLine) {
  if (!rel.startsWith(probeDir)) return rel;
  return /^\s*\/\/\s*lint-probe-path:\s*(\S+)/.exec(firstLine ?? '')?.[1] ?? rel;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "A feature's tables file is imported only by its own feature, the db/schema aggregate, other tables files, seeds, migrations and tests (docs/architecture.md \"Table ownership\")." },
    schema: [],
    messages: {
      foreignTables: '"{{file}}" holds the tables of {{owner}}: read them through db/schema (the aggregate), write them through the owner\'s service (its index.ts) (docs/architecture.md "Table ownership").',
    },
  },
  create(context) {
    const rel = relPath(context.filename);
    const judged = judgedPath(rel, context.sourceCode.lines[0]);
    if (judged === aggregate || tablesFileOwner(judged) !== null) return {};
    const importer = ownerOfFile(rel, context.sourceCode.text);
    if (!importer) return {};
    if (importer.exempt && importer.exempt !== 'cli') return {};

    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      let target = relPath(path.resolve(path.dirname(context.filename), source.value));
      if (!target.endsWith('.ts')) target = `${target.replace(/\.js$/, '')}.ts`;
      const owner = tablesFileOwner(target);
      if (owner === null || owner === importer.owner) return;
      context.report({ node: source, messageId: 'foreignTables', data: { file: target.slice(apiSrc.length + 1), owner } });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => { if (node.source.type === 'Literal') check(node.source); },
    };
  },
};
