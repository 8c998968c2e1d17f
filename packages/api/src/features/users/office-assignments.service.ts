import type { PatientListView } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { assertOfficeInScope, type Scope } from '../../db/scope';
import { tenantDb } from '../../db/handles';
import * as repo from './users.repo';

/**
 * The users feature's writes of a user's office assignments (user_hospitals) and settings, for the
 * offices feature (docs/architecture.md "Table ownership": the users feature owns both tables).
 * Each runs in the caller's transaction `tx`.
 */

/**
 * Assigns users to office `hospitalId` of the caller's scope (an office out of scope throws 404),
 * idempotently: an existing assignment keeps its admin flag unless the new one raises it. Returns
 * the assignments as stored.
 */
export async function upsertOfficeAssignments(scope: Scope, tx: Executor, hospitalId: number, rows: { userId: number; isAdmin: boolean }[]) {
  assertOfficeInScope(scope, hospitalId);
  if (rows.length === 0) { return []; }
  return repo.upsertOfficeAssignments(tx, hospitalId, rows);
}

/** Removes the users' assignments to office `hospitalId` of the caller's offices; returns the removed ones. */
export function removeOfficeAssignments(scope: Scope, tx: Executor, hospitalId: number, userIds: number[]) {
  return repo.removeOfficeAssignments(tenantDb(scope, tx), hospitalId, userIds);
}

/** Saves the caller's default view of /patients under users.user_settings_json.patientListView (other settings kept). */
export async function savePatientListViewSetting(scope: Scope, tx: Executor, view: PatientListView): Promise<void> {
  await repo.savePatientListViewSetting(tenantDb(scope, tx), view);
}
