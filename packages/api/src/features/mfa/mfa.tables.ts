/**
 * `mfa`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Second factors (docs/security.md "Multi-factor authentication"): TOTP secrets (sealed,
 * lib/secret-box.ts) and WebAuthn passkeys, recovery codes (argon2id hashes), remembered devices
 * and each organization's policy.
 */
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's factors. A row with `confirmed_at` null is an enrolment in progress (a TOTP secret not
 * yet confirmed by a code, or a passkey registration's WebAuthn challenge); it counts for nothing
 * and is dropped after PENDING_MINUTES.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // 'totp' | 'passkey'
    label: text('label').notNull(),
    /** TOTP: the shared secret (base32), sealed with lib/secret-box.ts. */
    secretSealed: text('secret_sealed'),
    /** TOTP: the last accepted time step (RFC 6238 section 5.2: a code is accepted once). */
    lastStep: bigint('last_step', { mode: 'number' }),
    /** Passkey: the credential id (base64url), its COSE public key (base64url), signature counter and transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    /** Passkey registration in progress: the WebAuthn challenge the authenticator must sign. */
    challenge: text('challenge'),
    createdAt: ts('created_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('mfa_factors_user_idx').on(t.userId), uniqueIndex('mfa_factors_credential_idx').on(t.credentialId)],
);

/** Recovery codes: argon2id hashes, each usable once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** Browsers whose device cookie (auth's `vigil_device`, by its SHA-256) skips the second step until `expires_at`. */
export const mfaRememberedDevices = pgTable(
  'mfa_remembered_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_remembered_devices_user_device_idx').on(t.userId, t.deviceHash)],
);

/** An organization's MFA policy (no row: 'optional'). */
export const mfaOrganizationPolicies = pgTable('mfa_organization_policies', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  policy: text('policy').notNull(), // contract mfaPolicies
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
