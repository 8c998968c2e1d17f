/**
 * `diagnoses`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Diagnoses in ICD-10-CM (portal-spec.md section 7 "Diagnosis and prescriptions"; docs/diagnoses.md).
 *
 * - `icd10cm_releases`: every load of the code set (the vendored FY2025 list at first start, or an
 *   official CDC/CMS code file a system admin imports); exactly one is `current`.
 * - `icd10cm_codes`: the current release's codes, replaced whole by a new release. Global
 *   reference data (no tenant). `search_text` is the lower-case description followed by the
 *   alphabetic index terms that lead to the code, searched with pg_trgm (migration hand-written part).
 * - `patient_diagnoses`: a patient's problem list. A row copies the code's description, so a later
 *   release that drops or renames a code leaves the record as it was written. A row without a code
 *   is an uncoded problem (imported from FHIR with another code system, e.g. SNOMED CT) waiting for a
 *   clinician to code it; it keeps the source system, code and text.
 */
import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** bytea as a Buffer (a driver that answers the text form "\\x..." is decoded too). */
const bytea = customType<{ data: Buffer; driverData: Buffer | string }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (typeof value === 'string' ? Buffer.from(value.replace(/^\\x/, ''), 'hex') : Buffer.from(value)),
});

/** One load of the ICD-10-CM code set. */
export const icd10cmReleases = pgTable('icd10cm_releases', {
  id: serial('id').primaryKey(),
  /** The release as named by its file or the vendored data ("FY2025", "icd10cm_order_2026.txt"). */
  label: text('label').notNull(),
  /** 'vendored' (packages/api/data/icd10cm) or 'upload' (a file a system admin imported). */
  source: text('source').notNull(),
  fileName: text('file_name').notNull().default(''),
  /** queued | running | done | failed. */
  status: text('status').notNull().default('queued'),
  codeCount: integer('code_count').notNull().default(0),
  billableCount: integer('billable_count').notNull().default(0),
  /** The uploaded file while it waits for its job; cleared once read. */
  upload: bytea('upload'),
  /** English, no PHI (the file's line number and what was wrong). */
  error: text('error'),
  isCurrent: boolean('is_current').notNull().default(false),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

/** The codes of the current ICD-10-CM release. */
export const icd10cmCodes = pgTable(
  'icd10cm_codes',
  {
    /** With its dot: "E11.9". */
    code: text('code').primaryKey(),
    /** Without the dot, upper case: "E119" (code-prefix search). */
    codeCompact: text('code_compact').notNull(),
    description: text('description').notNull(),
    /** Valid for HIPAA-covered transactions: the only codes a diagnosis may carry. */
    billable: boolean('billable').notNull(),
    /** The three-character category ("E11"). */
    category: text('category').notNull(),
    /** Tabular-list chapter 1-22 when known. */
    chapter: smallint('chapter'),
    /** Alphabetic-index terms that lead to this code, " | "-separated. */
    terms: text('terms').notNull().default(''),
    /** lower(description || ' | ' || terms): what the word search reads. */
    searchText: text('search_text').notNull(),
  },
  (t) => [index('icd10cm_codes_category_idx').on(t.category)],
);

/**
 * The distinct words (4 letters or more) of the current release's descriptions and index terms:
 * the dictionary a misspelt search word is corrected against (pg_trgm similarity on short words,
 * docs/diagnoses.md "Search"). Rebuilt with the codes.
 */
export const icd10cmWords = pgTable('icd10cm_words', {
  word: text('word').primaryKey(),
});

/** A patient's diagnosis (problem-list entry). */
export const patientDiagnoses = pgTable(
  'patient_diagnoses',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ICD-10-CM code with its dot; null for an uncoded problem. */
    code: text('code'),
    description: text('description').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    onsetDate: date('onset_date', { mode: 'string' }),
    /** active | resolved | inactive. */
    status: text('status').notNull().default('active'),
    /** Where it came from: 'manual' or 'fhir'. */
    source: text('source').notNull().default('manual'),
    /** An uncoded problem's source coding (FHIR Coding.system / code), kept for the clinician. */
    sourceSystem: text('source_system'),
    sourceCode: text('source_code'),
    /** The FHIR Condition's id, for an idempotent re-import. */
    fhirId: text('fhir_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('patient_diagnoses_patient_idx').on(t.patientId),
    uniqueIndex('patient_diagnoses_one_primary_uq').on(t.patientId).where(sql`${t.isPrimary}`),
    uniqueIndex('patient_diagnoses_fhir_uq').on(t.patientId, t.fhirId),
  ],
);
