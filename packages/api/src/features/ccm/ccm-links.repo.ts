import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { ccmTimeLogEntries, measurements, medicalNoteDetails, medicalNotes, patientDiagnoses, prescriptions, timeEntries } from '../../db/schema/index';
import type { ParentRecord } from '../../lib/sub-records/sub-records.repo';

/**
 * Reads of the data of other features that CCM link groups name (docs/ccm.md "One source of
 * truth"). Every function is given the parent CCM record, already found in the caller's offices
 * (lib/sub-records `getParentRecord`): a row is only read for that record's patient and office.
 * Writes go through the owners' services (measurements, medical notes, time tracking), never here;
 * the one write is the record's own time-log link rows (`linkTimeEntries`).
 */

/** Whether diagnosis `id` is on the problem list of the record's patient. */
export async function isPatientDiagnosis(db: Executor, record: ParentRecord, id: number): Promise<boolean> {
  const [row] = await db.select({ id: patientDiagnoses.id }).from(patientDiagnoses).where(and(eq(patientDiagnoses.id, id), eq(patientDiagnoses.patientId, record.patientId))).limit(1);
  return row !== undefined;
}

/** Code, description and status of diagnoses `ids`, by id. */
export async function findDiagnoses(db: Executor, ids: number[]): Promise<Map<number, { code: string | null; description: string; status: string }>> {
  const rows = await db.select({ id: patientDiagnoses.id, code: patientDiagnoses.code, description: patientDiagnoses.description, status: patientDiagnoses.status }).from(patientDiagnoses).where(inArray(patientDiagnoses.id, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** Whether prescription `id` is the record's patient's in the record's office. */
export async function isPatientPrescription(db: Executor, record: ParentRecord, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .where(and(eq(prescriptions.id, id), eq(prescriptions.patientId, record.patientId), eq(prescriptions.hospitalId, record.hospitalId)))
    .limit(1);
  return row !== undefined;
}

/** Medication name and dose of prescriptions `ids`, by id. */
export async function findPrescriptions(db: Executor, ids: number[]): Promise<Map<number, { medicationName: string; dose: string }>> {
  const rows = await db.select({ id: prescriptions.id, medicationName: prescriptions.medicationName, dose: prescriptions.dose }).from(prescriptions).where(inArray(prescriptions.id, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** Time and values of measurements `ids`, by id. */
export async function findReadings(db: Executor, ids: number[]): Promise<Map<number, { measuredAt: Date; valuesJson: Record<string, number> }>> {
  const rows = await db.select({ id: measurements.id, measuredAt: measurements.measuredAt, valuesJson: measurements.valuesJson }).from(measurements).where(inArray(measurements.id, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** Text and month of note details `ids`, by id. */
export async function findNoteDetails(db: Executor, ids: number[]): Promise<Map<number, { text: string; month: number; year: number }>> {
  const rows = await db
    .select({ id: medicalNoteDetails.id, text: medicalNoteDetails.text, month: medicalNotes.month, year: medicalNotes.year })
    .from(medicalNoteDetails)
    .innerJoin(medicalNotes, eq(medicalNotes.id, medicalNoteDetails.medicalNoteId))
    .where(inArray(medicalNoteDetails.id, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** Staff, start, seconds, activity and call flag of time entries `ids`, by id. */
export async function findTimeEntries(db: Executor, ids: number[]): Promise<Map<number, { staffUserId: number; startedAt: Date; seconds: number | null; activity: string; interactive: boolean }>> {
  const rows = await db
    .select({ id: timeEntries.id, staffUserId: timeEntries.staffUserId, startedAt: timeEntries.startedAt, seconds: timeEntries.seconds, activity: timeEntries.activity, interactive: timeEntries.interactive })
    .from(timeEntries)
    .where(inArray(timeEntries.id, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** Finished CCM time entries `ids` of the record's patient and office (the ones `editbyccmid` may attach). */
export async function findAttachableTimeEntries(db: Executor, record: ParentRecord, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(and(inArray(timeEntries.id, ids), eq(timeEntries.patientId, record.patientId), eq(timeEntries.hospitalId, record.hospitalId), eq(timeEntries.program, 'CCM'), sql`${timeEntries.endedAt} is not null`));
  return rows.map((r) => r.id);
}

/** Of time entries `ids`, those of the record's patient in the record's office (any program, finished or not). */
export async function findPatientTimeEntries(db: Executor, record: ParentRecord, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(and(inArray(timeEntries.id, ids), eq(timeEntries.patientId, record.patientId), eq(timeEntries.hospitalId, record.hospitalId)));
  return rows.map((r) => r.id);
}

/**
 * Puts time entries `ids` (checked with `findAttachableTimeEntries`) in the record's time log; an
 * entry already in another record of the same patient and office moves to this one (an entry
 * counts in one record only: unique time_entry_id).
 */
export async function linkTimeEntries(db: Executor, record: ParentRecord, ids: number[], createdBy: number): Promise<void> {
  if (ids.length === 0) { return; }
  await db
    .insert(ccmTimeLogEntries)
    .values(ids.map((timeEntryId) => ({ timeEntryId, ccmRecordId: record.id, patientId: record.patientId, hospitalId: record.hospitalId, createdBy })))
    .onConflictDoUpdate({ target: ccmTimeLogEntries.timeEntryId, set: { ccmRecordId: record.id, updatedAt: sql`now()` } });
}

// The same reads as JSON values correlated to a link row (a group's `linked.sql`, read with every
// section of a record in one statement: lib/sub-records `recordSectionsReader`). Each is a scalar
// subquery on the other table's primary key; null when the row is gone.

/** `{ code, description, status }` of the diagnosis `diagnosisId` names. */
export const diagnosisJson = (diagnosisId: PgColumn): SQL =>
  sql`(select json_build_object('code', ${patientDiagnoses.code}, 'description', ${patientDiagnoses.description}, 'status', ${patientDiagnoses.status}) from ${patientDiagnoses} where ${patientDiagnoses.id} = ${diagnosisId})`;

/** `{ medicationName, dose }` of the prescription `prescriptionId` names. */
export const prescriptionJson = (prescriptionId: PgColumn): SQL =>
  sql`(select json_build_object('medicationName', ${prescriptions.medicationName}, 'dose', ${prescriptions.dose}) from ${prescriptions} where ${prescriptions.id} = ${prescriptionId})`;

/** `{ measuredAt (ISO text), valuesJson }` of the measurement `measurementId` names. */
export const readingJson = (measurementId: PgColumn): SQL =>
  sql`(select json_build_object('measuredAt', ${measurements.measuredAt}, 'valuesJson', ${measurements.valuesJson}) from ${measurements} where ${measurements.id} = ${measurementId})`;

/** `{ text, month, year }` of the note detail `detailId` names. */
export const noteDetailJson = (detailId: PgColumn): SQL =>
  sql`(select json_build_object('text', ${medicalNoteDetails.text}, 'month', ${medicalNotes.month}, 'year', ${medicalNotes.year}) from ${medicalNoteDetails} inner join ${medicalNotes} on ${medicalNotes.id} = ${medicalNoteDetails.medicalNoteId} where ${medicalNoteDetails.id} = ${detailId})`;

/** `{ staffUserId, startedAt (ISO text), seconds, activity, interactive }` of the time entry `timeEntryId` names. */
export const timeEntryJson = (timeEntryId: PgColumn): SQL =>
  sql`(select json_build_object('staffUserId', ${timeEntries.staffUserId}, 'startedAt', ${timeEntries.startedAt}, 'seconds', ${timeEntries.seconds}, 'activity', ${timeEntries.activity}, 'interactive', ${timeEntries.interactive}) from ${timeEntries} where ${timeEntries.id} = ${timeEntryId})`;
