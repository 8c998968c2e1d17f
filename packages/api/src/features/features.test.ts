/**
 * The feature modules are the one list the app composes (lib/feature-module.ts; docs/architecture.md
 * "Feature modules"): every feature folder exports one module descriptor and is listed in
 * features/index.ts under its folder's name; its tables are those db/schema/owners.ts gives it; and
 * every record kind an endpoint declares for the audit trail is resolved by exactly one module.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints, type AuditRecordKind, type EndpointDef } from '@vigil/contract';
import { infrastructureOwners, tableOwners } from '../db/schema/owners';
import { defineFeature, gatherAuditRecords, tablesOwnedBy } from '../lib/feature-module';
import { own } from '../lib/audit-patients';
import { timeEntries } from '../db/schema/index';
import { auditRecordLookups, featureModules } from './index';

const folders = fs
  .readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('feature modules', () => {
  it('lists every feature folder once, under its folder name, each with its own module.ts', () => {
    expect(featureModules.map((m) => m.name).sort()).toEqual(folders);
    for (const name of folders) { expect(fs.existsSync(path.join(import.meta.dirname, name, 'module.ts')), name).toBe(true); }
  });

  it("gives each module the tables db/schema/owners.ts names it as owner, and every owning feature a module", () => {
    for (const feature of featureModules) { expect(feature.tables, feature.name).toEqual(tablesOwnedBy(feature.name)); }
    const infrastructure = new Set<string>(infrastructureOwners);
    const owningFeatures = new Set(Object.values(tableOwners).filter((owner) => !infrastructure.has(owner)));
    expect([...owningFeatures].filter((owner) => !folders.includes(owner))).toEqual([]);
    expect(featureModules.find((m) => m.name === 'time-tracking')?.tables).toEqual(expect.arrayContaining(['time_entries', 'patient_presence']));
  });

  it('resolves every record kind the contract declares, each kind in one module', () => {
    const declared = new Set((allEndpoints as readonly EndpointDef[]).flatMap((d) => (d.audit && d.audit.record ? [d.audit.record.kind] : [])));
    expect([...declared].filter((kind) => !auditRecordLookups[kind])).toEqual([]);
    const kindsPerModule = featureModules.flatMap((m) => Object.keys(m.auditRecords ?? {}) as AuditRecordKind[]);
    expect(new Set(kindsPerModule).size).toBe(kindsPerModule.length);
  });

  it('refuses two modules resolving the same record kind', () => {
    const a = defineFeature({ name: 'a', auditRecords: { timeEntry: own(timeEntries) } });
    const b = defineFeature({ name: 'b', auditRecords: { timeEntry: own(timeEntries) } });
    expect(() => gatherAuditRecords([a, b])).toThrow('audit record kind timeEntry is resolved by both a and b');
  });
});
