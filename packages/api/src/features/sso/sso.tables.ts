/**
 * `sso`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Single sign-on with OpenID Connect per organization (docs/security.md "Single sign-on").
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';
import { sessions } from '../auth/auth.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One organization's OpenID Connect provider. The client secret is sealed (AES-256-GCM, sso.crypto.ts), never returned. */
export const ssoConfigs = pgTable('sso_configs', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  claim: text('claim').notNull().default('email'), // 'email' | 'sub'
  emailDomains: jsonb('email_domains').$type<string[]>().notNull().default([]),
  jitEnabled: boolean('jit_enabled').notNull().default(false),
  jitRoleId: integer('jit_role_id'),
  jitOfficeId: integer('jit_office_id').references(() => hospitals.id, { onDelete: 'set null' }),
  required: boolean('required').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One sign-in through the provider, from `sso/start` to `sso/complete`. Keyed by hashes of the
 * browser's flow cookie and of the `state` sent to the provider (never the values); holds the PKCE
 * verifier and nonce until the callback, then what the callback learnt until the browser
 * completes. Short-lived (10 minutes) and used once.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    cookieHash: text('cookie_hash').notNull(),
    stateHash: text('state_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set by the callback: the user it signs in and the provider's session. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    providerSid: text('provider_sid'),
    refreshTokenSealed: text('refresh_token_sealed'),
    provisioned: boolean('provisioned').notNull().default(false),
    calledBackAt: ts('called_back_at'),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_flows_state_uq').on(t.stateHash), index('sso_flows_cookie_idx').on(t.cookieHash)],
);

/** The provider's subject linked to a Vigil user, per organization (the `sub` claim mapping, and every SSO sign-in). */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_identities_subject_uq').on(t.organizationId, t.subject), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * A Vigil session opened by SSO, with what ends it: the provider's session id (`sid`) and subject
 * for back-channel logout, and the sealed refresh token with when it is next refreshed.
 */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    providerSid: text('provider_sid'),
    refreshTokenSealed: text('refresh_token_sealed'),
    refreshDueAt: ts('refresh_due_at'),
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sso_sessions_subject_idx').on(t.organizationId, t.subject), index('sso_sessions_due_idx').on(t.refreshDueAt)],
);
