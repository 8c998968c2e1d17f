/**
 * `offices`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Offices: the spec's "hospital" (portal-spec.md section 3), with their program switches and settings.
 */
import { boolean, doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Offices: the spec's "hospital". */
export const hospitals = pgTable(
  'hospitals',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    hospitalName: text('hospital_name').notNull(),
    hospitalNameEsp: text('hospital_name_esp').notNull().default(''),
    address: text('address').notNull().default(''),
    addressLatitude: doublePrecision('address_latitude'),
    addressLongitude: doublePrecision('address_longitude'),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull().default('US'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    timeZone: text('time_zone').notNull().default('America/New_York'), // IANA
    rpmEnabled: boolean('rpm_enabled').notNull().default(true),
    rtmEnabled: boolean('rtm_enabled').notNull().default(false),
    ccmEnabled: boolean('ccm_enabled').notNull().default(false),
    assessmentsEnabled: boolean('assessments_enabled').notNull().default(false),
    status: smallint('status').notNull().default(1),
    externalRef: text('external_ref').unique(), // FHIR Location id when imported
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('hospitals_organization_idx').on(t.organizationId)],
);
