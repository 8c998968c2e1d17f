/**
 * The ownership map (owners.ts, docs/architecture.md "Table ownership") names every table of
 * db/schema exactly once, by its SQL name, and each owner is a feature folder or shared
 * infrastructure.
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
