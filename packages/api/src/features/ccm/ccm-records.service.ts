import type { CcmRecord, CreateCcmRecordBody } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { localDate, officeTimeZone } from '../../lib/office-calendar';
import { isVisiblePatient } from '../../lib/sub-records/sub-records.repo';
import * as repo from './ccm-records.repo';

/**
 * CCM records (portal-spec.md section 3 "CCM record: id, date", section 7 "ccmrecord"): only what
 * the sub-record groups need, opening a record and listing a patient's. Updating, deleting (spec
 * section 5: "Only the latest CCM record may be deleted"), the by-office and report reads and
 * the option lists belong to the CCM record feature still to come.
 */

/**
 * `POST ccmrecord`: opens a record for the patient in office `hospitalId`, dated `recordDate`
 * (default: today in the office's time zone). 404 for a patient or office out of scope; 400
 * `hospitalId` "Invalid id" when the patient is not assigned to the office; 400 `recordDate`
 * "The date cannot be in the future" after the office's today.
 */
export async function createRecord(ctx: AppContext, scope: Scope, body: CreateCcmRecordBody, now: Date = new Date()): Promise<CcmRecord> {
  return ctx.db.transaction(async (tx) => {
    if (!(await isVisiblePatient(scope, tx, body.patientId))) throw AppError.notFound();
    const office = await repo.getOfficeOfPatient(scope, tx, body.hospitalId, body.patientId);
    if (!office) throw AppError.notFound();
    if (!office.patientAssigned) throw AppError.badRequest('invalidId', { hospitalId: 'invalidId' });
    const today = localDate(now, officeTimeZone(office.timeZone));
    const recordDate = body.recordDate ?? today;
    if (recordDate > today) throw AppError.badRequest('futureDate', { recordDate: 'futureDate' });
    return repo.insertRecord(scope, tx, { patientId: body.patientId, hospitalId: body.hospitalId, recordDate, createdBy: scope.userId });
  });
}

/** `GET ccmrecord/getbypatientid`: the patient's records in the caller's offices, newest first. 404 for a patient out of scope. */
export async function findRecordsOfPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<CcmRecord[]> {
  if (!(await isVisiblePatient(scope, ctx.db, patientId))) throw AppError.notFound();
  return repo.findRecordsOfPatient(scope, ctx.db, patientId);
}
