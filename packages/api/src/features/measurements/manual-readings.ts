import type { DeviceType } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { raiseMeasurementAlerts, type CommittedReading } from '../notifications/index';
import { checkReading } from './ingestion';
import * as repo from './measurements.repo';
import { resolveThresholds, severityOfReading } from './thresholds';
import { tenantDb } from '../../db/handles';

/**
 * Manual readings written by another feature inside its own transaction: the CCM record's vital
 * entries (docs/ccm.md "One source of truth"). Measurements own the `measurements` table, and a
 * reading is a reading wherever it is typed: it is checked by the catalogue's rules (units,
 * plausible range, required values: ingestion.ts `checkReading`), graded against the office's
 * thresholds (thresholds.ts) like a reading typed on the monitoring page, stored as a manual
 * reading (source 'manual', hub key 0, device key minus the patient id), and, once the caller's
 * transaction has committed, alerted through `alertManualReadings` (notifications). Billing counts
 * it as a manual reading (never a device day).
 */

/** One value as typed: LOINC code, number, UCUM unit (converted to the canonical unit by the catalogue). */
export interface TypedValue {
  code: string;
  value: number;
  unit: string;
  /** The caller's form field the value came from, for the per-field message (e.g. 'value', 'value2'). */
  field: string;
}

/** A manual reading of `patientId` in office `hospitalId` (the caller checked both are in its scope). */
export interface ManualReadingInput {
  patientId: number;
  hospitalId: number;
  deviceType: DeviceType;
  /** ISO 8601 instant with offset. */
  measuredAt: string;
  values: TypedValue[];
}

/** A stored manual reading, with what its alert needs once the caller's transaction commits. */
export interface StoredManualReading {
  id: number;
  severity: 0 | 1 | 2;
  /** The reading for `alertManualReadings`; null when nothing new is to be alerted (an edit that left values and severity as they were). */
  alert: CommittedReading | null;
}

/**
 * Checks and grades `input`: the canonical values, offset and severity. 400 on the value's field
 * "The value is outside the plausible range of this measurement" (or "Invalid" for a unit or code
 * the catalogue does not take), 400 `measuredAtField` "The date cannot be in the future".
 */
async function graded(scope: Scope, tx: Executor, input: ManualReadingInput, measuredAtField: string, now: number) {
  const outcome = checkReading({ deviceType: input.deviceType, measuredAt: input.measuredAt, values: input.values.map(({ code, value, unit }) => ({ code, value, unit })), patientId: input.patientId }, 0, now);
  if (!outcome.ok) {
    const { reason, detail } = outcome.rejection;
    if (reason === 'measuredAt in the future') { throw AppError.badRequest('futureDate', { [measuredAtField]: 'futureDate' }); }
    const field = input.values.find((v) => detail?.startsWith(`${v.code}:`) || detail === v.code)?.field ?? input.values[0]?.field ?? 'value';
    if (reason === 'impossible value') { throw AppError.badRequest('readingOutOfRange', { [field]: 'readingOutOfRange' }); }
    if (reason === 'invalid measuredAt') { throw AppError.badRequest('validationFailed', { [measuredAtField]: 'invalid' }); }
    throw AppError.badRequest('validationFailed', { [field]: 'invalid' });
  }
  const r = outcome.reading;
  const officeJson = (await repo.findOfficeDefaults(tenantDb(scope, tx), [input.hospitalId], [input.deviceType])).get(`${input.hospitalId}|${input.deviceType}`);
  const severity = severityOfReading(r.values, resolveThresholds(input.deviceType, officeJson, undefined).thresholds);
  return { values: r.values, measuredAt: r.measuredAt, measuredAtOffset: r.measuredAtOffset, severity };
}

/**
 * Stores a manual reading by the caller in transaction `tx`. Errors as `graded`; 409 when the
 * patient already has a manual reading of that type at that instant. Call `alertManualReadings`
 * with `alert` after the transaction commits.
 */
export async function recordManualReading(scope: Scope, tx: Executor, input: ManualReadingInput, measuredAtField = 'measuredAt', now = Date.now()): Promise<StoredManualReading> {
  const g = await graded(scope, tx, input, measuredAtField, now);
  const [row] = await repo.insertMeasurements(tx, [
    {
      patientId: input.patientId,
      hospitalId: input.hospitalId,
      deviceId: null,
      hubId: null,
      hubKey: 0,
      deviceKey: -input.patientId,
      deviceType: input.deviceType,
      measuredAt: g.measuredAt,
      measuredAtOffset: g.measuredAtOffset,
      valuesJson: g.values,
      source: 'manual',
      isManual: true,
      isSimulated: false,
      severity: g.severity,
      enteredBy: scope.userId,
    },
  ]);
  if (!row) { throw AppError.conflict(); }
  const alert: CommittedReading = { measurementId: row.id, patientId: input.patientId, hospitalId: input.hospitalId, deviceType: input.deviceType, severity: g.severity, valuesJson: g.values, measuredAt: g.measuredAt, isSimulated: false };
  return { id: row.id, severity: g.severity, alert };
}

/**
 * Replaces manual reading `id` of `input.patientId` (in the caller's offices) in transaction `tx`,
 * graded again. 404 when it is not a manual reading of that patient there; 409 when the new
 * identity (type, instant) is taken; errors as `graded`. When the values changed and the reading
 * is abnormal, `alert` carries it as a revision of the reading (one more alert, not a repeat).
 */
export async function changeManualReading(scope: Scope, tx: Executor, id: number, input: ManualReadingInput, measuredAtField = 'measuredAt', now = Date.now()): Promise<StoredManualReading> {
  const g = await graded(scope, tx, input, measuredAtField, now);
  const before = await repo.getManualReading(tenantDb(scope, tx), id, input.patientId);
  if (!before) { throw AppError.notFound(); }
  const changed = await repo.updateManualReading(tenantDb(scope, tx), id, input.patientId, { deviceType: input.deviceType, measuredAt: g.measuredAt, measuredAtOffset: g.measuredAtOffset, valuesJson: g.values, severity: g.severity });
  if (changed === 'taken') { throw AppError.conflict(); }
  if (changed === 'missing') { throw AppError.notFound(); }
  const same = before.severity === g.severity && JSON.stringify(before.valuesJson) === JSON.stringify(g.values) && before.measuredAt.getTime() === g.measuredAt.getTime();
  const alert: CommittedReading | null =
    same || g.severity === 0
      ? null
      : { measurementId: id, patientId: input.patientId, hospitalId: input.hospitalId, deviceType: input.deviceType, severity: g.severity, valuesJson: g.values, measuredAt: g.measuredAt, isSimulated: false, revision: `edit-${now}` };
  return { id, severity: g.severity, alert };
}

/** Deletes manual reading `id` of `patientId` in the caller's offices in transaction `tx` (nothing when it is gone). */
export async function deleteManualReading(scope: Scope, tx: Executor, id: number, patientId: number): Promise<void> {
  await repo.deleteManualReading(tenantDb(scope, tx), id, patientId);
}

/**
 * After the caller's transaction committed: raises the alerts of `readings` (notifications), as
 * ingestion does. A failure is logged without PHI and never undoes the committed readings.
 */
export async function alertManualReadings(ctx: AppContext, readings: (CommittedReading | null)[]): Promise<void> {
  const due = readings.filter((r): r is CommittedReading => r !== null);
  if (due.length === 0) { return; }
  try {
    await raiseMeasurementAlerts(ctx, due);
  } catch (err) {
    ctx.log.error({ errName: (err as Error)?.name, readings: due.length }, 'raiseMeasurementAlerts failed after a manual reading commit');
  }
}
