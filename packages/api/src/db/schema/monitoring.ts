/**
 * Remote monitoring (README "Remote monitoring"): hubs, devices, device templates, tablets,
 * measurements, monitoring (treatment) plans, notifications and public share links. Measurement
 * values are stored in canonical UCUM units keyed by LOINC code; the identity (hub, device, type,
 * measured-at) is unique, which gives exactly-once effect under at-least-once delivery.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals, medicalTeams, users } from './core';

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

/**
 * Notifications (spec section 3). Types: 1 chat, 3 abnormal measurement, 4 reminder, 5 missed
 * measurement, 6 daily goal, 7 appointment request, 12/13 mental health. `dedupeKey` makes a
 * scheduled job's notification idempotent.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationTypeId: smallint('notification_type_id').notNull(),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relatedPatientId: integer('related_patient_id').references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    medicalTeamId: integer('medical_team_id').references(() => medicalTeams.id, { onDelete: 'set null' }),
    measurementId: bigint('measurement_id', { mode: 'number' }).references(() => measurements.id, { onDelete: 'set null' }),
    messageEn: text('message_en').notNull(),
    messageEs: text('message_es').notNull(),
    severity: smallint('severity').notNull().default(0),
    deviceType: text('device_type'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: ts('read_at'),
    isGroupNotification: boolean('is_group_notification').notNull().default(false),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    referenceData: text('reference_data').notNull().default(''),
    processingStatus: smallint('processing_status').notNull().default(0), // 0 open, 1 processed
    processedBy: integer('processed_by').references(() => users.id),
    processedAt: ts('processed_at'),
    resolutionComments: text('resolution_comments'),
    relatedToNotificationId: bigint('related_to_notification_id', { mode: 'number' }),
    direction: text('direction').notNull().default('in'),
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_to_user_idx').on(t.toUserId, t.createdAt),
    index('notifications_patient_idx').on(t.relatedPatientId, t.createdAt),
    index('notifications_hospital_open_idx').on(t.hospitalId, t.processingStatus, t.createdAt),
    uniqueIndex('notifications_dedupe_uq').on(t.toUserId, t.dedupeKey).where(sql`dedupe_key is not null`),
    // Chat threads (features/chat): what a user sent, and the copies of one group message.
    index('notifications_chat_from_idx').on(t.fromUserId, t.createdAt).where(sql`notification_type_id = 1`),
    index('notifications_chat_group_idx').on(t.dedupeKey).where(sql`notification_type_id = 1 and dedupe_key is not null`),
  ],
);

/** Public share links of a patient's measurements for a period, with expiry, revocation and an access log. */
export const publicLinks = pgTable(
  'public_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    sharedWithEmail: text('shared_with_email'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('public_links_patient_idx').on(t.patientId)],
);

export const publicLinkAccesses = pgTable(
  'public_link_accesses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicLinkId: integer('public_link_id')
      .notNull()
      .references(() => publicLinks.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    accessedAt: ts('accessed_at').notNull().defaultNow(),
  },
  (t) => [index('public_link_accesses_link_idx').on(t.publicLinkId)],
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
