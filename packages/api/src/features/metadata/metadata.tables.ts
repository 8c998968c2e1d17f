/**
 * `metadata`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * The per-role details of a user: doctor (with specializations), nurse and patient metadata.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';
import { verifiers } from '../verifiers/verifiers.tables';

export const doctorMetadata = pgTable('doctor_metadata', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  licenceId: text('licence_id').notNull().default(''),
  npi: text('npi').notNull().default(''),
  metadataInfo: jsonb('metadata_info').$type<Record<string, unknown>>().notNull().default({}),
});

/** Doctor specializations: verifiers of the SPECIALIZATION_TYPE domain. */
export const doctorSpecializations = pgTable(
  'doctor_specializations',
  {
    doctorMetadataId: integer('doctor_metadata_id')
      .notNull()
      .references(() => doctorMetadata.id, { onDelete: 'cascade' }),
    verifierId: integer('verifier_id')
      .notNull()
      .references(() => verifiers.id),
  },
  (t) => [primaryKey({ columns: [t.doctorMetadataId, t.verifierId] })],
);

export const nurseMetadata = pgTable('nurse_metadata', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  licenceId: text('licence_id').notNull().default(''),
  metadataInfo: jsonb('metadata_info').$type<Record<string, unknown>>().notNull().default({}),
});

export const patientMetadata = pgTable('patient_metadata', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  heightInCm: numeric('height_in_cm', { mode: 'number' }),
  weightInKg: numeric('weight_in_kg', { mode: 'number' }),
  idealWeightCalculatedInKg: numeric('ideal_weight_calculated_in_kg', { mode: 'number' }),
  medicalRegistrationNumber: text('medical_registration_number').notNull().default(''),
  patientIdentifier: text('patient_identifier').notNull().default(''),
  ssn: text('ssn').notNull().default(''), // never in lists or logs
  diagnose: text('diagnose').notNull().default(''),
  prescriptions: text('prescriptions').notNull().default(''),
  metadataInfo: jsonb('metadata_info').$type<Record<string, unknown>>().notNull().default({}),
  /** Lower-case "identifier record-number" (kept by the database) for list searches. */
  searchText: text('search_text').generatedAlwaysAs(sql`lower(patient_identifier || ' ' || medical_registration_number)`),
}, (t) => [index('patient_metadata_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops'))]);
