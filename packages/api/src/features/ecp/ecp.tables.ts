/**
 * `ecp`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * The external care platform (ECP) integration (docs/integrations.md): its locations, organizations,
 * logs and outbound messages.
 */
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
