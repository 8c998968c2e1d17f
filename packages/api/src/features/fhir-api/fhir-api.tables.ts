/**
 * `fhir-api`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * SMART Backend Services clients, their access tokens and the assertion ids already used
 * (docs/fhir.md; SMART App Launch 2.x "Backend Services").
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A registered backend client of one organization: its OAuth `client_id`, its public JWKS (the
 * keys its assertions are verified with) and the system scopes it may be granted.
 */
export const smartClients = pgTable(
  'smart_clients',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    jwks: jsonb('jwks').notNull().$type<{ keys: Array<Record<string, unknown>> }>(),
    scopes: jsonb('scopes').notNull().$type<string[]>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('smart_clients_client_id_uq').on(t.clientId), index('smart_clients_org_idx').on(t.organizationId)],
);

/**
 * An access token issued to a client: opaque, 256 random bits, stored as SHA-256 only. The row
 * is also the record of the issue (when, which client, which scopes) and of its revocation.
 */
export const smartTokens = pgTable(
  'smart_tokens',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => smartClients.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    tokenHash: text('token_hash').notNull(),
    scopes: jsonb('scopes').notNull().$type<string[]>(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('smart_tokens_hash_uq').on(t.tokenHash), index('smart_tokens_client_idx').on(t.clientId)],
);

/** The `jti` of every accepted client assertion until it expires: a replayed assertion is refused. */
export const smartAssertionJtis = pgTable(
  'smart_assertion_jtis',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => smartClients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [uniqueIndex('smart_assertion_jtis_uq').on(t.clientId, t.jti), index('smart_assertion_jtis_exp_idx').on(t.expiresAt)],
);
