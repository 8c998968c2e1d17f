import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CcmTimelineEvent, CcmTimelineKind } from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  ccmAllergies,
  ccmAttachments,
  ccmCarePlans,
  ccmConditionHistory,
  ccmConditions,
  ccmConsentForms,
  ccmDiagnoses,
  ccmFiles,
  ccmImaging,
  ccmLabs,
  ccmMedicalNotes,
  ccmMedicationEvents,
  ccmObservations,
  ccmRecords,
  ccmTimeLogEntries,
  ccmVaccines,
  ccmVitalEntries,
  patientDiagnoses,
  prescriptions,
  timeEntries,
} from '../../db/schema/index';

type AnyTable = PgTable & { id: AnyPgColumn; ccmRecordId: AnyPgColumn; createdAt: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * The added and changed events of one group's rows of record `recordId`: added at `created_at`,
 * changed at `updated_at` when it is more than a second after (an edit, not the insert itself).
 */
function rowEvents(table: AnyTable, group: string, kind: CcmTimelineKind, recordId: number, label: SQL, detail: SQL = sql`''`): SQL {
  return sql`select ${table.createdAt} as at, ${kind}::text as kind, 'added'::text as action, ${group}::text as grp, ${table.id} as row_id, (${label})::text as label, (${detail})::text as detail from ${table} where ${table.ccmRecordId} = ${recordId}
    union all
    select ${table.updatedAt}, ${kind}::text, 'changed'::text, ${group}::text, ${table.id}, (${label})::text, (${detail})::text from ${table} where ${table.ccmRecordId} = ${recordId} and ${table.updatedAt} > ${table.createdAt} + interval '1 second'`;
}

/** The events of record `recordId` (docs/ccm.md "Timeline") as one UNION ALL statement's parts. */
function eventParts(recordId: number): SQL[] {
  return [
    sql`select ${ccmRecords.createdAt} as at, 'record'::text as kind, 'opened'::text as action, null::text as grp, null::int as row_id, ${ccmRecords.recordDate}::text as label, ''::text as detail from ${ccmRecords} where ${ccmRecords.id} = ${recordId}`,
    rowEvents(ccmConditions, 'ccmconditions', 'condition', recordId, sql`${ccmConditions.name}`, sql`${ccmConditions.historyStatus}`),
    sql`select ${ccmConditionHistory.createdAt}, 'condition'::text, 'course'::text, 'ccmconditions'::text, ${ccmConditions.id}, ${ccmConditions.name}::text, ${ccmConditionHistory.status}::text from ${ccmConditionHistory} inner join ${ccmConditions} on ${ccmConditions.id} = ${ccmConditionHistory.conditionId} where ${ccmConditions.ccmRecordId} = ${recordId}`,
    rowEvents(ccmDiagnoses, 'ccmdiagnosis', 'section', recordId, sql`coalesce((select ${patientDiagnoses.description} from ${patientDiagnoses} where ${patientDiagnoses.id} = ${ccmDiagnoses.diagnosisId}), '')`, sql`${ccmDiagnoses.diagnosisType}`),
    rowEvents(ccmCarePlans, 'ccmcareplan', 'carePlan', recordId, sql`${ccmCarePlans.title}`, sql`${ccmCarePlans.status}`),
    rowEvents(ccmMedicationEvents, 'ccmmedicationevent', 'section', recordId, sql`coalesce((select ${prescriptions.medicationName} from ${prescriptions} where ${prescriptions.id} = ${ccmMedicationEvents.prescriptionId}), '')`, sql`${ccmMedicationEvents.eventType}`),
    rowEvents(ccmVitalEntries, 'vitalentry', 'section', recordId, sql`${ccmVitalEntries.vitalType}`),
    rowEvents(ccmMedicalNotes, 'ccmmedicalnote', 'note', recordId, sql`${ccmMedicalNotes.title}`, sql`${ccmMedicalNotes.noteType}`),
    rowEvents(ccmObservations, 'ccmobservation', 'section', recordId, sql`${ccmObservations.name}`),
    rowEvents(ccmAllergies, 'ccmallergy', 'section', recordId, sql`${ccmAllergies.allergen}`),
    rowEvents(ccmVaccines, 'ccmvaccine', 'section', recordId, sql`${ccmVaccines.cvxCode}`),
    rowEvents(ccmImaging, 'ccmimaging', 'section', recordId, sql`${ccmImaging.description}`),
    rowEvents(ccmLabs, 'ccmlab', 'section', recordId, sql`${ccmLabs.testName}`),
    rowEvents(ccmAttachments, 'ccmattachment', 'section', recordId, sql`${ccmAttachments.title}`),
    rowEvents(ccmConsentForms, 'ccmconsentform', 'consent', recordId, sql`${ccmConsentForms.program}`, sql`${ccmConsentForms.status}`),
    // Time log: the time entry itself, when the care was given (its minutes), a call when interactive.
    sql`select ${timeEntries.startedAt}, (case when ${timeEntries.interactive} then 'call' else 'time' end)::text, 'logged'::text, 'ccmtimelogentry'::text, ${ccmTimeLogEntries.id}, ${timeEntries.activity}::text, round(coalesce(${timeEntries.seconds}, 0) / 60.0)::int::text from ${ccmTimeLogEntries} inner join ${timeEntries} on ${timeEntries.id} = ${ccmTimeLogEntries.timeEntryId} where ${ccmTimeLogEntries.ccmRecordId} = ${recordId}`,
    // Files: uploaded on an attachment, consent form or imaging study of the record.
    ...([
      [ccmAttachments, ccmFiles.attachmentId, 'ccmattachment'],
      [ccmConsentForms, ccmFiles.consentFormId, 'ccmconsentform'],
      [ccmImaging, ccmFiles.imagingId, 'ccmimaging'],
    ] as const).map(
      ([table, column, group]) =>
        sql`select ${ccmFiles.createdAt}, 'file'::text, 'uploaded'::text, ${group}::text, ${table.id}, ${ccmFiles.fileName}::text, ${ccmFiles.contentType}::text from ${ccmFiles} inner join ${table} on ${table.id} = ${column} where ${table.ccmRecordId} = ${recordId}`,
    ),
  ];
}

/**
 * A page of record `recordId`'s events, newest first (ties: group, then row, newest first),
 * `kind` alone when given, with the total; the caller has checked the record is in scope.
 * Derived from the rows' own times (no event table): see docs/ccm.md "Timeline".
 */
export async function readTimeline(db: Executor, recordId: number, kind: CcmTimelineKind | undefined, limit: number, offset: number): Promise<{ items: CcmTimelineEvent[]; total: number }> {
  const union = sql.join(eventParts(recordId), sql` union all `);
  const where = kind ? sql`where e.kind = ${kind}::text` : sql``;
  const result = (await db.execute(
    sql`select e.at, e.kind, e.action, e.grp, e.row_id, e.label, e.detail, count(*) over () as total from (${union}) e ${where} order by e.at desc, e.grp nulls last, e.row_id desc nulls last limit ${limit} offset ${offset}`,
  )) as unknown as { rows: { at: string | Date; kind: CcmTimelineEvent['kind']; action: CcmTimelineEvent['action']; grp: string | null; row_id: number | null; label: string; detail: string; total: string | number }[] };
  const rows = result.rows;
  const items = rows.map((r) => ({ at: new Date(r.at).toISOString(), kind: r.kind, action: r.action, group: r.grp, rowId: r.row_id === null ? null : Number(r.row_id), label: r.label, detail: r.detail }));
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && offset > 0) {
    const counted = (await db.execute(sql`select count(*) as total from (${union}) e ${where}`)) as unknown as { rows: { total: string | number }[] };
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { items, total };
}
