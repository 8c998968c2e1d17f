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
});
