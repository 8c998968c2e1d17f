import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint rules bite (vigil/no-scope-internals, vigil/table-imports, registerEndpoint's restriction): each probe of test/fixtures/lint-probes is linted with the repository's
// ESLint config (eslint.config.js, type information from packages/api/tsconfig.json) and must
// report exactly these rules at exactly these lines. The probes are in the config's global
// ignores (so `eslint packages` passes), hence `ignore: false` here.

const root = path.resolve(import.meta.dirname, '../../..');
const probes = path.join(root, 'packages/api/test/fixtures/lint-probes');
const RULE = 'vigil/no-scope-internals';
const TABLES = 'vigil/table-imports';
const ROUTES = 'no-restricted-syntax';

/** Probe file → the [line, rule id] of every message, in order. */
const expected: Record<string, Array<[number, string]>> = {
  // const { role } = scope; ({ role }: Scope) as a parameter; ({ role } = scope) as an assignment.
  'destructure-role.ts': [
    [6, RULE],
    [10, RULE],
    [16, RULE],
  ],
  // const s = scope; s.role === ...; a parameter named `caller`, the role on the right.
  'alias-compare-role.ts': [
    [7, RULE],
    [11, RULE],
  ],
  // STAFF.includes(scope.role).
  'includes-role.ts': [[8, RULE]],
  // const { officeIds: offices } = caller; who?.patientId; scope.officeIds.length.
  'office-ids-renamed.ts': [
    [5, RULE],
    [10, RULE],
    [14, RULE],
  ],
  // What the old name-based selectors caught: scope.role ===, includes(scope.role), scope.officeIds, scope.patientId.
  'name-based-cases.ts': [
    [7, RULE],
    [8, RULE],
    [9, RULE],
    [10, RULE],
  ],
  // Alias, extends, intersection, Readonly, type parameter, computed key, rest, nested pattern,
  // a property holding a Scope, a local function named `can`.
  'types-around-scope.ts': [
    [12, RULE],
    [13, RULE],
    [14, RULE],
    [15, RULE],
    [16, RULE],
    [17, RULE],
    [20, RULE],
    [22, RULE],
    [23, RULE],
    [28, RULE],
  ],
  // can(scope.role, ...), scope.userId, scope.organizationId, and fields of values that are not a Scope.
  'allowed.ts': [],
  // A Scope parameter never read (`_scope`, a parameter named otherwise, `Scope | null`); one that
  // filters and a CatalogueDb pass (eslint-rules/scope-used.js).
  'scope-unused.ts': [
    [8, 'vigil/scope-used'],
    [12, 'vigil/scope-used'],
  ],
  // A ccm file importing time tracking's and lib/audit's tables files directly (eslint-rules/table-imports.js);
  // its own feature's tables file and the db/schema aggregate pass.
  'foreign-tables-import.ts': [
    [9, TABLES],
    [10, TABLES],
  ],
  // A barrel re-exporting a repository's functions by name, with `export *`, and through an import;
  // a row type and a service pass (eslint.config.js "A feature's barrel").
  'barrel-exports-repo.ts': [
    [2, 'no-restricted-syntax'],
    [3, 'no-restricted-syntax'],
    [4, 'no-restricted-syntax'],
  ],
  // A routes file importing `registerEndpoint` and calling it through the route layer's namespace
  // (docs/architecture.md "The route chain"); its `registerGroup` call passes.
  'register-endpoint.ts': [
    [12, ROUTES],
    [16, ROUTES],
  ],
};

const results = new Map<string, ESLint.LintResult>();

beforeAll(async () => {
  const eslint = new ESLint({ cwd: root, ignore: false });
  for (const result of await eslint.lintFiles(Object.keys(expected).map((file) => path.join(probes, file)))) {
    results.set(path.basename(result.filePath), result);
  }
}, 120_000);

describe('lint probes', () => {
  it('every probe file has its expectation', () => {
    // The one-writer probes are one-writer-lint.test.ts's.
    const files = fs.readdirSync(probes).filter((f) => f.endsWith('.ts') && !f.startsWith('one-writer-')).sort();
    expect(files).toEqual(Object.keys(expected).sort());
  });

  it('the probes are ignored by the normal run (`eslint packages bench`)', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const file of Object.keys(expected)) {
      expect(await eslint.isPathIgnored(path.join(probes, file))).toBe(true);
    }
  });

  it.each(Object.entries(expected))('%s reports exactly its lines', (file, lines) => {
    const result = results.get(file);
    expect(result, file).toBeDefined();
    expect(result!.messages.map((m) => [m.line, m.ruleId ?? `fatal: ${m.message}`])).toEqual(lines);
  });
});
