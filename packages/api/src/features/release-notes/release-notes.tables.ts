/**
 * `release-notes`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Release notes and manuals (portal-spec.md section 7 "Release notes"; docs/release-notes.md):
 * the files a system admin uploads (kept in the database) and who has opened which (the "new" mark).
 */
import { customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** bytea as a Buffer (a driver that answers the text form "\\x..." is decoded too). */
const bytea = customType<{ data: Buffer; driverData: Buffer | string }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (typeof value === 'string' ? Buffer.from(value.replace(/^\\x/, ''), 'hex') : Buffer.from(value)),
});

export const releaseNotes = pgTable(
  'release_notes',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(), // release_note | manual
    title: text('title').notNull(),
    version: text('version').notNull(),
    releaseDate: text('release_date').notNull(), // YYYY-MM-DD
    language: text('language').notNull(), // en | es
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('release_notes_kind_idx').on(t.kind, t.releaseDate)],
);

export const releaseNoteViews = pgTable(
  'release_note_views',
  {
    releaseNoteId: integer('release_note_id')
      .notNull()
      .references(() => releaseNotes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.releaseNoteId, t.userId] })],
);
