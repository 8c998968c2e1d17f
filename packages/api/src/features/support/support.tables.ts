/**
 * `support`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Support messaging (portal-spec.md section 7 "Support"; docs/support.md): threads between a clinic
 * user and the system admins, their messages, and their files (kept in the database, so the
 * embedded default and PostgreSQL keep them with the rest of the data).
 */
import { boolean, customType, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** bytea as a Buffer (a driver that answers the text form "\\x..." is decoded too). */
const bytea = customType<{ data: Buffer; driverData: Buffer | string }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (typeof value === 'string' ? Buffer.from(value.replace(/^\\x/, ''), 'hex') : Buffer.from(value)),
});

/** A support thread (the spec's support message group); status 0 open, 1 in progress, 2 resolved. */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: serial('id').primaryKey(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    hospitalId: integer('hospital_id').references(() => hospitals.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    status: smallint('status').notNull().default(0),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
  },
  (t) => [index('support_threads_creator_idx').on(t.createdBy, t.lastMessageAt), index('support_threads_status_idx').on(t.status, t.lastMessageAt)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromSupport: boolean('from_support').notNull().default(false),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_messages_thread_idx').on(t.threadId, t.createdAt)],
);

export const supportFiles = pgTable(
  'support_files',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_files_thread_idx').on(t.threadId)],
);
