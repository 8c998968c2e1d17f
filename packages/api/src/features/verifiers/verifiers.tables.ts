/**
 * `verifiers`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Verifiers (db/seed/verifiers.ts loads the reference list).
 */
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Reference values ("verifiers"): rvDomain + lowValue with descriptions in English and Spanish. */
export const verifiers = pgTable(
  'verifiers',
  {
    id: serial('id').primaryKey(),
    rvDomain: text('rv_domain').notNull(),
    lowValue: text('low_value').notNull(),
    highValue: text('high_value').notNull().default(''),
    longDescription: text('long_description').notNull(),
    longDescriptionEsp: text('long_description_esp').notNull().default(''),
    parentLowValue: text('parent_low_value').notNull().default(''), // ICD-10-CM category -> chapter
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('verifiers_domain_value_uq').on(t.rvDomain, t.lowValue), index('verifiers_parent_idx').on(t.rvDomain, t.parentLowValue)],
);
