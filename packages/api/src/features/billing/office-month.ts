import type { Db } from '../../db/client';
import { systemScope } from '../../db/scope';
import { processRun } from './generation';
import * as runs from './billing-runs.repo';
import type * as repo from './generation.repo';
import { tenantDb } from '../../db/handles';

/**
 * Generates `office`'s month (`year`, `month` 1-12) as the server's own work (the system scope)
 * in one billing run started by user `startedBy`, as GET billing/generateforallhospitalpatientsformonth
 * would for that office: the claims of every patient of the office replace the month's. `now` is
 * the clock the readiness of the month is judged by. Used by the demo seed
 * (seed/billable-month.ts, docs/demo-data.md); errors of the generation are thrown.
 */
export async function generateOfficeMonthAsSystem(db: Db, office: repo.OfficeRef, year: number, month: number, startedBy: number, now = new Date()): Promise<void> {
  const run = await runs.createRun(tenantDb(systemScope, db), { scopeKind: 'hospital', scopeId: office.id, year, month, total: 0, startedBy });
  await processRun(systemScope, db, run.id, [office], year, month, now);
}
