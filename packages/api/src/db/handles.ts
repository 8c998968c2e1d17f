import type { Executor } from './client';
import { systemScope, type Scope } from './scope';

/**
 * The three ways a repository reaches the database (docs/architecture.md "Repository handles").
 * What a repository function takes says what it may read:
 *
 * - a **tenant** repository takes the caller's `TenantDb` (scope and executor), and filters every tenant
 *   row with db/scope.ts (`officeFilter`, `patientRowFilter`, `userFilter`, ...) or checks the
 *   office it writes with `assertOfficeInScope`; a Scope parameter it does not read is a lint error
 *   (`vigil/scope-used`, eslint-rules/scope-used.js);
 * - a **catalogue** repository (ICD-10-CM, the drug catalogue, verifiers, device templates, the
 *   fee schedule, recurrence rules: rows that belong to no tenant) takes a `CatalogueDb`, which
 *   carries no scope at all;
 * - **system** work that spans every tenant by design (the scheduled jobs: reminders, due
 *   recurrences, the audit chain) takes a `SystemDb`, built only by the server's own work
 *   (`systemDb`), never from a request; it replaces hand-written `isSystemAdmin(scope) ? true`
 *   filters and scope parameters that were accepted and ignored.
 */

/**
 * The caller's handle on tenant rows: their scope and the executor (a database or a transaction)
 * their queries run on. A tenant repository takes it first and filters every row it reads or
 * writes with db/scope.ts through `scope`. `tenantDb` gives the same handle for the same scope and
 * executor, so a request (one scope) holds one handle per executor it uses.
 */
export interface TenantDb {
  readonly kind: 'tenant';
  readonly scope: Scope;
  readonly db: Executor;
}

const tenantHandles = new WeakMap<Scope, WeakMap<Executor, TenantDb>>();

/** The tenant handle of `scope` on `db` (built once per scope and executor, then reused). */
export function tenantDb(scope: Scope, db: Executor): TenantDb {
  let byExecutor = tenantHandles.get(scope);
  if (!byExecutor) {
    byExecutor = new WeakMap();
    tenantHandles.set(scope, byExecutor);
  }
  let handle = byExecutor.get(db);
  if (!handle) {
    handle = Object.freeze({ kind: 'tenant', scope, db });
    byExecutor.set(db, handle);
  }
  return handle;
}

/** A handle on rows that belong to no tenant (reference catalogues). */
export interface CatalogueDb {
  readonly kind: 'catalogue';
  readonly db: Executor;
}

/** A handle for the server's own cross-tenant work; its scope is `systemScope` (user 0, every office). */
export interface SystemDb {
  readonly kind: 'system';
  readonly db: Executor;
  readonly scope: Scope;
}

/** The catalogue handle on `db` (a database or a transaction). */
export const catalogueDb = (db: Executor): CatalogueDb => ({ kind: 'catalogue', db });

/**
 * The system handle on `db`. Called by the server's own work only (jobs, start-up, CLI tools); a
 * request handler works with the caller's scope instead.
 */
export const systemDb = (db: Executor): SystemDb => ({ kind: 'system', db, scope: systemScope });
