/**
 * `auth`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Sign-in: sessions, the one-time e-mail and device tokens, the sign-in limits and the MFA step's challenges.
 */
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(), // sha256 of the SessionGuid
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionType: text('session_type').notNull().default('WEB'),
    ip: text('ip').notNull().default(''),
    webSocketTokenHash: text('websocket_token_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(), // absolute end (12 h by default)
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time tokens sent by e-mail: account validation, password reset, profile removal. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(), // 'validation' | 'reset' | 'removal'
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/** Failed sign-in attempts, for per-account and per-IP limits that hold across API processes. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountKey: text('account_key').notNull(), // lower-case username or e-mail as typed
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_account_idx').on(t.accountKey, t.createdAt), index('sign_in_failures_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * The second step of a sign-in (docs/security.md "Multi-factor authentication"): a challenge
 * token (stored as its SHA-256) that the password or one-time-token step answered instead of a
 * session. Single use, CHALLENGE_MINUTES long; it keeps what the session will need and the key its
 * failures count under (the first step's account and address or device key).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify' (a factor is held) | 'enrol' (the policy requires one and none is held). */
    purpose: text('purpose').notNull(),
    accountKey: text('account_key').notNull(),
    failureKey: text('failure_key').notNull(),
    sessionType: text('session_type').notNull(),
    ip: text('ip').notNull().default(''),
    /** The WebAuthn challenge of the passkey assertion asked for, if one was. */
    webauthnChallenge: text('webauthn_challenge'),
    failures: integer('failures').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);
