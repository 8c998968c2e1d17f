/**
 * `medical-notes`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Medical notes and their details, and the note category templates (README "Care time, notes and billing").
 */
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Medical-note category templates per office. */
export const medicalNoteCategoryTemplates = pgTable(
  'medical_note_category_templates',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleEsp: text('title_esp').notNull().default(''),
    categoryType: text('category_type').notNull().default(''), // verifier MEDICAL_NOTE_CATEGORY_TYPE lowValue
    program: text('program').notNull().default('RPM'),
    bodyTemplate: text('body_template').notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('medical_note_category_templates_hospital_idx').on(t.hospitalId)],
);

/** A patient's medical note for one office and calendar month; its text lives in details. */
export const medicalNotes = pgTable(
  'medical_notes',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    month: smallint('month').notNull(),
    year: smallint('year').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('medical_notes_patient_month_uq').on(t.patientId, t.hospitalId, t.year, t.month)],
);

export const medicalNoteDetails = pgTable(
  'medical_note_details',
  {
    id: serial('id').primaryKey(),
    medicalNoteId: integer('medical_note_id')
      .notNull()
      .references(() => medicalNotes.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    program: text('program').notNull().default('RPM'),
    categoryTemplateId: integer('category_template_id').references(() => medicalNoteCategoryTemplates.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('medical_note_details_note_idx').on(t.medicalNoteId), index('medical_note_details_template_idx').on(t.categoryTemplateId)],
);
