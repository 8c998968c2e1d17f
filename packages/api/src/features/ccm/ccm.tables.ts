/**
 * `ccm`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Chronic care management (portal-spec.md section 2 "CCM records with these subsections",
 * section 3 "CCM record: id, date", section 7 "CCM").
 *
 * A CCM record belongs to one patient in one office. Each sub-record group (allergies now; labs,
 * vaccines, ... later) is a table of its own with the standard columns of `subRecordColumns`: the
 * record, and a copy of the record's patient and office so that the tenant filter
 * (`db/scope.ts` `officeFilter`) and the by-patient list read one table. A composite foreign key
 * keeps the copy equal to the record's, and deleting a record deletes its sub-records.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, foreignKey, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, unique, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { patientDiagnoses } from '../diagnoses/diagnoses.tables';
import { measurements } from '../measurements/measurements.tables';
import { medicalNoteDetails } from '../medical-notes/medical-notes.tables';
import { hospitals } from '../offices/offices.tables';
import { prescriptions } from '../prescriptions/prescriptions.tables';
import { timeEntries } from '../time-tracking/time-tracking.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** The columns every sub-record table starts with (see `subRecordTable`). */
const subRecordColumns = () => ({
  id: serial('id').primaryKey(),
  ccmRecordId: integer('ccm_record_id').notNull(),
  patientId: integer('patient_id').notNull(),
  hospitalId: integer('hospital_id').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
/**
 * A sub-record group's table: the standard columns (id, record, patient, office, author,
 * created/updated) plus the group's own `columns`, with the composite foreign key to the record
 * (cascading delete) and indexes for the two lists. `name` is the table's snake_case name.
 */
export function subRecordTable<const N extends string, C extends Record<string, PgColumnBuilderBase>>(name: N, columns: C, linkColumn?: keyof C & string) {
  return pgTable(name, { ...subRecordColumns(), ...columns }, (t) => [
    foreignKey({ name: `${name}_record_fk`, columns: [t.ccmRecordId, t.patientId, t.hospitalId], foreignColumns: [ccmRecords.id, ccmRecords.patientId, ccmRecords.hospitalId] }).onDelete('cascade'),
    index(`${name}_record_idx`).on(t.ccmRecordId),
    index(`${name}_patient_idx`).on(t.patientId, t.hospitalId),
    // A link group's column to another feature's row: what the record-version triggers (schema
    // `ccmRecordVersions`) and the cascading delete of that row look the link up by.
    ...(linkColumn ? [index(`${name}_link_idx`).on((t as unknown as Record<string, AnyPgColumn>)[linkColumn]!)] : []),
  ]);
}
/** bytea as a Buffer (a driver that answers the text form "\\x..." is decoded too). */
const bytea = customType<{ data: Buffer; driverData: Buffer | string }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (typeof value === 'string' ? Buffer.from(value.replace(/^\\x/, ''), 'hex') : Buffer.from(value)),
});

/** A patient's CCM record in one office. */
export const ccmRecords = pgTable(
  'ccm_records',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    /** ICD-10-CM Z55-Z65 codes (setsocialdeterminants). */
    socialDeterminants: jsonb('social_determinants').$type<string[]>().notNull().default([]),
    complexDecisionMaking: text('complex_decision_making'), // STRAIGHTFORWARD | LOW | MODERATE | HIGH
    functionalStatus: text('functional_status'),
    functionalStatusNotes: text('functional_status_notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('ccm_records_patient_idx').on(t.patientId, t.hospitalId),
    index('ccm_records_hospital_idx').on(t.hospitalId),
    // The target of the sub-records' composite foreign key.
    unique('ccm_records_id_patient_office_uq').on(t.id, t.patientId, t.hospitalId),
  ],
);

/** ccmallergy: FHIR R4 AllergyIntolerance in the spec's terms (values as in contract ccm.schemas.ts). */
export const ccmAllergies = subRecordTable('ccm_allergies', {
  allergen: text('allergen').notNull(),
  allergenCodeSystem: text('allergen_code_system').notNull().default('TEXT'), // RXNORM | SNOMED | TEXT
  allergenCode: text('allergen_code').notNull().default(''),
  category: text('category').notNull(), // MEDICATION | FOOD | ENVIRONMENT | BIOLOGIC
  reaction: text('reaction').notNull().default(''),
  severity: text('severity'), // MILD | MODERATE | SEVERE
  onsetDate: date('onset_date', { mode: 'string' }),
  status: text('status').notNull().default('ACTIVE'), // ACTIVE | INACTIVE | RESOLVED
  notes: text('notes').notNull().default(''),
});

// The other sub-record groups (contract ccm.sections.schemas.ts). Groups whose data lives in
// another feature hold only the link (docs/ccm.md "One source of truth").

/** ccmdiagnosis: the patient's diagnosis (patient_diagnoses) taken into the record, with its role. */
export const ccmDiagnoses = subRecordTable('ccm_diagnoses', {
  diagnosisId: integer('diagnosis_id')
    .notNull()
    .references(() => patientDiagnoses.id, { onDelete: 'cascade' }),
  diagnosisType: text('diagnosis_type').notNull(),
  notes: text('notes').notNull().default(''),
}, 'diagnosisId');

/** ccmconditions: a chronic condition followed by the care manager, with its course in `ccm_condition_history`. */
export const ccmConditions = subRecordTable('ccm_conditions', {
  name: text('name').notNull(),
  icd10Code: text('icd10_code').notNull().default(''),
  isPrimary: boolean('is_primary').notNull().default(false),
  severity: text('severity'),
  onsetDate: date('onset_date', { mode: 'string' }),
  historyStatus: text('history_status').notNull(),
  notes: text('notes').notNull().default(''),
});

/** One entry of a condition's course (improving, worsening, resolved, recurs, ...). */
export const ccmConditionHistory = pgTable(
  'ccm_condition_history',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => ccmConditions.id, { onDelete: 'cascade' }),
    /** The condition's office, for the tenant filter. */
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    status: text('status').notNull(),
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ccm_condition_history_condition_idx').on(t.conditionId)],
);

/** ccmcareplan: the comprehensive care plan with the CMS elements (goals and interventions as JSON lists). */
export const ccmCarePlans = subRecordTable('ccm_care_plans', {
  title: text('title').notNull(),
  planType: text('plan_type').notNull(),
  status: text('status').notNull(),
  problemList: text('problem_list').notNull(),
  expectedOutcome: text('expected_outcome').notNull(),
  prognosis: text('prognosis').notNull(),
  goals: jsonb('goals').$type<unknown[]>().notNull(),
  symptomManagement: text('symptom_management').notNull(),
  interventions: jsonb('interventions').$type<unknown[]>().notNull(),
  medicationManagement: text('medication_management').notNull(),
  communityServices: text('community_services').notNull().default(''),
  coordination: text('coordination').notNull().default(''),
  reviewDate: date('review_date', { mode: 'string' }).notNull(),
  /** The local day the care plan was established (complex CCM 99487: established or substantially revised in the month). */
  establishedOn: date('established_on', { mode: 'string' }),
  /** The local day of its latest substantial revision, null when never revised (complex CCM, docs/billing-engine.md). */
  revisedOn: date('revised_on', { mode: 'string' }),
});

/** ccmmedicationevent: an event of one of the patient's prescriptions. */
export const ccmMedicationEvents = subRecordTable('ccm_medication_events', {
  prescriptionId: integer('prescription_id')
    .notNull()
    .references(() => prescriptions.id, { onDelete: 'cascade' }),
  eventType: text('event_type').notNull(),
  eventDate: date('event_date', { mode: 'string' }).notNull(),
  frequency: text('frequency'),
  notes: text('notes').notNull().default(''),
}, 'prescriptionId');

/** vitalentry: a manual measurement (measurements) taken into the record. */
export const ccmVitalEntries = subRecordTable('ccm_vital_entries', {
  measurementId: bigint('measurement_id', { mode: 'number' })
    .notNull()
    .references(() => measurements.id, { onDelete: 'cascade' }),
  vitalType: text('vital_type').notNull(),
  includeInMedicalNote: boolean('include_in_medical_note').notNull().default(true),
  notes: text('notes').notNull().default(''),
}, 'measurementId');

/** ccmmedicalnote: a medical note (medical_note_details, program CCM) written in the record. */
export const ccmMedicalNotes = subRecordTable('ccm_medical_notes', {
  medicalNoteDetailId: integer('medical_note_detail_id')
    .notNull()
    .references(() => medicalNoteDetails.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  noteType: text('note_type').notNull(),
}, 'medicalNoteDetailId');

export const ccmObservations = subRecordTable('ccm_observations', {
  category: text('category').notNull(),
  loincCode: text('loinc_code').notNull().default(''),
  name: text('name').notNull(),
  value: text('value').notNull(),
  unit: text('unit').notNull().default(''),
  observedOn: date('observed_on', { mode: 'string' }).notNull(),
  notes: text('notes').notNull().default(''),
});

export const ccmAttachments = subRecordTable('ccm_attachments', {
  title: text('title').notNull(),
  documentType: text('document_type').notNull(),
  documentDate: date('document_date', { mode: 'string' }).notNull(),
  notes: text('notes').notNull().default(''),
});

/** ccmconsentform: the patient's consent to a care-management program (CMS: verbal or written, documented). */
export const ccmConsentForms = subRecordTable('ccm_consent_forms', {
  program: text('program').notNull(), // CCM | PCM | APCM
  consentType: text('consent_type').notNull(), // VERBAL | WRITTEN
  method: text('method').notNull(),
  consentDate: date('consent_date', { mode: 'string' }).notNull(),
  obtainedBy: text('obtained_by').notNull(),
  status: text('status').notNull().default('ACTIVE'), // ACTIVE | REVOKED
  /**
   * The local day the patient revoked the consent (REVOKED rows; null while ACTIVE). CMS: the
   * patient may stop CCM at any time, effective at the end of the calendar month, so the month of
   * revocation still bills (docs/billing-engine.md "Consent").
   */
  revokedOn: date('revoked_on', { mode: 'string' }),
  notes: text('notes').notNull().default(''),
});

export const ccmImaging = subRecordTable('ccm_imaging', {
  modality: text('modality').notNull(),
  bodyPart: text('body_part').notNull(),
  studyDate: date('study_date', { mode: 'string' }).notNull(),
  description: text('description').notNull(),
  findings: text('findings').notNull().default(''),
});

export const ccmVaccines = subRecordTable('ccm_vaccines', {
  cvxCode: text('cvx_code').notNull(),
  manufacturer: text('manufacturer'),
  lotNumber: text('lot_number').notNull().default(''),
  administeredOn: date('administered_on', { mode: 'string' }).notNull(),
  site: text('site'),
  route: text('route'),
  dose: text('dose'),
  status: text('status').notNull(),
  notes: text('notes').notNull().default(''),
});

export const ccmLabs = subRecordTable('ccm_labs', {
  panel: text('panel').notNull(),
  specimen: text('specimen').notNull(),
  testName: text('test_name').notNull(),
  loincCode: text('loinc_code').notNull().default(''),
  value: text('value').notNull(),
  unit: text('unit'),
  referenceRange: text('reference_range').notNull().default(''),
  interpretation: text('interpretation'),
  source: text('source').notNull(),
  collectedOn: date('collected_on', { mode: 'string' }).notNull(),
  notes: text('notes').notNull().default(''),
});

/** ccmtimelogentry: a time-tracking entry (time_entries, program CCM) counted in the record; each entry in one record at most. */
export const ccmTimeLogEntries = subRecordTable('ccm_time_log_entries', {
  timeEntryId: bigint('time_entry_id', { mode: 'number' })
    .notNull()
    .unique('ccm_time_log_entries_entry_uq')
    .references(() => timeEntries.id, { onDelete: 'cascade' }),
});

/**
 * The file of an attachment, a consent form (the signed document) or an imaging study
 * (portal-spec.md section 7 "ccmattachment, ccmconsentform and ccmimaging carry file blobs";
 * docs/ccm.md "Files"): at most one per row, exactly one of the three row ids set, deleted with its
 * row. Kept apart from the group tables so that their lists and the record's one-statement read
 * never carry the bytes.
 */
export const ccmFiles = pgTable(
  'ccm_files',
  {
    id: serial('id').primaryKey(),
    attachmentId: integer('attachment_id')
      .unique('ccm_files_attachment_uq')
      .references(() => ccmAttachments.id, { onDelete: 'cascade' }),
    consentFormId: integer('consent_form_id')
      .unique('ccm_files_consent_form_uq')
      .references(() => ccmConsentForms.id, { onDelete: 'cascade' }),
    imagingId: integer('imaging_id')
      .unique('ccm_files_imaging_uq')
      .references(() => ccmImaging.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [check('ccm_files_one_row_ck', sql`num_nonnulls(${t.attachmentId}, ${t.consentFormId}, ${t.imagingId}) = 1`)],
);

/**
 * The version of each CCM record's full answer (`GET ccmrecord/{id}`, docs/ccm.md "Record answer
 * cache and ETag"): a number from the sequence `ccm_record_version_seq`, taken anew by triggers
 * (migration, hand-written part) in the writing transaction on every write that changes what the
 * answer shows: the record row, the rows of its 14 sections, a condition's history, a file's
 * details, and the linked rows a section shows (a diagnosis's code, description and status; a
 * prescription's name and dose; a manual reading's time and values; a note detail's text and its
 * note's month; a time entry's staff, start, seconds, activity and call flag). A record read with
 * the same version is the same answer, whichever API process built it. No foreign key: a version is
 * never reused, and a record's rows may bump it while the record itself is being deleted.
 */
export const ccmRecordVersions = pgTable('ccm_record_versions', {
  ccmRecordId: integer('ccm_record_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
