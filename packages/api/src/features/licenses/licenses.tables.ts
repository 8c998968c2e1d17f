/**
 * `licenses`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Licences and their assignments (docs/licenses.md).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A licence of an office. `status` is active, inactive, assigned or expired. */
export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    type: text('type').notNull(),
    status: text('status').notNull().default('active'),
    priceCents: integer('price_cents').notNull().default(0),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('licenses_hospital_idx').on(t.hospitalId, t.status),
    index('licenses_expiry_idx').on(t.expirationDate).where(sql`status in ('active', 'assigned')`),
    check('licenses_status_ck', sql`status in ('active', 'inactive', 'assigned', 'expired')`),
  ],
);

/**
 * A licence held by a patient. While `ended_at` is null the assignment holds: one per licence, and
 * one per patient and licence type (the type is copied here for that index).
 */
export const licenseAssignments = pgTable(
  'license_assignments',
  {
    id: serial('id').primaryKey(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    licenseType: text('license_type').notNull(),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('license_assignments_license_uq').on(t.licenseId).where(sql`ended_at is null`),
    uniqueIndex('license_assignments_patient_type_uq').on(t.patientId, t.licenseType).where(sql`ended_at is null`),
    index('license_assignments_patient_idx').on(t.patientId),
  ],
);
