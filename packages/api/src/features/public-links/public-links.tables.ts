/**
 * `public-links`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Public share links and their accesses.
 */
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
