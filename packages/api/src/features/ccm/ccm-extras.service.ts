import type { ConditionHistoryBody } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { localDate, localYearMonth, officeTimeZone } from '../../lib/office-calendar';
import { getRow, updateRow } from '../../lib/sub-records/sub-records.repo';
import { writableParentOf } from '../../lib/sub-records/sub-records.service';
import { findSubRecordsByPatient, findSubRecordsByRecord, responseOf, enrichRows } from '../../lib/sub-records/sub-records.service';
import * as history from './ccm-condition-history.repo';
import * as links from './ccm-links.repo';
import { ccmTimeLogGroup, ccmVitalEntryGroup } from './ccm-sections.groups';
import { ccmConditions } from '../../db/schema/index';
import { tenantDb } from '../../db/handles';

/**
 * The group calls beyond the standard five (portal-spec.md section 7 "CCM"): condition history
 * edit and delete, vital entries by month and out of the medical note, time log by date and
 * `editbyccmid`.
 */

/** Time zones of offices `ids` the caller may see (the default zone for others). */
async function zonesOf(ctx: AppContext, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of new Set(ids)) { out.set(id, officeTimeZone((await getOfficeInScope(tenantDb(scope, ctx.db), id))?.timeZone)); }
  return out;
}

/**
 * `PUT ccmconditions/conditionhistory/{id}`: changes one entry of a condition's course; the
 * condition's current status follows its latest entry. 404 outside the caller's offices; 400
 * `recordedOn` after the office's today.
 */
export async function updateConditionHistory(ctx: AppContext, scope: Scope, id: number, body: ConditionHistoryBody, now: Date = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const entry = await history.getEntry(tenantDb(scope, tx), id);
    if (!entry) { throw AppError.notFound(); }
    const condition = await getRow(tenantDb(scope, tx), ccmConditions, entry.conditionId, true);
    if (!condition) { throw AppError.notFound(); }
    const record = await writableParentOf(scope, tx, condition.ccmRecordId);
    if (body.recordedOn > localDate(now, officeTimeZone(record.timeZone))) { throw AppError.badRequest('futureDate', { recordedOn: 'futureDate' }); }
    const updated = await history.updateEntry(tenantDb(scope, tx), id, { status: body.status, recordedOn: body.recordedOn, note: body.note ?? '' });
    if (!updated) { throw AppError.notFound(); }
    await followLatest(scope, tx, entry.conditionId);
    return updated as typeof updated & { status: ConditionHistoryBody['status'] };
  });
}

/** `DELETE ccmconditions/conditionhistory/{id}`: deletes one entry; the condition's status follows the latest remaining one. 404 outside the caller's offices. */
export async function deleteConditionHistory(ctx: AppContext, scope: Scope, id: number) {
  return ctx.db.transaction(async (tx) => {
    const entry = await history.getEntry(tenantDb(scope, tx), id);
    if (!entry) { throw AppError.notFound(); }
    const condition = await getRow(tenantDb(scope, tx), ccmConditions, entry.conditionId, true);
    if (!condition) { throw AppError.notFound(); }
    await writableParentOf(scope, tx, condition.ccmRecordId);
    if (!(await history.deleteEntry(tenantDb(scope, tx), id))) { throw AppError.notFound(); }
    await followLatest(scope, tx, entry.conditionId);
    return { id };
  });
}

async function followLatest(scope: Scope, tx: Parameters<typeof history.latestStatus>[0], conditionId: number): Promise<void> {
  const status = await history.latestStatus(tx, conditionId);
  if (status) { await updateRow(tenantDb(scope, tx), ccmConditions, conditionId, { historyStatus: status }); }
}

/**
 * `GET vitalentry/getbymonth`: the patient's vital entries measured in `year`/`month` in their
 * office's time zone; month and year default to the current ones there (spec section 1). 404 for
 * a patient out of scope.
 */
export async function vitalEntriesOfMonth(ctx: AppContext, scope: Scope, patientId: number, month?: number, year?: number, now: Date = new Date()) {
  const all = await findSubRecordsByPatient(ctx, scope, ccmVitalEntryGroup, patientId);
  const zones = await zonesOf(ctx, scope, all.map((r) => r.hospitalId));
  return all.filter((r) => {
    const tz = zones.get(r.hospitalId)!;
    const current = localYearMonth(now, tz);
    const at = localYearMonth(new Date(r.measuredAt), tz);
    return at.month === (month ?? current.month) && at.year === (year ?? current.year);
  });
}

/** `PUT vitalentry/disablemedicalnoteforthisvitalentry/{id}`: keeps the entry out of the medical note (or puts it back). 404 outside the caller's offices. */
export async function setVitalEntryInNote(ctx: AppContext, scope: Scope, id: number, disabled: boolean) {
  return ctx.db.transaction(async (tx) => {
    const existing = await getRow(tenantDb(scope, tx), ccmVitalEntryGroup.table, id, true);
    if (!existing) { throw AppError.notFound(); }
    await writableParentOf(scope, tx, existing.ccmRecordId);
    const row = await updateRow(tenantDb(scope, tx), ccmVitalEntryGroup.table, id, { includeInMedicalNote: !disabled });
    if (!row) { throw AppError.notFound(); }
    const [enriched] = await enrichRows(ccmVitalEntryGroup, [row], tx);
    return responseOf(ccmVitalEntryGroup as never, enriched!) as ReturnType<typeof ccmVitalEntryGroup.toResponse> & { id: number; ccmRecordId: number; patientId: number; hospitalId: number; createdBy: number | null; createdAt: string; updatedAt: string };
  });
}

/** `GET ccmtimelogentry/getbydate`: the patient's CCM time log entries started on `date` in the office's time zone. 404 for a patient out of scope. */
export async function timeLogOfDate(ctx: AppContext, scope: Scope, patientId: number, date: string) {
  const all = await findSubRecordsByPatient(ctx, scope, ccmTimeLogGroup, patientId);
  const zones = await zonesOf(ctx, scope, all.map((r) => r.hospitalId));
  return all.filter((r) => localDate(new Date(r.startedAt), zones.get(r.hospitalId)!) === date);
}

/**
 * `PUT ccmtimelogentry/editbyccmid`: puts finished CCM time-tracking entries of the record's
 * patient and office (e.g. the timer's) in the record's time log; answers the record's time log.
 * 404 for a record out of scope or an entry that is not of the record's patient and office; 400
 * `timeEntryIds` "Invalid id" when one of theirs is not finished CCM time.
 */
export async function attachTimeEntries(ctx: AppContext, scope: Scope, ccmRecordId: number, timeEntryIds: number[]) {
  await ctx.db.transaction(async (tx) => {
    const record = await writableParentOf(scope, tx, ccmRecordId);
    const ids = [...new Set(timeEntryIds)];
    const ok = await links.findAttachableTimeEntries(tx, record, ids);
    if (ok.length !== ids.length) {
      // An entry that is not this patient's in this office (none, or another tenant's) reads as
      // not found (docs/first-day.md); one of theirs that is not finished CCM time is 400.
      if ((await links.findPatientTimeEntries(tx, record, ids)).length !== ids.length) { throw AppError.notFound(); }
      throw AppError.badRequest('invalidId', { timeEntryIds: 'invalidId' });
    }
    await links.linkTimeEntries(tx, record, ids, scope.userId);
  });
  return findSubRecordsByRecord(ctx, scope, ccmTimeLogGroup, ccmRecordId);
}

