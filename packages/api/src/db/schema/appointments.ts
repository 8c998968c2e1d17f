/**
 * Appointments and their notes (portal-spec.md section 3 "Appointment"; docs/appointments.md).
 * Start and end are UTC instants; a "day" is the office's calendar day (lib/office-calendar.ts).
 * `endsAt` is stored (start + duration) so that the double-booking check is one range comparison.
 */
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { hospitals, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    kind: text('kind').notNull().default('IN_PERSON'), // IN_PERSON | VIDEO | PHONE
    status: text('status').notNull().default('SCHEDULED'), // REQUESTED | SCHEDULED | IN_PROGRESS | COMPLETED | CANCELLED | NO_SHOW
    reason: text('reason').notNull().default(''),
    rejectionReason: text('rejection_reason'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set once by the reminder job's claim (jobs/appointment-reminders.send.job.ts): the reminder went out. */
    reminderSentAt: ts('reminder_sent_at'),
    videoStartedAt: ts('video_started_at'),
    videoEndedAt: ts('video_ended_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('appointments_hospital_start_idx').on(t.hospitalId, t.startsAt),
    index('appointments_doctor_start_idx').on(t.doctorId, t.startsAt),
    index('appointments_patient_start_idx').on(t.patientId, t.startsAt),
  ],
);

/** People besides the doctor who take part (care team or office staff). */
export const appointmentAttendees = pgTable(
  'appointment_attendees',
  {
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.userId] }), index('appointment_attendees_user_idx').on(t.userId)],
);

/**
 * The version of each office's day views (docs/appointments.md "Day view cache and ETag"): a number
 * from the sequence `appointment_day_version_seq`, taken anew by triggers (migration, hand-written
 * part) on every insert, update or delete of the office's appointments or their attendees and on a
 * change of the office's name or time zone. Row 0 is every office's: a change of a user's name or
 * role. A day view read with the same versions is the same answer, whichever API process built it.
 * No foreign key: a version is never reused, also after its office is gone.
 */
export const appointmentDayVersions = pgTable('appointment_day_versions', {
  hospitalId: integer('hospital_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export const appointmentNotes = pgTable(
  'appointment_notes',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('appointment_notes_appointment_idx').on(t.appointmentId)],
);

/**
 * Invitation links to a video visit for a patient or caregiver, who cannot sign in to the staff
 * portal (docs/video-visits.md). The token (32 random bytes, only its SHA-256 stored) is the
 * caller's credential for this one appointment until `expiresAt` (2 hours after the appointment's
 * end) or revocation.
 */
export const visitInvitations = pgTable(
  'visit_invitations',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('visit_invitations_appointment_idx').on(t.appointmentId)],
);
