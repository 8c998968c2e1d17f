/**
 * `devices`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Hubs, their devices and tablets, and the device templates (db/seed/device-templates.ts loads them).
 */
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Device templates by type and manufacturer (the spec's medicaldevicetemplate). */
export const medicalDeviceTemplates = pgTable(
  'medical_device_templates',
  {
    id: serial('id').primaryKey(),
    deviceType: text('device_type').notNull(), // BLOOD_PRESSURE | WEIGHT | GLUCOSE | SPO2 | TEMPERATURE | ...
    deviceTypeTitle: text('device_type_title').notNull(),
    deviceTypeTitleEsp: text('device_type_title_esp').notNull(),
    manufacturerId: integer('manufacturer_id').notNull().default(0),
    manufacturerName: text('manufacturer_name').notNull().default(''),
    modelName: text('model_name').notNull().default(''),
    /** [{ code: LOINC, unit: UCUM, label, labelEsp, min, max }] the values a reading of this type carries. */
    measurementsJson: jsonb('measurements_json').$type<unknown[]>().notNull().default([]),
    /** Default caution and critical thresholds per LOINC code. */
    defaultValuesJson: jsonb('default_values_json').$type<Record<string, unknown>>().notNull().default({}),
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('medical_device_templates_uq').on(t.deviceType, t.manufacturerId, t.modelName)],
);

export const hubs = pgTable(
  'hubs',
  {
    id: serial('id').primaryKey(),
    hubIdentifier: text('hub_identifier').notNull().unique(),
    hubMac: text('hub_mac').notNull().default(''),
    hubName: text('hub_name').notNull().default(''),
    status: smallint('status').notNull().default(1),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the hub's ingestion credential; null or revoked = cannot post readings. */
    credentialHash: text('credential_hash'),
    credentialRevokedAt: ts('credential_revoked_at'),
    lastCheckInAt: ts('last_check_in_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('hubs_hospital_idx').on(t.hospitalId), index('hubs_patient_idx').on(t.assignedToUserId), uniqueIndex('hubs_credential_uq').on(t.credentialHash)],
);

/** Hubs a patient trusts (their own home hub, a facility hub). */
export const trustedHubs = pgTable(
  'trusted_hubs',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hubId: integer('hub_id')
      .notNull()
      .references(() => hubs.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trusted_hubs_uq').on(t.patientId, t.hubId)],
);

export const medicalDevices = pgTable(
  'medical_devices',
  {
    id: serial('id').primaryKey(),
    deviceIdentifier: text('device_identifier').notNull().unique(),
    deviceType: text('device_type').notNull(),
    templateId: integer('template_id').references(() => medicalDeviceTemplates.id),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    hubId: integer('hub_id').references(() => hubs.id, { onDelete: 'set null' }),
    patientId: integer('patient_id').references(() => users.id, { onDelete: 'set null' }),
    /** Per-device threshold overrides: { [loinc]: { cautionLow, cautionHigh, criticalLow, criticalHigh } } in canonical units. */
    deviceDefaultValuesJson: jsonb('device_default_values_json').$type<Record<string, unknown>>().notNull().default({}),
    isManualMeasurement: boolean('is_manual_measurement').notNull().default(false),
    status: smallint('status').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('medical_devices_patient_idx').on(t.patientId), index('medical_devices_hub_idx').on(t.hubId), index('medical_devices_hospital_idx').on(t.hospitalId)],
);

export const tabletInfos = pgTable('tablet_infos', {
  id: serial('id').primaryKey(),
  serialNumber: text('serial_number').notNull().unique(),
  model: text('model').notNull().default(''),
  osVersion: text('os_version').notNull().default(''),
  appVersion: text('app_version').notNull().default(''),
  hospitalId: integer('hospital_id')
    .notNull()
    .references(() => hospitals.id),
  patientId: integer('patient_id').references(() => users.id, { onDelete: 'set null' }),
  hubId: integer('hub_id').references(() => hubs.id, { onDelete: 'set null' }),
  lastSeenAt: ts('last_seen_at'),
});
