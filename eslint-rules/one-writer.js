// ESLint rule `vigil/one-writer` (docs/architecture.md "Table ownership"): one writer per table.
// In packages/api/src, an INSERT, UPDATE or DELETE of a table is written only by the table's
// owner (packages/api/src/db/schema/owners.ts): a drizzle call `x.insert(t)`, `x.update(t)` or
// `x.delete(t)` whose `t` the TypeScript type checker resolves (through imports under any name and
// local `const a = table` short names) to a table of an owner's `*.tables.ts`, and a raw SQL
// string or template naming the table (`insert into t`, `update t`, `delete from t`, `truncate t`,
// `${table}` placeholders resolved). The file's owner is its feature folder (features/<slug>/),
// or the infrastructure it belongs to (eslint-rules/table-ownership.js); db/seed, seed/, cli/ and
// migrations are exempt. The writes recorded as debt are listed in one-writer.allow.json: an
// entry there that the file no longer needs is reported too, so the list only shrinks.
import fs from 'node:fs';
import path from 'node:path';
import { drizzleWrite, ownerOfFile, ownersFile, rawSqlWrites, readTableOwners, relPath } from './table-ownership.js';

const allowFile = path.join(import.meta.dirname, 'one-writer.allow.json');
let allowCache = null;

/** The allow-list as a map `file -> Map(table -> why)`, re-read when the file changes. */
function readAllowList() {
  const mtime = fs.statSync(allowFile).mtimeMs;
  if (allowCache?.mtime === mtime) return allowCache.byFile;
  const { entries } = JSON.parse(fs.readFileSync(allowFile, 'utf8'));
  const byFile = new Map();
  for (const { file, table, why } of entries) {
    if (typeof file !== 'string' || typeof table !== 'string' || typeof why !== 'string' || why.trim() === '') {
      throw new Error(`${allowFile}: every entry is { "file", "table", "why" } with a reason`);
    }
    if (!byFile.has(file)) byFile.set(file, new Map());
    byFile.get(file).set(table, why);
  }
  allowCache = { mtime, byFile };
  return byFile;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'One writer per table: only the owning feature inserts, updates or deletes a table (docs/architecture.md "Table ownership").' },
    schema: [],
    messages: {
      notOwner: '"{{table}}" belongs to {{owner}}: call {{owner}}\'s service through its index.ts (one writer per table, docs/architecture.md "Table ownership").',
      noOwner: `"{{table}}" has no owner in ${ownersFile}: add it there (one writer per table, docs/architecture.md "Table ownership").`,
      staleAllow: 'eslint-rules/one-writer.allow.json allows this file to write "{{table}}", but it no longer does: remove the entry (the debt is paid).',
    },
  },
  create(context) {
    const rel = relPath(context.filename);
    const writer = ownerOfFile(rel, context.sourceCode.text);
    if (!writer || writer.exempt) return {};
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) {
      throw new Error('vigil/one-writer needs type information (parserOptions.projectService)');
    }
    const checker = services.program.getTypeChecker();
    const owners = readTableOwners();
    const tableNames = new Set(owners.keys());
    // A probe (test/fixtures/lint-probes) is allow-listed under its pretend path, like the file it pretends to be.
    const allowKey = rel.startsWith('packages/api/test/fixtures/lint-probes/') ? /^\s*\/\/\s*lint-probe-path:\s*(\S+)/.exec(context.sourceCode.lines[0] ?? '')?.[1] ?? rel : rel;
    const allowed = readAllowList().get(allowKey) ?? new Map();
    const usedAllowances = new Set();

    const check = (node, table) => {
      const owner = owners.get(table);
      if (owner === undefined) {
        context.report({ node, messageId: 'noOwner', data: { table } });
        return;
      }
      if (owner === writer.owner) return;
      if (allowed.has(table)) {
        usedAllowances.add(table);
        return;
      }
      context.report({ node, messageId: 'notOwner', data: { table, owner } });
    };

    const checkRaw = (node) => {
      const tsNode = services.esTreeNodeToTSNodeMap.get(node);
      if (tsNode) for (const write of rawSqlWrites(tsNode, checker, tableNames)) check(node, write.table);
    };

    return {
      CallExpression(node) {
        if (node.callee.type !== 'MemberExpression' || node.callee.computed) return;
        const write = drizzleWrite(services.esTreeNodeToTSNodeMap.get(node), checker);
        if (write?.table) check(node.callee.property, write.table.sqlName);
      },
      TemplateLiteral: checkRaw,
      Literal(node) {
        if (typeof node.value === 'string') checkRaw(node);
      },
      'Program:exit'(program) {
        for (const table of allowed.keys()) {
          if (!usedAllowances.has(table)) context.report({ node: program, loc: { line: 1, column: 0 }, messageId: 'staleAllow', data: { table } });
        }
      },
    };
  },
};
