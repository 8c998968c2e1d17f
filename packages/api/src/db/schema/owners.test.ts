/**
 * The ownership map (owners.ts, docs/architecture.md "Table ownership") names every table of
 * db/schema exactly once, by its SQL name, and each owner is a feature folder or shared
 * infrastructure; each table is defined in its owner's tables file
 * (`features/<owner>/<owner>.tables.ts`, `lib/<name>.tables.ts` for `lib/<name>`), and the
 * aggregate db/schema/index.ts re-exports exactly those files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './index';
import { infrastructureOwners, tableOwners } from './owners';

const schemaTables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
const sqlNames = schemaTables.map((table) => getTableName(table));
const featuresDir = path.resolve(import.meta.dirname, '../../features');
const architectureDoc = path.resolve(import.meta.dirname, '../../../../../docs/architecture.md');
const features = fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const srcDir = path.resolve(import.meta.dirname, '../..');

/** Every tables file under src/ (repo-relative to src/, forward slashes) with the owner its path names. */
function tablesFiles(): Array<{ file: string; owner: string }> {
  const found: Array<{ file: string; owner: string }> = [];
  for (const feature of features) {
    for (const name of fs.readdirSync(path.join(featuresDir, feature))) {
      if (name.endsWith('.tables.ts')) { found.push({ file: `features/${feature}/${name}`, owner: name === `${feature}.tables.ts` ? feature : `(misnamed) ${feature}` }); }
    }
  }
  for (const name of fs.readdirSync(path.join(srcDir, 'lib'))) {
    if (name.endsWith('.tables.ts')) { found.push({ file: `lib/${name}`, owner: `lib/${name.slice(0, -'.tables.ts'.length)}` }); }
  }
  return found;
}

/** The SQL name of each table a file defines: the first argument of `pgTable(...)` / `subRecordTable(...)`. */
function definedTables(file: string): string[] {
  const text = fs.readFileSync(path.join(srcDir, file), 'utf8');
  return [...text.matchAll(/\bexport const \w+ = (?:pgTable|subRecordTable)\(\s*'([a-z0-9_]+)'/g)].map((m) => m[1]!);
}

describe('tableOwners', () => {
  it('covers exactly the tables of db/schema: none missing, none extra', () => {
    expect(schemaTables.length).toBeGreaterThan(100);
    expect(new Set(sqlNames).size).toBe(sqlNames.length);
    const mapped = Object.keys(tableOwners);
    expect(sqlNames.filter((name) => !(name in tableOwners)), 'tables without an owner').toEqual([]);
    expect(mapped.filter((name) => !sqlNames.includes(name)), 'owners of tables that do not exist').toEqual([]);
    expect(mapped.sort()).toEqual([...sqlNames].sort());
  });

  it('gives every table a feature folder or an infrastructure owner', () => {
    const allowed = new Set<string>([...features, ...infrastructureOwners]);
    const unknown = Object.entries(tableOwners).filter(([, owner]) => !allowed.has(owner));
    expect(unknown, 'owners that are neither a folder of features/ nor infrastructure').toEqual([]);
  });

  it('agrees with the file defining each table: the owner\'s tables file, and no other', () => {
    const definedBy: Record<string, string> = {};
    for (const { file, owner } of tablesFiles()) {
      for (const table of definedTables(file)) {
        expect(definedBy[table], `${table} defined twice`).toBeUndefined();
        definedBy[table] = owner;
      }
    }
    expect(definedBy).toEqual({ ...tableOwners });
    // Nothing else under db/schema defines a table: the aggregate only re-exports the tables files.
    for (const name of fs.readdirSync(import.meta.dirname)) {
      if (!name.endsWith('.test.ts')) { expect(definedTables(`db/schema/${name}`), name).toEqual([]); }
    }
  });

  it('re-exports exactly the tables files from db/schema/index.ts', () => {
    const index = fs.readFileSync(path.join(import.meta.dirname, 'index.ts'), 'utf8');
    const reexported = [...index.matchAll(/^export \* from '([^']+)';$/gm)].map((m) => path.relative(srcDir, path.resolve(import.meta.dirname, m[1]!)).split(path.sep).join('/') + '.ts');
    expect(reexported.sort()).toEqual(tablesFiles().map((t) => t.file).sort());
  });

  it('is the owner table of docs/architecture.md "Table ownership" (node scripts/table-owners-md.mjs)', () => {
    const doc = fs.readFileSync(architectureDoc, 'utf8');
    const section = doc.slice(doc.indexOf('## Table ownership'));
    const rows = section.slice(section.indexOf('| owner | tables |')).split('\n\n')[0]!.split('\n').slice(2);
    const documented = Object.fromEntries(rows.map((row) => {
      const [, owner, tables] = /^\| `([^`]+)` \| (.*) \|$/.exec(row) ?? [];
      return [owner, [...(tables ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort()];
    }));
    const expected: Record<string, string[]> = {};
    for (const [table, owner] of Object.entries(tableOwners)) { (expected[owner] ??= []).push(table); }
    for (const tables of Object.values(expected)) { tables.sort(); }
    expect(documented).toEqual(expected);
  });
});
