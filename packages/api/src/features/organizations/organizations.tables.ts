/**
 * `organizations`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Organizations: the tenant above the offices (portal-spec.md section 3 "Organization").
 */
import { pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Organizations: the spec's "medical institution". */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  institutionName: text('institution_name').notNull(),
  institutionNameEsp: text('institution_name_esp').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zip: text('zip').notNull().default(''),
  country: text('country').notNull().default('US'),
  status: smallint('status').notNull().default(1),
  externalRef: text('external_ref').unique(), // FHIR Organization id when imported
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
