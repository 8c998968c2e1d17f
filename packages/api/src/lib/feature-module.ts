/**
 * A feature's module descriptor (docs/architecture.md "Feature modules"): everything the app takes
 * from a feature, in one object its `module.ts` exports. The app registers the modules' routes
 * (app.ts), the job runner starts their queues (jobs/app-jobs.ts, handed them by app.ts) and the
 * audit trail resolves their record kinds (lib/audit-patients.ts, through the app's context);
 * features/index.ts lists the modules. A module lists no other feature's internals.
 */
import type { FastifyInstance } from 'fastify';
import type { AuditRecordKind } from '@vigil/contract';
import type { AppContext } from '../context';
import { tableOwners } from '../db/schema/owners';
import type { JobDefinition, JobName } from '../jobs/queue';
import type { AuditRecordLookups, PatientLookup } from './audit-patients';

/** The record kinds a feature resolves to their patient (a subset of the contract's kinds). */
export type FeatureAuditRecords = { readonly [K in AuditRecordKind]?: PatientLookup };

/** What a feature declares; `tables` is derived from db/schema/owners.ts by `defineFeature`. */
export interface FeatureModuleDecl<A extends FeatureAuditRecords = FeatureAuditRecords> {
  /** The feature's folder under packages/api/src/features/ (and its owner name in db/schema/owners.ts). */
  name: string;
  /** Registers the feature's endpoints (lib/route: `registerGroup`, one call per contract group or part of one). */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
  /** The feature's job queues (jobs/queue.ts), built with the app's context. */
  jobs?: (ctx: AppContext) => JobDefinition<JobName>[];
  /**
   * How the patient of each record kind the feature owns is read, for calls keyed by a record
   * (contract `AuditDecl.record`; docs/audit.md "Calls keyed by a record").
   */
  auditRecords?: A;
}

/** A feature's module: its declaration and the tables it owns. */
export interface FeatureModule<A extends FeatureAuditRecords = FeatureAuditRecords> extends FeatureModuleDecl<A> {
  /** The SQL names of the tables the feature owns (db/schema/owners.ts), its only writer. */
  tables: readonly string[];
}

/** The SQL names of the tables `owner` owns in db/schema/owners.ts, in the map's order. */
export function tablesOwnedBy(owner: string): string[] {
  return Object.entries(tableOwners)
    .filter(([, by]) => by === owner)
    .map(([table]) => table);
}

/**
 * A feature's module from its declaration, its tables from db/schema/owners.ts. Keeps the literal
 * record kinds of `auditRecords` in its type, so features/index.ts can check at compile time that
 * every kind of the contract has exactly one lookup.
 */
export function defineFeature<const A extends FeatureAuditRecords = Record<never, PatientLookup>>(decl: FeatureModuleDecl<A>): FeatureModule<A> {
  return { ...decl, tables: tablesOwnedBy(decl.name) };
}

/** The record kinds the modules of `M` resolve. */
export type AuditKindsOf<M> = M extends FeatureModule<infer A> ? keyof A & AuditRecordKind : never;

/**
 * The lookups of every module in one table. Throws when two modules resolve the same kind. That
 * every kind of the contract has one is proven at compile time (features/index.ts), and each kind
 * an endpoint declares is checked again when its route is registered (lib/route/audit.ts).
 */
export function gatherAuditRecords(modules: readonly FeatureModule[]): AuditRecordLookups {
  const out: Partial<Record<AuditRecordKind, PatientLookup>> = {};
  const ownerOf = new Map<AuditRecordKind, string>();
  for (const feature of modules) {
    for (const [kind, lookup] of Object.entries(feature.auditRecords ?? {}) as [AuditRecordKind, PatientLookup][]) {
      const other = ownerOf.get(kind);
      if (other) { throw new Error(`audit record kind ${kind} is resolved by both ${other} and ${feature.name}`); }
      ownerOf.set(kind, feature.name);
      out[kind] = lookup;
    }
  }
  return out as AuditRecordLookups;
}

/** The job queues of every module, built with the app's context. */
export function gatherJobs(modules: readonly FeatureModule[], ctx: AppContext): JobDefinition<JobName>[] {
  return modules.flatMap((feature) => feature.jobs?.(ctx) ?? []);
}
