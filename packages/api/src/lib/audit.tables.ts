/**
 * `lib/audit`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * The PHI audit trail and the system logs (docs/audit.md). HIPAA 164.312(b): every read and change
 * of patient data is recorded in `audit_events`, append-only (the trigger of the hand-written part
 * of the migration refuses UPDATE, DELETE and TRUNCATE), each row chained to the one before by a
 * SHA-256 hash (`lib/audit-chain.ts`), and `audit_chain_head` holds the newest row's id and hash so
 * that removing rows at the end is detected too.
 */
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull(),
    /** The caller (no foreign key: the trail outlives a deleted user); 0 for the server itself. */
    userId: integer('user_id').notNull(),
    roleId: smallint('role_id').notNull(),
    organizationId: integer('organization_id'),
    /** The patient whose data was touched (a user id), null when the endpoint names none. */
    patientId: integer('patient_id'),
    /** The resource kind the endpoint declares (FHIR-like: Patient, Observation, ...). */
    resource: text('resource').notNull(),
    /** FHIR AuditEvent.action: C create, R read, U update, D delete, E execute. */
    action: text('action').notNull(),
    /** 'METHOD path' of the endpoint (the contract path, never the URL: no query string). */
    endpoint: text('endpoint').notNull(),
    /** The HTTP status answered. */
    outcome: smallint('outcome').notNull(),
    address: text('address').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('audit_events_patient_idx').on(t.patientId, t.at), index('audit_events_at_idx').on(t.at), index('audit_events_user_idx').on(t.userId, t.at)],
);

/** One row (id 1): the chain's newest event, updated in the same transaction as every append. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: smallint('id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/**
 * System logs: server errors (with their request id), job runs and failures, integration failures,
 * refused sign-ins. Never a secret or PHI (docs/audit.md "System logs"): `details` holds codes,
 * counts and ids only.
 */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull().defaultNow(),
    /** error | warn | info */
    level: text('level').notNull(),
    /** serverError | jobRun | jobFailure | integrationFailure | signInRefused */
    kind: text('kind').notNull(),
    /** Where: the endpoint, the job's queue, the integration's name. */
    source: text('source').notNull().default(''),
    message: text('message').notNull(),
    requestId: text('request_id').notNull().default(''),
    userId: integer('user_id'),
    organizationId: integer('organization_id'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (t) => [index('system_logs_at_idx').on(t.at), index('system_logs_kind_idx').on(t.kind, t.at)],
);
