/**
 * Chronic care management (portal-spec.md section 2 "CCM records with these subsections",
 * section 3 "CCM record: id, date", section 7 "CCM").
 *
 * A CCM record belongs to one patient in one office. Each sub-record group (allergies now; labs,
 * vaccines, ... later) is a table of its own with the standard columns of `subRecordColumns`: the
 * record, and a copy of the record's patient and office so that the tenant filter
 * (`db/scope.ts` `officeFilter`) and the by-patient list read one table. A composite foreign key
 * keeps the copy equal to the record's, and deleting a record deletes its sub-records.
 */
import { date, foreignKey, index, integer, pgTable, serial, smallint, text, timestamp, unique, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { hospitals, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
export function subRecordTable<const N extends string, C extends Record<string, PgColumnBuilderBase>>(name: N, columns: C) {
  return pgTable(name, { ...subRecordColumns(), ...columns }, (t) => [
    foreignKey({ name: `${name}_record_fk`, columns: [t.ccmRecordId, t.patientId, t.hospitalId], foreignColumns: [ccmRecords.id, ccmRecords.patientId, ccmRecords.hospitalId] }).onDelete('cascade'),
    index(`${name}_record_idx`).on(t.ccmRecordId),
    index(`${name}_patient_idx`).on(t.patientId, t.hospitalId),
  ]);
}

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
