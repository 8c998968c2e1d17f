/**
 * `enrolment`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * A patient's program enrolments and insurance (docs/enrolment.md). Programs are the billing
 * programs (RPM, RTM, CCM, PCM, APCM, BHI, CPM); a patient may be enrolled in several at once
 * (CMS allows RPM with CCM, for instance), each from its own date. The billing type of
 * patient_billing_profiles stays the one type the spec allows per patient (section 5).
 */
import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const patientProgramEnrolments = pgTable(
  'patient_program_enrolments',
  {
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    program: text('program').notNull(), // RPM | RTM | CCM | PCM | APCM | BHI | CPM
    enrolledOn: date('enrolled_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.program] })],
);

/** One insurance per patient; for Medicare `member_id` is the MBI, stored without dashes. */
export const patientInsurance = pgTable('patient_insurance', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  payerType: text('payer_type').notNull(),
  payerName: text('payer_name').notNull().default(''),
  planName: text('plan_name').notNull().default(''),
  memberId: text('member_id').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
