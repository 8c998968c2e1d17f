/**
 * `measurements`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Measurements and an office's default thresholds (README "Remote monitoring"). Values are stored in
 * canonical UCUM units keyed by LOINC code; the identity (hub, device, type, measured-at) is unique,
 * which gives exactly-once effect under at-least-once delivery.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hubs, medicalDevices } from '../devices/devices.tables';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One reading. `valuesJson` maps LOINC codes to numbers in canonical UCUM units (mm[Hg], kg,
 * mg/dL, %, Cel, /min). The identity (hub, device, type, measured-at) is unique: a repeat returns
 * the original row.
 */
export const measurements = pgTable(
  'measurements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    deviceId: integer('device_id').references(() => medicalDevices.id),
    hubId: integer('hub_id').references(() => hubs.id),
    /** 0 when no hub (manual or imported), so the identity stays unique. */
    hubKey: integer('hub_key').notNull().default(0),
    deviceKey: integer('device_key').notNull().default(0),
    deviceType: text('device_type').notNull(),
    measuredAt: ts('measured_at').notNull(),
    /** The offset the device reported, e.g. '-05:00', to show local device time. */
    measuredAtOffset: text('measured_at_offset').notNull().default('+00:00'),
    valuesJson: jsonb('values_json').$type<Record<string, number>>().notNull(),
    source: text('source').notNull().default('hub'), // hub | manual | fhir | simulated
    isManual: boolean('is_manual').notNull().default(false),
    isSimulated: boolean('is_simulated').notNull().default(false),
    severity: smallint('severity').notNull().default(0), // 0 normal, 1 caution, 2 critical
    enteredBy: integer('entered_by').references(() => users.id),
    externalRef: text('external_ref'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The reading as one point of a chart, JSON text written by the trigger measurements_chart_point
     * (migration 0004) on every insert and update, whatever the application sends: [id, measured_at
     * as ISO 8601 UTC with milliseconds, measured_at_offset, device_type, values_json, severity,
     * is_manual, is_simulated]. A chart joins these texts (repo findSeries) instead of building JSON
     * for every reading on every read: measured 0.8 -> 0.35 ms of PostgreSQL's CPU for 90 days.
     */
    chartPoint: text('chart_point').notNull().default(''),
  },
  (t) => [
    uniqueIndex('measurements_identity_uq').on(t.hubKey, t.deviceKey, t.deviceType, t.measuredAt),
    index('measurements_patient_time_idx').on(t.patientId, t.measuredAt),
    index('measurements_hospital_time_idx').on(t.hospitalId, t.measuredAt),
    index('measurements_device_time_idx').on(t.deviceId, t.measuredAt),
    uniqueIndex('measurements_external_ref_uq').on(t.externalRef),
  ],
);

/** An office's default thresholds per device type (overridden per patient device). */
export const hospitalDeviceDefaults = pgTable(
  'hospital_device_defaults',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    deviceType: text('device_type').notNull(),
    /** { [loinc]: { cautionLow, cautionHigh, criticalLow, criticalHigh } } in canonical units */
    thresholdsJson: jsonb('thresholds_json').$type<Record<string, unknown>>().notNull().default({}),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hospital_device_defaults_uq').on(t.hospitalId, t.deviceType)],
);
