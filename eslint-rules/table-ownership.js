// Shared by the lint rule `vigil/one-writer` (eslint-rules/one-writer.js) and the survey script
// (scripts/table-writers.mjs): the ownership map read from packages/api/src/db/schema/owners.ts,
// the owner of a source file, and the table a write's argument names (docs/architecture.md
// "Table ownership").
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const apiSrc = 'packages/api/src';
export const schemaDir = `${apiSrc}/db/schema`;
export const ownersFile = `${schemaDir}/owners.ts`;
const probeDir = 'packages/api/test/fixtures/lint-probes/';

/** Repo-relative path with forward slashes. */
export function relPath(file) {
  return path.relative(repoRoot, file).split(path.sep).join('/');
}

let cached = null;

/**
 * `tableOwners` of owners.ts (SQL table name -> owner), parsed with the TypeScript compiler API:
 * the map must stay an object literal of string keys and string values. Re-read when the file
 * changes (an editor's ESLint server lives long).
 */
export function readTableOwners(file = path.join(repoRoot, ownersFile)) {
  const mtime = fs.statSync(file).mtimeMs;
  if (cached && cached.file === file && cached.mtime === mtime) return cached.owners;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  let literal = null;
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'tableOwners' && node.initializer) {
      let init = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) literal = init;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!literal) throw new Error(`${ownersFile}: no object literal \`tableOwners\``);
  const owners = new Map();
  for (const prop of literal.properties) {
    const key = ts.isPropertyAssignment(prop) && (ts.isStringLiteral(prop.name) || ts.isIdentifier(prop.name)) ? prop.name.text : null;
    const value = ts.isPropertyAssignment(prop) && ts.isStringLiteral(prop.initializer) ? prop.initializer.text : null;
    if (key === null || value === null) throw new Error(`${ownersFile}:${source.getLineAndCharacterOfPosition(prop.getStart()).line + 1}: tableOwners holds 'table': 'owner' pairs only`);
    owners.set(key, value);
  }
  cached = { file, mtime, owners };
  return owners;
}

/**
 * Shared infrastructure that owns tables (owners.ts `infrastructureOwners`): the owner, and the
 * files under packages/api/src that write as it.
 */
const infrastructure = [
  ['lib/audit', /^lib\/(audit-[^/]+|system-log)\.ts$/], // the PHI audit trail and the system logs (docs/audit.md)
  ['lib/mailer', /^lib\/mailer\.ts$/],
  ['lib/sub-records', /^lib\/sub-records\//],
  ['realtime', /^realtime\//],
  ['db', /^db\//],
];

/**
 * Who a file writes as: `{ owner }` (a feature slug, an infrastructure owner, or a non-owner such
 * as 'jobs', 'plugins', 'app' or 'lib/hub-auth'), `{ exempt }` for seeds and tools (db/seed, seed/,
 * cli/, db/migrations), or null outside packages/api/src. A lint probe
 * (packages/api/test/fixtures/lint-probes/) names its pretend path in its first line:
 * `// lint-probe-path: packages/api/src/features/ccm/probe.repo.ts`.
 */
export function ownerOfFile(rel, text = null) {
  if (rel.startsWith(probeDir)) {
    const first = (text ?? fs.readFileSync(path.join(repoRoot, rel), 'utf8')).split('\n', 1)[0];
    const m = /^\s*\/\/\s*lint-probe-path:\s*(\S+)/.exec(first);
    if (!m) return null;
    rel = m[1];
  }
  if (!rel.startsWith(`${apiSrc}/`)) return null;
  const inner = rel.slice(apiSrc.length + 1);
  const parts = inner.split('/');
  const seedOrTool = /^(db\/seed|db\/migrations|seed|cli)\//.exec(inner);
  if (seedOrTool) return { exempt: seedOrTool[1] };
  if (parts[0] === 'features') return { owner: parts.length > 2 ? parts[1] : 'features' };
  for (const [owner, files] of infrastructure) if (files.test(inner)) return { owner };
  if (parts[0] === 'lib') return { owner: `lib/${parts.length > 2 ? parts[1] : parts[1].replace(/\.ts$/, '')}` };
  if (parts.length === 1) return { owner: 'app' };
  return { owner: parts[0] };
}

/**
 * The owner whose tables file `rel` (repo-relative) is: `features/<slug>/<slug>.tables.ts` is the
 * feature's, `lib/<name>.tables.ts` the infrastructure owner `lib/<name>`'s (docs/architecture.md
 * "Table ownership"). Null for any other file.
 */
export function tablesFileOwner(rel) {
  const feature = new RegExp(`^${apiSrc}/features/([a-z0-9-]+)/([a-z0-9-]+)\\.tables\\.ts$`).exec(rel);
  if (feature) return feature[1] === feature[2] ? feature[1] : null;
  const lib = new RegExp(`^${apiSrc}/lib/([a-z0-9-]+)\\.tables\\.ts$`).exec(rel);
  return lib ? `lib/${lib[1]}` : null;
}

/**
 * Whether `file` (absolute) defines tables: an owner's tables file (`tablesFileOwner`), or a module
 * of packages/api/src/db/schema (the aggregate re-exports them).
 */
export function isSchemaFile(file) {
  const rel = relPath(file);
  return rel.startsWith(`${schemaDir}/`) || tablesFileOwner(rel) !== null;
}

/**
 * The table that `expr` (a TypeScript node: an identifier, `schema.table`, ...) names, followed
 * through imports under any name: `{ exportName, sqlName }` when it is a const declared in a
 * tables file (`isSchemaFile`), else null. The SQL name is the first argument of the declaration's
 * call (`pgTable('x', ...)`, `subRecordTable('x', ...)`), else the literal `name` of its type.
 */
export function schemaTableOf(expr, checker, depth = 0) {
  while (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr) || ts.isNonNullExpression(expr)) expr = expr.expression;
  let symbol = checker.getSymbolAtLocation(expr);
  if (!symbol) return null;
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return null;
  if (!isSchemaFile(decl.getSourceFile().fileName)) {
    // A local short name (`const a = appointments;`): the table it is a const of.
    const isConst = ts.isVariableDeclarationList(decl.parent) && (decl.parent.flags & ts.NodeFlags.Const) !== 0;
    const init = decl.initializer;
    if (isConst && init && depth < 8 && (ts.isIdentifier(init) || ts.isPropertyAccessExpression(init) || ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) {
      return schemaTableOf(init, checker, depth + 1);
    }
    return null;
  }
  let sqlName = null;
  const init = decl.initializer;
  if (init && ts.isCallExpression(init) && init.arguments[0] && ts.isStringLiteralLike(init.arguments[0])) sqlName = init.arguments[0].text;
  if (sqlName === null) {
    // PgTableWithColumns<{ name: 'x', ... }>: the `_.name` literal type.
    const meta = checker.getTypeOfSymbol(symbol).getProperty('_');
    const nameProp = meta && checker.getTypeOfSymbol(meta).getProperty('name');
    const nameType = nameProp && checker.getTypeOfSymbol(nameProp);
    if (nameType && nameType.isStringLiteral()) sqlName = nameType.value;
  }
  return sqlName === null ? null : { exportName: decl.name.text, sqlName };
}

/** The write method names the rule and the survey look at. */
export const writeMethods = new Set(['insert', 'update', 'delete']);

/** Whether a type is a drizzle table (it has `$inferSelect` and `$inferInsert`). */
export function looksLikeTable(type) {
  return Boolean(type.getProperty('$inferSelect') && type.getProperty('$inferInsert'));
}

const rawWrite = /\b(insert\s+into|delete\s+from|update|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * The writes a raw SQL text names: for a string literal or a template (`sql\`...\``), each
 * `insert into t`, `update t`, `delete from t` and `truncate t` whose `t` is a table of the map
 * (`tableNames`), a `${table}` placeholder read as that table's SQL name. Answers
 * `[{ table, method }]` (method insert, update, delete or truncate).
 */
export function rawSqlWrites(node, checker, tableNames) {
  let text;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
  else if (ts.isTemplateExpression(node)) {
    text = node.head.text;
    for (const span of node.templateSpans) {
      const table = schemaTableOf(span.expression, checker);
      text += (table ? table.sqlName : ' ? ') + span.literal.text;
    }
  } else return [];
  const writes = [];
  for (const m of text.matchAll(rawWrite)) {
    const table = m[2].toLowerCase();
    if (tableNames.has(table)) writes.push({ table, method: m[1].toLowerCase().split(/\s+/)[0] });
  }
  return writes;
}

/**
 * The table of a drizzle write `x.insert(t)` / `x.update(t)` / `x.delete(t)` (a TypeScript call
 * expression): `{ method, table }` with `table` as `schemaTableOf` answers it (null when the
 * argument is a table the checker cannot name, e.g. a parameter), or null when the call is no
 * write (the receiver is not a database or transaction, or the argument is no table).
 */
export function drizzleWrite(call, checker) {
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return null;
  const method = call.expression.name.text;
  if (!writeMethods.has(method) || call.arguments.length !== 1) return null;
  const receiver = checker.getTypeAtLocation(call.expression.expression);
  if (!receiver.getProperty('insert') || !receiver.getProperty('select')) return null;
  const arg = call.arguments[0];
  const table = schemaTableOf(arg, checker);
  if (table) return { method, table };
  return looksLikeTable(checker.getTypeAtLocation(arg)) ? { method, table: null } : null;
}
