/**
 * `treatment-plans`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Monitoring (treatment) plans, their devices and patients (README "Remote monitoring").
 */
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { medicalDevices } from '../devices/devices.tables';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Monitoring (treatment) plans: a patient's plans, or an office's client monitoring plan templates. */
export const treatmentPlans = pgTable(
  'treatment_plans',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id').references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: smallint('status').notNull().default(1), // 1 active, 0 inactive (spec section 9)
    isClientMonitoringPlan: boolean('is_client_monitoring_plan').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('treatment_plans_patient_idx').on(t.patientId, t.status), index('treatment_plans_hospital_idx').on(t.hospitalId)],
);

/** A device type in a plan with its measurement times (local HH:mm in the office's time zone). */
export const treatmentPlanDevices = pgTable(
  'treatment_plan_devices',
  {
    id: serial('id').primaryKey(),
    treatmentPlanId: integer('treatment_plan_id')
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: 'cascade' }),
    deviceType: text('device_type').notNull(),
    medicalDeviceId: integer('medical_device_id').references(() => medicalDevices.id, { onDelete: 'set null' }),
    time1: text('time1'),
    time2: text('time2'),
    time3: text('time3'),
    time4: text('time4'),
    measurementPeriod: text('measurement_period').notNull().default('DAILY'),
    measurementsCount: smallint('measurements_count').notNull().default(1),
  },
  (t) => [index('treatment_plan_devices_plan_idx').on(t.treatmentPlanId)],
);

/** Patients assigned to an office's client monitoring plan. */
export const treatmentPlanPatients = pgTable(
  'treatment_plan_patients',
  {
    treatmentPlanId: integer('treatment_plan_id')
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: 'cascade' }),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('treatment_plan_patients_uq').on(t.treatmentPlanId, t.patientUserId), index('treatment_plan_patients_patient_idx').on(t.patientUserId)],
);
