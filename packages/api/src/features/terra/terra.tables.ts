/**
 * `terra`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Terra wearables (docs/integrations.md). A patient's Terra connection (the spec's
 * "Terra mapping", portal-spec.md section 3), every webhook delivery stored before it is processed,
 * and the latest copy of each day's body / daily payload and each activity / sleep summary, so that
 * at-least-once deliveries have one effect.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

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
