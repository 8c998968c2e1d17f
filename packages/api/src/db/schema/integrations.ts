/**
 * Integrations (docs/integrations.md): Terra wearables and the external care platform (ECP). A patient's Terra connection (the spec's
 * "Terra mapping", portal-spec.md section 3), every webhook delivery stored before it is processed,
 * and the latest copy of each day's body / daily payload and each activity / sleep summary, so that
 * at-least-once deliveries have one effect.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals, organizations, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One patient's Terra connection. `referenceId` is the opaque token Vigil gives Terra as the
 * widget session's `reference_id` (never a name or an id Terra could read anything from); Terra
 * answers it in the `auth` event together with its own `user_id`.
 */
export const terraConnections = pgTable(
  'terra_connections',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    referenceId: text('reference_id').notNull(),
    terraUserId: text('terra_user_id'),
    provider: text('provider'),
    /** pending (session created), connected, disconnected (deauth, access revoked or by staff), error (connection_error). */
    status: text('status').notNull().default('pending'),
    /** Marked by an admin: this patient's source is an FDA-cleared device, so its readings count as device days (docs/integrations.md). */
    fdaCleared: boolean('fda_cleared').notNull().default(false),
    fdaClearedBy: integer('fda_cleared_by').references(() => users.id),
    enableSendingDataToEcp: boolean('enable_sending_data_to_ecp').notNull().default(false),
    ecpUserInpersonateId: integer('ecp_user_inpersonate_id').references(() => users.id),
    lastDataAt: ts('last_data_at'),
    lastEventAt: ts('last_event_at'),
    lastEventType: text('last_event_type'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terra_connections_patient_uq').on(t.patientId),
    uniqueIndex('terra_connections_reference_uq').on(t.referenceId),
    index('terra_connections_terra_user_idx').on(t.terraUserId),
    index('terra_connections_hospital_idx').on(t.hospitalId),
  ],
);

/**
 * A webhook delivery as received, stored before anything else happens (then processed by the
 * `terra-event` job). `deliveryKey` is the SHA-256 of the raw body: a repeated delivery of the same
 * bytes is stored once.
 */
export const terraEvents = pgTable(
  'terra_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryKey: text('delivery_key').notNull(),
    type: text('type').notNull(),
    terraUserId: text('terra_user_id'),
    /** `x-terra-ordering-timestamp` of the delivery (Terra's order of copies of the same data), else the receipt time. */
    orderingAt: ts('ordering_at').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** received, processed, duplicate (an earlier copy of the same summary), superseded (a newer copy of the day exists), ignored (a type Vigil does not use), unmapped (no connection), failed. */
    status: text('status').notNull().default('received'),
    connectionId: integer('connection_id').references(() => terraConnections.id, { onDelete: 'set null' }),
    readingsStored: integer('readings_stored').notNull().default(0),
    readingsDuplicate: integer('readings_duplicate').notNull().default(0),
    readingsRejected: integer('readings_rejected').notNull().default(0),
    error: text('error'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [uniqueIndex('terra_events_delivery_uq').on(t.deliveryKey), index('terra_events_user_idx').on(t.terraUserId, t.receivedAt)],
);

/**
 * The copy in effect of one piece of Terra data: a day of body or daily data (`key` = the day's
 * start), or an activity / sleep summary (`key` = its summary id). A body or daily copy replaces the
 * day's earlier one only with a later ordering timestamp; a summary is kept once.
 */
export const terraDataCopies = pgTable(
  'terra_data_copies',
  {
    id: serial('id').primaryKey(),
    terraUserId: text('terra_user_id').notNull(),
    type: text('type').notNull(),
    key: text('key').notNull(),
    orderingAt: ts('ordering_at').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => terraEvents.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('terra_data_copies_uq').on(t.terraUserId, t.type, t.key)],
);

// The external care platform (ECP) ------------------------------------------------------------

/** An ECP community (location) mapped to a Vigil office (`getecpmappinglocation`). */
export const ecpLocations = pgTable(
  'ecp_locations',
  {
    id: serial('id').primaryKey(),
    ecpCommunityId: text('ecp_community_id').notNull(),
    ecpOrganizationId: text('ecp_organization_id'),
    name: text('name').notNull().default(''),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ecp_locations_community_uq').on(t.ecpCommunityId), index('ecp_locations_hospital_idx').on(t.hospitalId)],
);

/**
 * An ECP organization (the ECP's owner of communities) beside the Vigil organization it maps to
 * (/organizationMapping, docs/integrations.md "ECP"): known from the location mappings that name it;
 * `status` new (no match yet), review (several candidates: `reason` says so), mapped
 * (`organizationId`, by `reason`: communities, name, confirmed).
 */
export const ecpOrganizations = pgTable(
  'ecp_organizations',
  {
    id: serial('id').primaryKey(),
    ecpOrganizationId: text('ecp_organization_id').notNull(),
    name: text('name').notNull().default(''),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    reason: text('reason'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ecp_organizations_ecp_id_uq').on(t.ecpOrganizationId), index('ecp_organizations_organization_idx').on(t.organizationId)],
);

/**
 * An ECP log (the spec's ecpLogId): one ECP resident or user as the ECP last sent it (webhook or
 * pull), in the office its community is mapped to, with its mapping to a Vigil user: `status` new
 * (no match yet), review (several candidates: `reason` says so), mapped (`vigilUserId`, by `reason`:
 * identifier, name and birth date, confirmed, created).
 */
export const ecpLogs = pgTable(
  'ecp_logs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(), // resident | user
    ecpId: text('ecp_id').notNull(),
    ecpCommunityId: text('ecp_community_id').notNull(),
    hospitalId: integer('hospital_id').references(() => hospitals.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthdate: text('birthdate'),
    email: text('email'),
    medicalRecordNumber: text('medical_record_number'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('new'),
    reason: text('reason'),
    vigilUserId: integer('vigil_user_id').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ecp_logs_kind_ecp_id_uq').on(t.kind, t.ecpId), index('ecp_logs_hospital_idx').on(t.hospitalId, t.kind), index('ecp_logs_vigil_user_idx').on(t.vigilUserId)],
);

/**
 * One reviewed reading to deliver to the ECP as a resident's vital reading. One row per reading
 * (unique): it is never queued twice; `idempotencyKey` travels with every attempt so that the ECP
 * stores it once. queued -> sent, or dead after the last retry (the dead-letter list, with retry).
 */
export const ecpOutbound = pgTable(
  'ecp_outbound',
  {
    id: serial('id').primaryKey(),
    measurementId: bigint('measurement_id', { mode: 'number' }).notNull(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    ecpLogId: integer('ecp_log_id')
      .notNull()
      .references(() => ecpLogs.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    ecpReadingId: text('ecp_reading_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [uniqueIndex('ecp_outbound_measurement_uq').on(t.measurementId), uniqueIndex('ecp_outbound_key_uq').on(t.idempotencyKey), index('ecp_outbound_status_idx').on(t.hospitalId, t.status)],
);
