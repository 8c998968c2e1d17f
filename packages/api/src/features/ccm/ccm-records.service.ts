import { SUB_RECORD_LIST_LIMIT, ccmOptionLists, CCM_MINUTE_MARKS, type CcmGroupSlug, type CcmOptionListName, type CcmRecord, type CcmReport, type CcmTimelineQuery, type CreateCcmRecordBody, type UpdateCcmRecordBody } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { assertProgramEnabled } from '../../lib/program-switches';
import { JsonText, NotModified, ifNoneMatchNames } from '../../lib/route';
import { defineVersionedAnswers } from '../../lib/versioned-answers';
import { addDays, localDate, localTimeToInstant, localYearMonth, officeTimeZone } from '../../lib/office-calendar';
import { recordSectionsReader, getParentRecord, isVisiblePatient, type SubRecordTable } from '../../lib/sub-records/sub-records.repo';
import { enrichRows, responseOf } from '../../lib/sub-records/sub-records.service';
import { chronicConditionsForPatients } from '../diagnoses/index';
import { ccmServerGroups } from './ccm-groups';
import * as report from './ccm-report.repo';
import * as repo from './ccm-records.repo';
import { readTimeline } from './ccm-timeline.repo';
import { tenantDb } from '../../db/handles';

/**
 * CCM records (portal-spec.md section 3 "CCM record: id, date", section 5 "Only the latest CCM
 * record may be deleted", section 7 "ccmrecord"): open, list, read with every subsection, update,
 * delete the latest, the three set-calls, the option lists and the monthly report.
 */

/**
 * `POST ccmrecord`: opens a record for the patient in office `hospitalId`, dated `recordDate`
 * (default: today in the office's time zone). 404 for a patient or office out of scope; 400
 * `hospitalId` "Invalid id" when the patient is not assigned to the office; 400 "The CCM program
 * is not enabled for this office" (lib/program-switches.ts); 400 `recordDate` "The date cannot be
 * in the future" after the office's today.
 */
export async function createRecord(ctx: AppContext, scope: Scope, body: CreateCcmRecordBody, now: Date = new Date()): Promise<CcmRecord> {
  return ctx.db.transaction(async (tx) => {
    if (!(await isVisiblePatient(tenantDb(scope, tx), body.patientId))) { throw AppError.notFound(); }
    const office = await repo.getOfficeOfPatient(tenantDb(scope, tx), body.hospitalId, body.patientId);
    if (!office) { throw AppError.notFound(); }
    if (!office.patientAssigned) { throw AppError.badRequest('invalidId', { hospitalId: 'invalidId' }); }
    assertProgramEnabled(office, 'CCM');
    const today = localDate(now, officeTimeZone(office.timeZone));
    const recordDate = body.recordDate ?? today;
    if (recordDate > today) { throw AppError.badRequest('futureDate', { recordDate: 'futureDate' }); }
    return repo.insertRecord(tenantDb(scope, tx), { patientId: body.patientId, hospitalId: body.hospitalId, recordDate, createdBy: scope.userId });
  });
}

/** `GET ccmrecord/getbypatientid`: the patient's records in the caller's offices, newest first. 404 for a patient out of scope. */
export async function findRecordsOfPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<CcmRecord[]> {
  if (!(await isVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound(); }
  return repo.findRecordsOfPatient(tenantDb(scope, ctx.db), patientId);
}

/** `GET ccmrecord/getminimalbypatientid`: id, office, date and status of the patient's records. 404 for a patient out of scope. */
export async function findMinimalOfPatient(ctx: AppContext, scope: Scope, patientId: number) {
  if (!(await isVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound(); }
  return repo.findMinimalOfPatient(tenantDb(scope, ctx.db), patientId);
}

/** `GET ccmrecord/getbyhospitalid`: the office's records with patient names. 404 for an office out of scope. */
export async function findRecordsOfOffice(ctx: AppContext, scope: Scope, hospitalId: number) {
  if (!(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  return repo.findRecordsOfOffice(tenantDb(scope, ctx.db), hospitalId);
}

const sectionGroups = Object.entries(ccmServerGroups) as [CcmGroupSlug, (typeof ccmServerGroups)[CcmGroupSlug]][];
const readSections = recordSectionsReader('ccmRecordSections', Object.fromEntries(sectionGroups.map(([slug, group]) => [slug, group.table])) as Record<CcmGroupSlug, SubRecordTable>,
  SUB_RECORD_LIST_LIMIT,
  Object.fromEntries(sectionGroups.filter(([, group]) => group.linked).map(([slug, group]) => [slug, group.linked!.sql])),
);

/**
 * The record `id` with every subsection (each newest first, at most `SUB_RECORD_LIST_LIMIT` rows),
 * as `GET ccmrecord/{id}` answers it (the contract's `CcmRecordFull`), read afresh: two statements
 * side by side whatever the record holds, the record and every section with the linked groups'
 * data (their `linked` JSON) in one. 404 outside the caller's offices.
 */
export async function readRecordWithSections(ctx: AppContext, scope: Scope, id: number) {
  const [record, rowsBySection] = await Promise.all([repo.getRecord(tenantDb(scope, ctx.db), id), readSections(scope, ctx.db, id)]);
  if (!record || !rowsBySection) { throw AppError.notFound(); }
  const entries = await Promise.all(
    sectionGroups.map(async ([slug, group]) => {
      const stored = rowsBySection[slug];
      const linked = group.linked;
      const rows = linked ? stored.map(({ linked: value, ...row }) => linked.apply(row as typeof stored[number], value)) : await enrichRows(group, stored, ctx.db);
      return [slug, rows.map((r) => responseOf(group, r))] as const;
    }),
  );
  return { ...record, sections: Object.fromEntries(entries) as never };
}

/** Full record answers kept by this process, by record id (docs/ccm.md "Record answer cache and ETag"). */
const recordAnswers = defineVersionedAnswers();

/**
 * `GET ccmrecord/{id}` (`readRecordWithSections`) as JSON text with an entity tag naming the
 * record's version (`repo.getRecordVersion`); 404 outside the caller's offices. `ifNoneMatch` is
 * the request's If-None-Match: when it names the current tag the answer is `NotModified` (304).
 * Otherwise the answer kept by this process for that version, else built and kept: one small
 * statement instead of ~700 rows mapped (docs/ccm.md "Record answer cache and ETag",
 * docs/benchmarks.md "CCM record").
 *
 * Access is decided before any kept answer is looked at: the version is read with the caller's
 * office filter, so a record outside the caller's offices is 404 whatever is kept. The answer is
 * the same for every caller who may read the record (every section row carries the record's
 * office: composite foreign key, ccm.tables.ts), so it is kept by record id alone.
 */
export async function getRecordAnswer(ctx: AppContext, scope: Scope, id: number, ifNoneMatch?: string | string[]): Promise<JsonText | NotModified> {
  const version = await repo.getRecordVersion(tenantDb(scope, ctx.db), id);
  if (version === null) { throw AppError.notFound(); }
  const tag = `W/"ccmrecord-${id}-${version}"`;
  if (ifNoneMatchNames(ifNoneMatch, tag)) { return new NotModified(tag); }
  const answers = recordAnswers(ctx);
  const key = String(id);
  // Built after the version was read: a write committed in between is in the answer and has
  // changed the version, so this entry is never served for a newer version than it holds.
  const kept = answers.get(key, version) ?? (await answers.set(key, version, JSON.stringify(await readRecordWithSections(ctx, scope, id))));
  return new JsonText(kept.json, tag, kept);
}

/** `PUT ccmrecord/{id}`: date and status. 404 outside the caller's offices; 400 `recordDate` after the office's today. */
export async function updateRecord(ctx: AppContext, scope: Scope, id: number, body: UpdateCcmRecordBody, now: Date = new Date()): Promise<CcmRecord> {
  return ctx.db.transaction(async (tx) => {
    const parent = await getParentRecord(tenantDb(scope, tx), id);
    if (!parent) { throw AppError.notFound(); }
    assertProgramEnabled(parent, 'CCM');
    if (body.recordDate > localDate(now, officeTimeZone(parent.timeZone))) { throw AppError.badRequest('futureDate', { recordDate: 'futureDate' }); }
    const updated = await repo.updateRecord(tenantDb(scope, tx), id, { recordDate: body.recordDate, status: body.status });
    if (!updated) { throw AppError.notFound(); }
    return updated;
  });
}

/**
 * `DELETE ccmrecord/{id}`: deletes the record and its subsections (the time entries, readings and
 * notes it links stay with the patient). Only the patient's latest record in that office may be
 * deleted (spec section 5): 400 "ccmRecordNotLatest" otherwise. 404 outside the caller's offices.
 */
export async function deleteRecord(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const record = await repo.getRecord(tenantDb(scope, tx), id, true);
    if (!record) { throw AppError.notFound(); }
    if ((await repo.latestRecordId(tenantDb(scope, tx), record.patientId, record.hospitalId)) !== id) { throw AppError.badRequest('ccmRecordNotLatest'); }
    if (!(await repo.deleteRecord(tenantDb(scope, tx), id))) { throw AppError.notFound(); }
    return { id };
  });
}

/** The three set-calls: one column group of record `id`. 404 outside the caller's offices. */
export async function setRecordFields(ctx: AppContext, scope: Scope, id: number, values: Parameters<typeof repo.updateRecord>[2]): Promise<CcmRecord> {
  return ctx.db.transaction(async (tx) => {
    const updated = await repo.updateRecord(tenantDb(scope, tx), id, values);
    if (!updated) { throw AppError.notFound(); }
    return updated;
  });
}

/** `GET ccmrecord/options/{listName}`: one option list (contract ccm.options.ts; sources in docs/ccm.md). */
export function optionList(listName: CcmOptionListName) {
  return ccmOptionLists[listName].map((o) => ({ ...o }));
}

/**
 * `GET ccmrecord/getreportdataformonth`: per patient with a record in the office on or before the
 * month's last day (their latest): CCM minutes of the month from the time-tracking entries of
 * program CCM (each entry once, finished ones, started in the month in the office's time zone),
 * the mark reached of 20/40/60, an active CCM consent, the patient's chronic-condition count (the
 * diagnoses feature's one rule, docs/chronic-conditions.md) and the record's care plans' next review (due when on or before the month's last day). 404 for an office out of scope.
 */
export async function monthReport(ctx: AppContext, scope: Scope, hospitalId: number, year: number, month: number): Promise<CcmReport> {
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  const tz = officeTimeZone(office.timeZone);
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const lastDay = addDays(next, -1);
  const records = await report.findLatestRecordsOfOffice(tenantDb(scope, ctx.db), hospitalId, lastDay);
  const patientIds = records.map((r) => r.patientId);
  const [seconds, consents, summaries, chronic] = await Promise.all([
    report.sumCcmSeconds(tenantDb(scope, ctx.db), hospitalId, patientIds, localTimeToInstant(first, '00:00', tz), localTimeToInstant(next, '00:00', tz)),
    report.findConsents(tenantDb(scope, ctx.db), hospitalId, patientIds, lastDay),
    report.findRecordSummaries(tenantDb(scope, ctx.db), records.map((r) => r.ccmRecordId)),
    chronicConditionsForPatients(scope, ctx.db, patientIds),
  ]);
  const rows = records.map((r) => {
    const s = seconds.get(r.patientId) ?? { seconds: 0, interactiveSeconds: 0 };
    const minutes = Math.floor(s.seconds / 60);
    const sum = summaries.get(r.ccmRecordId)!;
    return {
      ...r,
      complexDecisionMaking: r.complexDecisionMaking as CcmRecord['complexDecisionMaking'],
      minutes,
      interactiveMinutes: Math.floor(s.interactiveSeconds / 60),
      markReached: [...CCM_MINUTE_MARKS].reverse().find((m) => minutes >= m) ?? 0,
      consentOnFile: (consents.get(r.patientId) ?? []).some((c) => c.program === 'CCM'),
      chronicConditions: chronic.get(r.patientId)?.length ?? 0,
      carePlanReviewDate: sum.reviewDate,
      carePlanReviewDue: sum.reviewDate !== null && sum.reviewDate <= lastDay,
    };
  });
  return { hospitalId, year, month, rows };
}

/** `GET ccmbilling/getbypatientid`: the engine's CCM, PCM and APCM lines of the patient. 404 for a patient out of scope. */
export async function billingOfPatient(ctx: AppContext, scope: Scope, patientId: number) {
  if (!(await isVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound(); }
  return (await report.findCcmClaims(tenantDb(scope, ctx.db), patientId)).map(billingView);
}

/** `GET ccmbilling/getbyccmrecordid`: the engine's lines of the record's patient and office for the record's month. 404 outside the caller's offices. */
export async function billingOfRecord(ctx: AppContext, scope: Scope, ccmRecordId: number) {
  const record = await getParentRecord(tenantDb(scope, ctx.db), ccmRecordId);
  if (!record) { throw AppError.notFound(); }
  const [year, month] = record.recordDate.split('-').map(Number) as [number, number];
  return (await report.findCcmClaims(tenantDb(scope, ctx.db), record.patientId, { hospitalId: record.hospitalId, year, month })).map(billingView);
}

const billingView = (c: Awaited<ReturnType<typeof report.findCcmClaims>>[number]) => ({ ...c, status: c.status as 'billable' | 'suppressed', evidence: c.evidence ?? {} });

/** The current month in the office's time zone (vital entries' default month, spec section 1). */
export const currentMonthOf = (timeZone: string, now: Date = new Date()) => localYearMonth(now, officeTimeZone(timeZone));

/**
 * `GET ccmrecord/{id}/timeline` (docs/ccm.md "Timeline"): a page of the record's events newest
 * first, one kind or all. 404 when the record is not in the caller's offices.
 */
export async function timeline(ctx: AppContext, scope: Scope, id: number, q: CcmTimelineQuery) {
  if (!(await getParentRecord(tenantDb(scope, ctx.db), id))) { throw AppError.notFound(); }
  const { items, total } = await readTimeline(ctx.db, id, q.kind, q.pageSize, (q.page - 1) * q.pageSize);
  return { items, total, page: q.page, pageSize: q.pageSize };
}
