/**
 * `lib/mailer`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * The e-mail outbox: every feature sends mail through lib/mailer.ts, which keeps it (the admin feature reads it).
 */
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** E-mail kept when no SMTP server is configured (and a copy of every sent one's metadata). */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  status: text('status').notNull().default('kept'), // kept | sent | failed
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
