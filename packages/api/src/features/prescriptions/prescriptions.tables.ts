/**
 * `prescriptions`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Prescriptions and the drug products they name (portal-spec.md section 7 "Diagnosis and
 * prescriptions"; docs/prescriptions.md).
 *
 * `drug_products` holds products in the FDA NDC Directory's terms (product.txt columns), from two
 * sources: the FDA file an admin loads (`fda-ndc`, keyed by PRODUCTID) and Vigil's default data
 * set (`vigil-default`, packages/api/data/drugs/, keyed by its own key). The search reads
 * `search_text` (trigram index) and the prefix indexes; `drug_search_words` holds the distinct words
 * of the products for the typo-tolerant fallback (pg_trgm's "similar words" recipe).
 */
import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
/** One active ingredient as stored: openFDA's { name, strength }. */
export interface StoredIngredient {
  name: string;
  strength: string;
}

/** A drug product (FDA NDC Directory product.txt row, or a row of Vigil's default data set). */
export const drugProducts = pgTable(
  'drug_products',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(), // fda-ndc | vigil-default
    sourceKey: text('source_key').notNull(), // PRODUCTID, or the default data set's key
    productNdc: text('product_ndc').notNull().default(''),
    rxcui: text('rxcui').notNull().default(''),
    brandName: text('brand_name').notNull().default(''),
    brandNameBase: text('brand_name_base').notNull().default(''),
    brandNameSuffix: text('brand_name_suffix').notNull().default(''),
    genericName: text('generic_name').notNull().default(''),
    labelerName: text('labeler_name').notNull().default(''),
    activeIngredients: jsonb('active_ingredients').$type<StoredIngredient[]>().notNull().default([]),
    /** The active moieties of the ingredients (prescriptions/ingredients.ts), for the duplicate warning. */
    ingredientKeys: text('ingredient_keys').array().notNull().default([]),
    dosageForm: text('dosage_form').notNull().default(''),
    routes: text('routes').array().notNull().default([]),
    productType: text('product_type').notNull().default(''),
    marketingCategory: text('marketing_category').notNull().default(''),
    applicationNumber: text('application_number').notNull().default(''),
    marketingStartDate: text('marketing_start_date').notNull().default(''), // YYYYMMDD as in the file
    marketingEndDate: text('marketing_end_date').notNull().default(''),
    pharmClasses: text('pharm_classes').array().notNull().default([]),
    deaSchedule: text('dea_schedule').notNull().default(''),
    finished: boolean('finished').notNull().default(true),
    /** Lower-case brand, generic, ingredient names, strengths and NDC: what the search matches. */
    searchText: text('search_text').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('drug_products_source_key_uq').on(t.source, t.sourceKey), index('drug_products_rxcui_idx').on(t.rxcui)],
);

/**
 * The drug catalogue's version (one row, id 1): every statement that writes `drug_products` takes
 * a new number from a sequence in the writing transaction (hand-written trigger of the migration
 * "drug_catalogue_version"), so a process that reads the same number knows its cached search
 * answers are still the database's (docs/prescriptions.md "Search").
 */
export const drugCatalogueVersion = pgTable('drug_catalogue_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** The distinct words (3+ characters) of the products' search texts: the typo-tolerant search's dictionary. */
export const drugSearchWords = pgTable('drug_search_words', {
  word: text('word').primaryKey(),
});

/** A patient's prescription (medication list entry) in one office. */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    drugProductId: integer('drug_product_id').references(() => drugProducts.id, { onDelete: 'set null' }),
    /** The product's name as shown when prescribed (or the imported text): kept when the product goes. */
    medicationName: text('medication_name').notNull(),
    productNdc: text('product_ndc').notNull().default(''),
    rxcui: text('rxcui').notNull().default(''),
    activeIngredients: jsonb('active_ingredients').$type<StoredIngredient[]>().notNull().default([]),
    ingredientKeys: text('ingredient_keys').array().notNull().default([]),
    dose: text('dose').notNull().default(''),
    frequency: text('frequency'), // contract medicationFrequencies; null for an imported one without a known frequency
    route: text('route').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    prescriberId: integer('prescriber_id').references(() => users.id, { onDelete: 'set null' }),
    /** The imported requester's name when it is no Vigil user. */
    prescriberText: text('prescriber_text').notNull().default(''),
    status: text('status').notNull().default('ACTIVE'), // contract prescriptionStatuses
    instructions: text('instructions').notNull().default(''),
    source: text('source').notNull().default('manual'), // manual | fhir
    /** 'MedicationRequest/<id>' for an imported one: a re-import finds it. */
    externalRef: text('external_ref'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('prescriptions_patient_idx').on(t.patientId, t.hospitalId),
    index('prescriptions_hospital_idx').on(t.hospitalId),
    uniqueIndex('prescriptions_external_ref_uq').on(t.externalRef),
  ],
);

/** An upload of an FDA product file and its load (a `drug-import` job); the file waits in `file_data` until loaded. */
export const drugImportRuns = pgTable('drug_import_runs', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  status: text('status').notNull().default('queued'), // queued | running | done | failed
  fileKind: text('file_kind').notNull().default(''),
  rowsTotal: integer('rows_total').notNull().default(0),
  rowsDone: integer('rows_done').notNull().default(0),
  loaded: integer('loaded').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  warnings: integer('warnings').notNull().default(0),
  problems: jsonb('problems').$type<{ line: number; productId: string; level: 'error' | 'warning'; reason: string }[]>().notNull().default([]),
  error: text('error'),
  fileData: bytea('file_data'),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});
