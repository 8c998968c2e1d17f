import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { ccmTimeLogEntries, measurements, medicalNoteDetails, medicalNotes, patientDiagnoses, prescriptions, timeEntries } from '../../db/schema/index';
import type { ParentRecord } from '../../lib/sub-records/sub-records.repo';

/**
 * The data of other features that CCM link groups name (docs/ccm.md "One source of truth"). Every
 * function is given the parent CCM record, already found in the caller's offices (lib/sub-records
 * `getParentRecord`): a row is only read or written for that record's patient and office.
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

/** A manual reading of the record's patient in the record's office (`valuesJson`: LOINC -> canonical UCUM value). */
export interface ManualReading {
  deviceType: string;
  measuredAt: Date;
  valuesJson: Record<string, number>;
  enteredBy: number;
}

/**
 * Stores a manual measurement (source 'manual', the identity of manual readings: hub 0, device
 * -patient id, as measurements.service does); null when the patient already has a reading of that
 * type at that instant.
 */
export async function insertManualReading(db: Executor, record: ParentRecord, r: ManualReading): Promise<number | null> {
  const [row] = await db
    .insert(measurements)
    .values({ patientId: record.patientId, hospitalId: record.hospitalId, hubKey: 0, deviceKey: -record.patientId, deviceType: r.deviceType, measuredAt: r.measuredAt, valuesJson: r.valuesJson, source: 'manual', isManual: true, enteredBy: r.enteredBy })
    .onConflictDoNothing()
    .returning({ id: measurements.id });
  return row?.id ?? null;
}

/** Changes manual measurement `id` of the record's patient; false when the new identity is taken. */
export async function updateManualReading(db: Executor, record: ParentRecord, id: number, r: Omit<ManualReading, 'enteredBy'>): Promise<boolean> {
  try {
    const rows = await db
      .update(measurements)
      .set({ deviceType: r.deviceType, measuredAt: r.measuredAt, valuesJson: r.valuesJson })
      .where(and(eq(measurements.id, id), eq(measurements.patientId, record.patientId), eq(measurements.isManual, true)))
      .returning({ id: measurements.id });
    return rows.length > 0;
  } catch (e) {
    if ((e as { code?: string }).code === '23505' || String((e as Error).message).includes('measurements_identity_uq')) { return false; }
    throw e;
  }
}

/** Deletes manual measurement `id` of the record's patient. */
export async function deleteManualReading(db: Executor, record: ParentRecord, id: number): Promise<void> {
  await db.delete(measurements).where(and(eq(measurements.id, id), eq(measurements.patientId, record.patientId), eq(measurements.isManual, true)));
}

/** Time and values of measurements `ids`, by id. */
export async function findReadings(db: Executor, ids: number[]): Promise<Map<number, { measuredAt: Date; valuesJson: Record<string, number> }>> {
  const rows = await db.select({ id: measurements.id, measuredAt: measurements.measuredAt, valuesJson: measurements.valuesJson }).from(measurements).where(inArray(measurements.id, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/**
 * Adds a detail of program CCM to the patient's medical note of `year`/`month` in the record's
 * office (created when missing: one note per patient, office and month); returns the detail's id.
 */
export async function insertCcmNoteDetail(db: Executor, record: ParentRecord, year: number, month: number, text: string, authorId: number): Promise<number> {
  await db.insert(medicalNotes).values({ patientId: record.patientId, hospitalId: record.hospitalId, year, month, createdBy: authorId }).onConflictDoNothing();
  const [note] = await db
    .select({ id: medicalNotes.id })
    .from(medicalNotes)
    .where(and(eq(medicalNotes.patientId, record.patientId), eq(medicalNotes.hospitalId, record.hospitalId), eq(medicalNotes.year, year), eq(medicalNotes.month, month)))
    .limit(1);
  const [detail] = await db.insert(medicalNoteDetails).values({ medicalNoteId: note!.id, text, program: 'CCM', authorId }).returning({ id: medicalNoteDetails.id });
  return detail!.id;
}

/** Replaces the text of note detail `id`. */
export async function updateNoteDetail(db: Executor, id: number, text: string): Promise<void> {
  await db.update(medicalNoteDetails).set({ text, updatedAt: sql`now()` }).where(eq(medicalNoteDetails.id, id));
}

/** Deletes note detail `id`. */
export async function deleteNoteDetail(db: Executor, id: number): Promise<void> {
  await db.delete(medicalNoteDetails).where(eq(medicalNoteDetails.id, id));
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

/** A manual time-tracking entry of program CCM. */
export interface CcmTime {
  startedAt: Date;
  seconds: number;
  activity: string;
  interactive: boolean;
}

/** Stores a finished manual time entry of program CCM by `staffUserId` for the record's patient and office; returns its id. */
export async function insertCcmTimeEntry(db: Executor, record: ParentRecord, staffUserId: number, t: CcmTime): Promise<number> {
  const [row] = await db
    .insert(timeEntries)
    .values({ patientId: record.patientId, hospitalId: record.hospitalId, staffUserId, program: 'CCM', activity: t.activity, interactive: t.interactive, startedAt: t.startedAt, endedAt: new Date(t.startedAt.getTime() + t.seconds * 1000), seconds: t.seconds, isAutomatic: false })
    .returning({ id: timeEntries.id });
  return row!.id;
}

/** Changes time entry `id` of the record's patient and office. */
export async function updateCcmTimeEntry(db: Executor, record: ParentRecord, id: number, t: CcmTime): Promise<void> {
  await db
    .update(timeEntries)
    .set({ activity: t.activity, interactive: t.interactive, startedAt: t.startedAt, endedAt: new Date(t.startedAt.getTime() + t.seconds * 1000), seconds: t.seconds })
    .where(and(eq(timeEntries.id, id), eq(timeEntries.patientId, record.patientId), eq(timeEntries.hospitalId, record.hospitalId)));
}

/** Deletes time entry `id` of the record's patient and office. */
export async function deleteCcmTimeEntry(db: Executor, record: ParentRecord, id: number): Promise<void> {
  await db.delete(timeEntries).where(and(eq(timeEntries.id, id), eq(timeEntries.patientId, record.patientId), eq(timeEntries.hospitalId, record.hospitalId)));
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
