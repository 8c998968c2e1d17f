/**
 * `time-tracking`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Care time entries and patient presence (out of facility) (README "Care time, notes and billing").
 */
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { videoCalls } from '../appointments/appointments.tables';
import { medicalNoteDetails } from '../medical-notes/medical-notes.tables';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Time spent on a patient. `interactive` = the entry included a real-time, synchronous two-way
 * communication with the patient or caregiver (billing rule C8). Automatic entries cannot be
 * edited or deleted; a forgotten timer is closed at 2 hours with `autoClosed`. A completed video
 * or phone visit call adds one automatic interactive entry per staff member in it (`videoCallId`).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    program: text('program').notNull(), // RPM | RTM | CCM | PCM | APCM | BHI | CPM
    activity: text('activity').notNull().default(''),
    interactive: boolean('interactive').notNull().default(false),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    seconds: integer('seconds'),
    isAutomatic: boolean('is_automatic').notNull().default(true),
    autoClosed: boolean('auto_closed').notNull().default(false),
    medicalNoteDetailId: integer('medical_note_detail_id').references(() => medicalNoteDetails.id, { onDelete: 'set null' }),
    /** The video or phone visit call this automatic interactive entry was written for (docs/video-visits.md). */
    videoCallId: integer('video_call_id').references(() => videoCalls.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One automatic entry per staff member and call, whoever stops the call and however often.
    uniqueIndex('time_entries_video_call_staff_uq').on(t.videoCallId, t.staffUserId),
    index('time_entries_patient_time_idx').on(t.patientId, t.startedAt),
    index('time_entries_staff_open_idx').on(t.staffUserId, t.endedAt),
    index('time_entries_hospital_time_idx').on(t.hospitalId, t.startedAt),
  ],
);

/** Patient presence: out of facility with the location the patient is leaving to (mandatory). */
export const patientPresence = pgTable(
  'patient_presence',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    outOfFacility: boolean('out_of_facility').notNull().default(true),
    leavingTo: text('leaving_to').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('patient_presence_hospital_idx').on(t.hospitalId, t.startedAt), index('patient_presence_patient_idx').on(t.patientId)],
);
