/**
 * `appointments`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Appointments and their notes (portal-spec.md section 3 "Appointment"; docs/appointments.md).
 * Start and end are UTC instants; a "day" is the office's calendar day (lib/office-calendar.ts).
 * `endsAt` is stored (start + duration) so that the double-booking check is one range comparison.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

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

/**
 * The calls of a video or phone visit (docs/video-visits.md "Call records"). A call opens when a
 * staff member admits the guest (`startvideocall`) or rings a colleague
 * (`initvideocallwithuser`), and closes at `stopvideocall` (completed) or when every ring went
 * unanswered (missed) or was declined. At most one open call (ringing or active) per appointment.
 */
export const videoCalls = pgTable(
  'video_calls',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    kind: text('kind').notNull().default('video'), // video | audio
    status: text('status').notNull().default('active'), // ringing | active | completed | missed | declined
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    durationSeconds: integer('duration_seconds'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('video_calls_appointment_idx').on(t.appointmentId),
    index('video_calls_hospital_idx').on(t.hospitalId, t.startedAt),
    // One open call per appointment, also when two API processes open one at once.
    uniqueIndex('video_calls_open_uq').on(t.appointmentId).where(sql`status in ('ringing', 'active')`),
  ],
);

/**
 * Who was in a visit's room and when: one row per join (a person may leave and come back, or have
 * two tabs open). Staff by user id; a guest (patient or caregiver) by user id and invitation.
 * `callId` is set when a call is open at the join, or when the call opens while the row is still
 * in the room (staff wait in the room before admitting the guest).
 */
export const videoCallParticipants = pgTable(
  'video_call_participants',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    callId: integer('call_id').references(() => videoCalls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitationId: integer('invitation_id').references(() => visitInvitations.id, { onDelete: 'set null' }),
    role: text('role').notNull(), // staff | patient | caregiver
    /** The socket's peer id in the room, to close the row at leave. */
    peerId: text('peer_id').notNull(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    leftAt: ts('left_at'),
  },
  (t) => [index('video_call_participants_call_idx').on(t.callId), index('video_call_participants_appointment_idx').on(t.appointmentId, t.peerId)],
);

/**
 * Rings of `pushnotifications/initvideocallwithuser`: a staff member asked to join the call. A
 * ring is answered (accepted / declined) by the callee or becomes missed after
 * `VIGIL_RING_TIMEOUT_SECONDS` (`expiresAt`).
 */
export const videoCallRings = pgTable(
  'video_call_rings',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => videoCalls.id, { onDelete: 'cascade' }),
    callerUserId: integer('caller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calleeUserId: integer('callee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('ringing'), // ringing | accepted | declined | missed
    expiresAt: ts('expires_at').notNull(),
    answeredAt: ts('answered_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('video_call_rings_call_idx').on(t.callId), index('video_call_rings_callee_idx').on(t.calleeUserId, t.status)],
);
