/**
 * The patient of a record, for audited calls keyed by a record's own id (contract
 * `AuditDecl.record`; docs/audit.md "Calls keyed by a record"). One statement per kind of record:
 * keys in, `(key, patient user id)` rows out. The trail's writer (`lib/audit-trail.ts`) runs one
 * statement per kind present in an append, so a request pays nothing; a DELETE's route reads its
 * patient before the handler removes the row (`lib/audit-route.ts`).
 *
 * These reads are deliberately NOT tenant-scoped (db/scope.ts): they never reach an answer, and an
 * attempt at another organization's record must name that record's real patient in the trail (the
 * auditor of that organization sees it; a caller's own organization sees the patient's name only
 * when it may see the patient: features/audit).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Role, type AuditRecordKind } from '@vigil/contract';
import type { Executor } from '../db/client';
import {
  appointmentNotes,
  appointments,
  ccmAllergies,
  ccmAttachments,
  ccmCarePlans,
  ccmConditionHistory,
  ccmConditions,
  ccmConsentForms,
  ccmDiagnoses,
  ccmImaging,
  ccmLabs,
  ccmMedicalNotes,
  ccmMedicationEvents,
  ccmObservations,
  ccmRecords,
  ccmTimeLogEntries,
  ccmVaccines,
  ccmVitalEntries,
  ecpLogs,
  ecpOutbound,
  hubs,
  licenseAssignments,
  medicalDevices,
  medicalNoteDetails,
  medicalNotes,
  medicalTeams,
  measurements,
  notifications,
  patientDiagnoses,
  patientMetadata,
  patientPresence,
  prescriptions,
  publicLinks,
  surveyLinks,
  surveyRecurrences,
  surveys,
  timeEntries,
  treatmentPlanDevices,
  treatmentPlans,
  users,
  videoCallRings,
  videoCalls,
  visitInvitations,
} from '../db/schema/index';

/**
 * A record key from a call's input: a row id, or for a text kind the text (for `patientIdentifier`
 * prefixed by the caller's organization, `recordKeyOf`: identifiers are unique per organization only).
 */
export type RecordKey = number | string;

/** One row of a lookup: the record's key and its patient (null when the row names none). */
export interface PatientOfRecord {
  key: RecordKey;
  patientId: number | null;
}

interface PatientLookup {
  /** The key's type: an integer row id, or text. */
  key: 'id' | 'text';
  /** The patients of the records `keys` names (absent keys are left out). */
  read: (db: Executor, keys: RecordKey[]) => Promise<PatientOfRecord[]>;
}

const ids = (keys: RecordKey[]) => keys.filter((k): k is number => typeof k === 'number');
const texts = (keys: RecordKey[]) => keys.filter((k): k is string => typeof k === 'string');
/**
 * `column = any($1)` with the keys as ONE array parameter: the statement's text is the same for
 * any number of keys, so the pool prepares it once (db/client.ts nameRepeatedStatements), where
 * `in ($1, $2, ...)` would be a new text for every batch size.
 */
const anyId = (column: PgColumn, keys: RecordKey[]) => sql`${column} = any(${sql.param(ids(keys))}::int[])`;
const anyText = (column: PgColumn, keys: RecordKey[]) => sql`${column} = any(${sql.param(texts(keys))}::text[])`;

/** A table whose own column names the patient. */
function direct(table: PgTable, id: PgColumn, patient: PgColumn): PatientLookup {
  return {
    key: 'id',
    read: (db, keys) => db.select({ key: id, patientId: patient }).from(table).where(anyId(id, keys)) as Promise<PatientOfRecord[]>,
  };
}

/** A table with its own `patient_id` column (most of them: every CCM sub-record table has one). */
const own = (table: PgTable & { id: PgColumn; patientId: PgColumn }): PatientLookup => direct(table, table.id, table.patientId);

/** A table whose parent row names the patient: `id` of `table`, joined on `fk` = `parentId`. */
function viaParent(table: PgTable, id: PgColumn, fk: PgColumn, parent: PgTable, parentId: PgColumn, patient: PgColumn): PatientLookup {
  return {
    key: 'id',
    read: (db, keys) =>
      db
        .select({ key: id, patientId: patient })
        .from(table)
        .innerJoin(parent, eq(parentId, fk))
        .where(anyId(id, keys)) as Promise<PatientOfRecord[]>,
  };
}

/** Each kind of record and how its patient is read. Exhaustive over the contract's kinds. */
export const PATIENT_LOOKUPS: Record<AuditRecordKind, PatientLookup> = {
  ccmRecord: own(ccmRecords),
  // The CCM sub-record tables carry their record's patient (features/ccm/ccm.tables.ts `subRecordTable`).
  ccmallergy: own(ccmAllergies),
  ccmdiagnosis: own(ccmDiagnoses),
  ccmconditions: own(ccmConditions),
  ccmcareplan: own(ccmCarePlans),
  ccmmedicationevent: own(ccmMedicationEvents),
  vitalentry: own(ccmVitalEntries),
  ccmmedicalnote: own(ccmMedicalNotes),
  ccmobservation: own(ccmObservations),
  ccmattachment: own(ccmAttachments),
  ccmconsentform: own(ccmConsentForms),
  ccmimaging: own(ccmImaging),
  ccmvaccine: own(ccmVaccines),
  ccmlab: own(ccmLabs),
  ccmtimelogentry: own(ccmTimeLogEntries),
  ccmConditionHistory: viaParent(ccmConditionHistory, ccmConditionHistory.id, ccmConditionHistory.conditionId, ccmConditions, ccmConditions.id, ccmConditions.patientId),
  appointment: own(appointments),
  appointmentNote: viaParent(appointmentNotes, appointmentNotes.id, appointmentNotes.appointmentId, appointments, appointments.id, appointments.patientId),
  visitInvitation: viaParent(visitInvitations, visitInvitations.id, visitInvitations.appointmentId, appointments, appointments.id, appointments.patientId),
  // A ring belongs to a call, the call to a visit (appointment) when it has one.
  videoCallRing: {
    key: 'id',
    read: (db, keys) =>
      db
        .select({ key: videoCallRings.id, patientId: appointments.patientId })
        .from(videoCallRings)
        .innerJoin(videoCalls, eq(videoCalls.id, videoCallRings.callId))
        .leftJoin(appointments, eq(appointments.id, videoCalls.appointmentId))
        .where(anyId(videoCallRings.id, keys)),
  },
  prescription: own(prescriptions),
  patientDiagnosis: own(patientDiagnoses),
  survey: own(surveys),
  surveyLink: own(surveyLinks),
  surveyRecurrence: own(surveyRecurrences),
  // A client monitoring plan (an office's plan) names no patient: null.
  treatmentPlan: own(treatmentPlans),
  treatmentPlanDevice: viaParent(treatmentPlanDevices, treatmentPlanDevices.id, treatmentPlanDevices.treatmentPlanId, treatmentPlans, treatmentPlans.id, treatmentPlans.patientId),
  timeEntry: own(timeEntries),
  medicalNote: own(medicalNotes),
  medicalNoteDetail: viaParent(medicalNoteDetails, medicalNoteDetails.id, medicalNoteDetails.medicalNoteId, medicalNotes, medicalNotes.id, medicalNotes.patientId),
  hub: direct(hubs, hubs.id, hubs.assignedToUserId),
  medicalDevice: own(medicalDevices),
  patientPresence: own(patientPresence),
  publicLink: own(publicLinks),
  notification: direct(notifications, notifications.id, notifications.relatedPatientId),
  // The licence's holder now; a licence no one holds names none.
  license: {
    key: 'id',
    read: (db, keys) =>
      db
        .select({ key: licenseAssignments.licenseId, patientId: licenseAssignments.patientId })
        .from(licenseAssignments)
        .where(and(anyId(licenseAssignments.licenseId, keys), isNull(licenseAssignments.endedAt)))
        .orderBy(desc(licenseAssignments.assignedAt)),
  },
  // A resident's log names the patient it was mapped to; a staff member's log names none.
  ecpLog: {
    key: 'id',
    read: (db, keys) =>
      db
        .select({ key: ecpLogs.id, patientId: sql<number | null>`case when ${ecpLogs.kind} = 'resident' then ${ecpLogs.vigilUserId} end` })
        .from(ecpLogs)
        .where(anyId(ecpLogs.id, keys)),
  },
  // Any user: recorded as the patient only when that user is one.
  user: {
    key: 'id',
    read: (db, keys) => db.select({ key: users.id, patientId: users.id }).from(users).where(and(anyId(users.id, keys), eq(users.roleId, Role.PATIENT))),
  },
  medicalTeam: own(medicalTeams),
  deviceIdentifier: {
    key: 'text',
    read: (db, keys) =>
      db
        .select({ key: medicalDevices.deviceIdentifier, patientId: medicalDevices.patientId })
        .from(medicalDevices)
        .where(anyText(medicalDevices.deviceIdentifier, keys)),
  },
  // An outbound reading to the ECP names its reading's patient.
  ecpOutbound: viaParent(ecpOutbound, ecpOutbound.id, ecpOutbound.measurementId, measurements, measurements.id, measurements.patientId),
  // "<organization id>:<identifier>": the one patient of that organization with that identifier,
  // else (a number) the patient with that user id, as features/measurements resolves it.
  patientIdentifier: {
    key: 'text',
    read: async (db, keys) => {
      const out: PatientOfRecord[] = [];
      for (const key of texts(keys)) {
        const colon = key.indexOf(':');
        const organizationId = Number(key.slice(0, colon));
        const identifier = key.slice(colon + 1);
        const byIdentifier = await db
          .select({ patientId: users.id })
          .from(patientMetadata)
          .innerJoin(users, eq(users.id, patientMetadata.userId))
          .where(
            and(
              eq(patientMetadata.patientIdentifier, identifier),
              eq(users.roleId, Role.PATIENT),
              organizationId > 0 ? eq(users.organizationId, organizationId) : undefined,
            ),
          )
          .limit(2);
        if (byIdentifier.length === 1) { out.push({ key, patientId: byIdentifier[0]!.patientId }); }
        else if (byIdentifier.length === 0 && /^\d{1,9}$/.test(identifier)) {
          const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, Number(identifier)), eq(users.roleId, Role.PATIENT)));
          if (user) { out.push({ key, patientId: user.id }); }
        }
      }
      return out;
    },
  },
};

/**
 * The key a record plan reads from a call's input: a positive int4 id (number or digit string)
 * for id kinds, non-empty text (at most 200 characters) for text kinds, the patient identifier
 * prefixed with the caller's organization (0 for none); null when the input holds none (a refused
 * call's raw input may hold anything).
 */
export function recordKeyOf(kind: AuditRecordKind, value: unknown, organizationId: number | null): RecordKey | null {
  if (PATIENT_LOOKUPS[kind].key === 'text') {
    if (typeof value !== 'string' || value.length === 0 || value.length > 200) { return null; }
    return kind === 'patientIdentifier' ? `${organizationId ?? 0}:${value.trim()}` : value;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * The patients of many records at once: one statement per kind. Answers a map per kind from key to
 * patient id (a key without a row, or whose row names no patient, is absent).
 */
export async function readPatientsOfRecords(db: Executor, wanted: Map<AuditRecordKind, Set<RecordKey>>): Promise<Map<AuditRecordKind, Map<RecordKey, number>>> {
  const out = new Map<AuditRecordKind, Map<RecordKey, number>>();
  for (const [kind, keys] of wanted) {
    const found = new Map<RecordKey, number>();
    if (keys.size > 0) {
      for (const row of await PATIENT_LOOKUPS[kind].read(db, [...keys])) {
        if (row.patientId !== null && !found.has(row.key)) { found.set(row.key, row.patientId); }
      }
    }
    out.set(kind, found);
  }
  return out;
}

/** The patient of one record, or null (no row, or the row names no patient). */
export async function readPatientOfRecord(db: Executor, kind: AuditRecordKind, key: RecordKey): Promise<number | null> {
  const found = await readPatientsOfRecords(db, new Map([[kind, new Set([key])]]));
  return found.get(kind)?.get(key) ?? null;
}
