import {
  APPOINTMENTS_LIMIT,
  BOOKED_STATUSES,
  NotificationType,
  Role,
  can,
  type AddNoteBody,
  type Appointment,
  type AppointmentListQuery,
  type AppointmentNote,
  type AppointmentRequestBody,
  type AppointmentStatus,
  type ApproveRejectBody,
  type CreateAppointmentBody,
  type UpdateAppointmentBody,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isPatient, scopeValues, type Scope } from '../../db/scope';
import { allUsersVisible, getOfficeInScope, getVisiblePatient, getVisibleUserOfRole } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { JsonText, NotModified, ifNoneMatchNames } from '../../lib/route';
import { dayViewAnswers, dayViewKey } from './day-view-cache';
import { addDays, localDateOf, localDateTimeOf, localTimeOf, officeTimeZone, startOfLocalDay } from '../../lib/office-calendar';
import { createAndDeliver } from '../notifications/index';
import * as notes from './appointment-notes.repo';
import * as repo from './appointments.repo';
import { tenantDb } from '../../db/handles';

/**
 * Appointments (portal-spec.md sections 3 and 7 "Appointments"; docs/appointments.md). Rules:
 * - a doctor or an attendee is never double-booked: a SCHEDULED or IN_PROGRESS appointment of
 *   theirs (in any office) overlapping the new one answers 409 naming the person and the clash;
 * - no new (or moved, or approved) appointment starts in the past: 400;
 * - attendees come from the patient's medical team in the office or the office's staff: 400;
 * - a request (createappointment, notification type 7 to the doctor) is approved into SCHEDULED
 *   (the same rules) or rejected with a reason (CANCELLED); the requester is notified;
 * - days are the office's calendar days in its IANA zone (lib/office-calendar.ts).
 * Out-of-scope offices, patients, doctors and appointments answer 404 and change nothing.
 */

const CLOSED: readonly AppointmentStatus[] = ['CANCELLED', 'COMPLETED', 'NO_SHOW'];
const NOTES_LIMIT = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The contract's view of a row (local date and time in the office's zone). */
export function viewOf(r: repo.AppointmentRow): Appointment {
  const zone = officeTimeZone(r.timeZone);
  const local = localDateTimeOf(r.startsAt, zone);
  return {
    appointmentId: r.id,
    hospitalId: r.hospitalId,
    hospitalName: r.hospitalName,
    timeZone: zone,
    patient: r.patient,
    doctor: r.doctor,
    attendees: r.attendees,
    appointmentDateTime: r.startsAt.toISOString(),
    durationMinutes: r.durationMinutes,
    endDateTime: r.endsAt.toISOString(),
    localDate: local.date,
    localTime: local.time,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    rejectionReason: r.rejectionReason,
    requestedBy: r.requestedBy,
    videoStartedAt: iso(r.videoStartedAt),
    videoEndedAt: iso(r.videoEndedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/** The caller's appointment `id` as a row; 404 otherwise. */
export async function visibleAppointment(scope: Scope, db: Executor, id: number): Promise<repo.AppointmentRow> {
  const row = await repo.getAppointment(tenantDb(scope, db), id);
  if (!row) { throw AppError.notFound(); }
  return row;
}

async function answer(ctx: AppContext, scope: Scope, id: number): Promise<Appointment> {
  return viewOf(await visibleAppointment(scope, ctx.db, id));
}

/** 404 unless the office is the caller's; 404 unless the patient is visible, 400 unless they belong to the office; 400 unless the doctor is an active doctor of the office. */
async function checkParties(scope: Scope, tx: Executor, p: { hospitalId: number; patientId: number; doctorId: number }): Promise<string> {
  const office = await getOfficeInScope(tenantDb(scope, tx), p.hospitalId);
  if (!office) { throw AppError.notFound(); }
  if (!(await getVisiblePatient(tenantDb(scope, tx), p.patientId))) { throw AppError.notFound(); }
  if (!(await repo.isOfRoleInOffice(tenantDb(scope, tx), p.patientId, Role.PATIENT, p.hospitalId))) {
    throw AppError.badRequest('appointmentPatientInvalid', { patientId: 'appointmentPatientInvalid' });
  }
  await checkDoctor(scope, tx, p.doctorId, p.hospitalId);
  return officeTimeZone(office.timeZone);
}

/**
 * Passes when `doctorId` is an active doctor of office `hospitalId`. Otherwise 404 when it names no
 * user the caller sees (another tenant's reads as not found, docs/first-day.md), else 400
 * `appointmentDoctorInvalid` (a user of the caller's offices who is not a doctor of this one).
 */
async function checkDoctor(scope: Scope, tx: Executor, doctorId: number, hospitalId: number): Promise<void> {
  if (!(await repo.isOfRoleInOffice(tenantDb(scope, tx), doctorId, Role.DOCTOR, hospitalId))) {
    if (!(await allUsersVisible(tenantDb(scope, tx), [doctorId]))) { throw AppError.notFound(); }
    throw AppError.badRequest('appointmentDoctorInvalid', { doctorId: 'appointmentDoctorInvalid' });
  }
}

function checkNotPast(startsAt: Date, now = new Date()): void {
  if (startsAt.getTime() <= now.getTime()) { throw AppError.badRequest('appointmentInPast', { appointmentDateTime: 'appointmentInPast' }); }
}

async function checkAttendees(scope: Scope, tx: Executor, hospitalId: number, patientId: number, userIds: number[]): Promise<void> {
  const eligible = await repo.eligibleAttendees(tenantDb(scope, tx), hospitalId, patientId, userIds);
  if (userIds.some((id) => !eligible.has(id))) {
    // A user the caller does not see (none, or another tenant's) reads as not found (docs/first-day.md).
    if (!(await allUsersVisible(tenantDb(scope, tx), userIds))) { throw AppError.notFound(); }
    throw AppError.badRequest('attendeeNotEligible', { attendeeIds: 'attendeeNotEligible' });
  }
}

/**
 * Locks the people's bookings, then refuses with 409 "{name} is already booked from {start} to
 * {end} on {date}" (the clash's local times in its office's zone) when one of them holds an
 * overlapping booked appointment. Runs inside the writing transaction.
 */
async function checkNoClash(tx: Executor, p: { userIds: number[]; startsAt: Date; durationMinutes: number; exceptId?: number }): Promise<void> {
  await repo.lockPeople(tx, p.userIds);
  const clash = await repo.findClash(tx, {
    userIds: p.userIds,
    startsAt: p.startsAt,
    endsAt: new Date(p.startsAt.getTime() + p.durationMinutes * 60_000),
    exceptId: p.exceptId,
    booked: BOOKED_STATUSES,
  });
  if (!clash) { return; }
  const zone = officeTimeZone(clash.timeZone);
  throw new AppError('conflict', 'appointmentClash', {
    name: `${clash.firstName} ${clash.lastName}`.trim(),
    start: localTimeOf(clash.startsAt, zone),
    end: localTimeOf(clash.endsAt, zone),
    date: localDateOf(clash.startsAt, zone),
  });
}

/** `GET appointments`: the caller's appointments matching the query, by start (default: from now on), at most 2,500. */
export async function findAppointments(ctx: AppContext, scope: Scope, q: AppointmentListQuery): Promise<Appointment[]> {
  const from = q.from ? new Date(q.from) : q.to ? undefined : new Date();
  const rows = await repo.findAppointments(
    tenantDb(scope, ctx.db),
    { hospitalId: q.hospitalId, doctorId: q.doctorId, patientId: q.patientId, status: q.status, from, to: q.to ? new Date(q.to) : undefined },
    APPOINTMENTS_LIMIT,
  );
  return rows.map(viewOf);
}

/** `GET appointments/byid/{appointmentId}`: one of the caller's appointments; 404 otherwise. */
export function getAppointment(ctx: AppContext, scope: Scope, id: number): Promise<Appointment> {
  return answer(ctx, scope, id);
}

/** `POST appointments`: schedules an appointment (status SCHEDULED). Errors: see the module comment. */
export async function createAppointment(ctx: AppContext, scope: Scope, body: CreateAppointmentBody): Promise<Appointment> {
  const startsAt = new Date(body.appointmentDateTime);
  const attendeeIds = [...new Set(body.attendeeIds)].filter((id) => id !== body.doctorId);
  const id = await ctx.db.transaction(async (tx) => {
    await checkParties(scope, tx, body);
    checkNotPast(startsAt);
    await checkAttendees(scope, tx, body.hospitalId, body.patientId, attendeeIds);
    await checkNoClash(tx, { userIds: [body.doctorId, ...attendeeIds], startsAt, durationMinutes: body.durationMinutes });
    return repo.insertAppointment(
      tenantDb(scope, tx),
      {
        hospitalId: body.hospitalId,
        patientId: body.patientId,
        doctorId: body.doctorId,
        startsAt,
        durationMinutes: body.durationMinutes,
        kind: body.kind,
        status: 'SCHEDULED',
        reason: body.reason ?? '',
        requestedBy: null,
        createdBy: scope.userId,
      },
      attendeeIds,
    );
  });
  return answer(ctx, scope, id);
}

function whenText(startsAt: Date, timeZone: string): string {
  const zone = officeTimeZone(timeZone);
  return `${localDateOf(startsAt, zone)} ${localTimeOf(startsAt, zone)}`;
}

/**
 * `POST appointments/createappointment`: an appointment request (status REQUESTED, holds nobody's
 * time yet); the doctor gets an appointment-request notification (type 7, spec section 3) with the
 * appointment's id. Same party and not-in-the-past rules as scheduling.
 */
export async function requestAppointment(ctx: AppContext, scope: Scope, body: AppointmentRequestBody): Promise<Appointment> {
  const startsAt = new Date(body.appointmentDateTime);
  const id = await ctx.db.transaction(async (tx) => {
    await checkParties(scope, tx, body);
    checkNotPast(startsAt);
    return repo.insertAppointment(
      tenantDb(scope, tx),
      { ...body, startsAt, status: 'REQUESTED', reason: body.reason ?? '', requestedBy: scope.userId, createdBy: scope.userId },
      [],
    );
  });
  const appointment = await visibleAppointment(scope, ctx.db, id);
  const when = whenText(appointment.startsAt, appointment.timeZone);
  const patientName = `${appointment.patient.firstName} ${appointment.patient.lastName}`;
  await createAndDeliver(ctx, [
    {
      notificationTypeId: NotificationType.APPOINTMENT_REQUEST,
      fromUserId: scope.userId,
      toUserId: body.doctorId,
      relatedPatientId: body.patientId,
      hospitalId: body.hospitalId,
      messageEn: `Appointment request: ${patientName}, ${when}`,
      messageEs: `Solicitud de cita: ${patientName}, ${when}`,
      additionalData: { appointmentId: id, appointmentRequestId: id },
      dedupeKey: `appointment-request:${id}`,
    },
  ]);
  return viewOf(appointment);
}

/**
 * `POST appointmentrequests/approvereject`: approves a REQUESTED appointment into SCHEDULED (not in
 * the past, no clash: the scheduling rules) or rejects it (CANCELLED) with a reason; the requester
 * (when not the caller) gets a type 7 notification saying which. 404 out of scope; 409 "This
 * appointment is not a pending request" for any other status.
 */
export async function approveReject(ctx: AppContext, scope: Scope, body: ApproveRejectBody): Promise<Appointment> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await visibleAppointment(scope, tx, body.appointmentId);
    if (current.status !== 'REQUESTED') { throw AppError.conflict('appointmentNotRequested'); }
    if (body.approve) {
      checkNotPast(current.startsAt);
      await checkNoClash(tx, { userIds: [current.doctor.id], startsAt: current.startsAt, durationMinutes: current.durationMinutes, exceptId: current.id });
      await repo.updateAppointment(tenantDb(scope, tx), current.id, { status: 'SCHEDULED' }, current);
    } else {
      await repo.updateAppointment(tenantDb(scope, tx), current.id, { status: 'CANCELLED', rejectionReason: body.reason ?? '' }, current);
    }
    return current;
  });
  if (row.requestedBy !== null && row.requestedBy !== scope.userId) {
    const when = whenText(row.startsAt, row.timeZone);
    const reason = body.reason ? `: ${body.reason}` : '';
    await createAndDeliver(ctx, [
      {
        notificationTypeId: NotificationType.APPOINTMENT_REQUEST,
        fromUserId: scope.userId,
        toUserId: row.requestedBy,
        relatedPatientId: row.patient.id,
        hospitalId: row.hospitalId,
        messageEn: body.approve ? `Your appointment request for ${when} was approved` : `Your appointment request for ${when} was rejected${reason}`,
        messageEs: body.approve ? `Su solicitud de cita para ${when} fue aprobada` : `Su solicitud de cita para ${when} fue rechazada${reason}`,
        additionalData: { appointmentId: row.id, appointmentRequestId: row.id, approved: body.approve },
        dedupeKey: `appointment-decision:${row.id}`,
      },
    ]);
  }
  return answer(ctx, scope, row.id);
}

/**
 * `PUT appointments/{appointmentId}`: reschedules (not into the past), changes kind, reason or
 * doctor, or sets the status (SCHEDULED, CANCELLED, COMPLETED, NO_SHOW). A booked result is checked
 * for clashes. 404 out of scope; 409 "cancelled or finished" for a closed appointment; 400 for a
 * status change of a request (requests go through approvereject).
 */
export async function updateAppointment(ctx: AppContext, scope: Scope, id: number, body: UpdateAppointmentBody): Promise<Appointment> {
  await ctx.db.transaction(async (tx) => {
    const current = await visibleAppointment(scope, tx, id);
    if (CLOSED.includes(current.status)) { throw AppError.conflict('appointmentClosed'); }
    if (current.status === 'REQUESTED' && body.status !== undefined) { throw AppError.badRequest('invalid', { status: 'invalid' }); }
    const startsAt = body.appointmentDateTime ? new Date(body.appointmentDateTime) : current.startsAt;
    if (body.appointmentDateTime && startsAt.getTime() !== current.startsAt.getTime()) { checkNotPast(startsAt); }
    const doctorId = body.doctorId ?? current.doctor.id;
    if (doctorId !== current.doctor.id) { await checkDoctor(scope, tx, doctorId, current.hospitalId); }
    const status = body.status ?? current.status;
    const durationMinutes = body.durationMinutes ?? current.durationMinutes;
    const moved = startsAt.getTime() !== current.startsAt.getTime() || durationMinutes !== current.durationMinutes || doctorId !== current.doctor.id;
    if (BOOKED_STATUSES.includes(status) && (moved || !BOOKED_STATUSES.includes(current.status))) {
      await checkNoClash(tx, { userIds: [doctorId, ...current.attendees.map((p) => p.id)], startsAt, durationMinutes, exceptId: id });
    }
    await repo.updateAppointment(
      tenantDb(scope, tx),
      id,
      { startsAt, durationMinutes, doctorId, status, kind: body.kind, reason: body.reason, ...(moved ? { reminderSentAt: null } : {}) },
      current,
    );
  });
  return answer(ctx, scope, id);
}

/**
 * `POST appointments/addattendeeforappointment`: adds a person from the patient's care team or
 * the office's staff (400 otherwise); 409 naming the clash when they are booked then; 409 for a
 * closed appointment; 404 out of scope. Adding someone already there changes nothing.
 */
export async function addAttendee(ctx: AppContext, scope: Scope, appointmentId: number, userId: number): Promise<Appointment> {
  await ctx.db.transaction(async (tx) => {
    const current = await visibleAppointment(scope, tx, appointmentId);
    if (CLOSED.includes(current.status)) { throw AppError.conflict('appointmentClosed'); }
    if (userId === current.doctor.id || current.attendees.some((p) => p.id === userId)) { return; }
    await checkAttendees(scope, tx, current.hospitalId, current.patient.id, [userId]);
    if (BOOKED_STATUSES.includes(current.status)) {
      await checkNoClash(tx, { userIds: [userId], startsAt: current.startsAt, durationMinutes: current.durationMinutes, exceptId: current.id });
    }
    await repo.addAttendee(tenantDb(scope, tx), appointmentId, userId);
  });
  return answer(ctx, scope, appointmentId);
}

// Day views ---------------------------------------------------------------------------------------

/**
 * `GET appointments/appointmentsforhospitalfordate` (and `...fortoday` without `date`): office
 * `hospitalId`'s appointments of its local day `date` (the contract's `Appointment[]` as JSON
 * text, with an entity tag); 404 for an office out of scope. `ifNoneMatch` is the request's
 * If-None-Match: when it names the current tag the answer is `NotModified` (304). Staff's answers
 * come from this process's cache while the office's day-view version is unchanged (one small
 * statement instead of building 2,000 rows; docs/appointments.md "Day view cache and ETag").
 */
export async function findForOfficeDay(ctx: AppContext, scope: Scope, hospitalId: number, date?: string, ifNoneMatch?: string | string[], now = new Date()): Promise<JsonText | NotModified> {
  const office = await repo.officeDayVersion(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  const zone = officeTimeZone(office.timeZone);
  const day = date ?? localDateOf(now, zone);
  // The tag names whose view it is: a patient's view holds only their own appointments.
  const viewer = isPatient(scope) ? `p${String(scopeValues(scope).scopePatientId)}` : 's';
  const tag = (version: string) => `W/"${hospitalId}-${day}-${viewer}-${version}"`;
  if (ifNoneMatchNames(ifNoneMatch, tag(office.version))) { return new NotModified(tag(office.version)); }
  const cache = viewer === 's' ? dayViewAnswers(ctx) : null;
  const key = dayViewKey(hospitalId, day, zone);
  const kept = cache?.get(key, office.version);
  if (kept !== undefined) { return new JsonText(kept.json, tag(office.version), kept); }
  const range = { hospitalId, from: startOfLocalDay(day, zone), to: startOfLocalDay(addDays(day, 1), zone), zone };
  // One statement that answers the JSON itself (docs/benchmarks.md "Appointments day view"), with the version of the same snapshot.
  const built = await repo.officeDayJson(tenantDb(scope, ctx.db), range, APPOINTMENTS_LIMIT);
  // Kept with its gzip and brotli variants, compressed once off the event loop (lib/versioned-answers.ts).
  const answer = cache ? await cache.set(key, built.version, built.json) : undefined;
  return new JsonText(built.json, tag(built.version), answer);
}

async function visibleDoctor(scope: Scope, db: Executor, doctorId: number): Promise<void> {
  if (!(await getVisibleUserOfRole(tenantDb(scope, db), doctorId, Role.DOCTOR))) { throw AppError.notFound(); }
}

/**
 * `GET appointments/appointmentsfordoctorfortoday`: the doctor's appointments whose start falls on
 * today's local date of their own office (an office in Los Angeles at 23:30 is still on its today).
 * 404 for a doctor the caller cannot see.
 */
export async function findForDoctorToday(ctx: AppContext, scope: Scope, doctorId: number, now = new Date()): Promise<Appointment[]> {
  await visibleDoctor(scope, ctx.db, doctorId);
  // Every zone's today lies within 14 hours of UTC's instant on each side (UTC-12 .. UTC+14).
  const rows = await repo.findAppointments(tenantDb(scope, ctx.db), { doctorId, from: new Date(now.getTime() - 38 * 3_600_000), to: new Date(now.getTime() + 38 * 3_600_000) }, APPOINTMENTS_LIMIT);
  return rows.filter((r) => localDateOf(r.startsAt, officeTimeZone(r.timeZone)) === localDateOf(now, officeTimeZone(r.timeZone))).map(viewOf);
}

/** `GET appointments/appointmentsfordoctor`: the doctor's appointments in the start range (default from now on); 404 for a doctor out of scope. */
export async function findForDoctor(ctx: AppContext, scope: Scope, doctorId: number, q: Pick<AppointmentListQuery, 'from' | 'to' | 'status'>): Promise<Appointment[]> {
  await visibleDoctor(scope, ctx.db, doctorId);
  return findAppointments(ctx, scope, { ...q, doctorId });
}

// Notes -------------------------------------------------------------------------------------------

const noteView = (r: notes.NoteRow): AppointmentNote => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

async function visibleNote(scope: Scope, db: Executor, noteId: number): Promise<notes.NoteRow> {
  const [row] = await notes.findNotes(tenantDb(scope, db), { noteId }, 1);
  if (!row) { throw AppError.notFound(); }
  return row;
}

/** Its author, or whoever may change anyone's care records in the office (careRecords.manageAll); 403 otherwise. */
function assertMayChangeNote(scope: Scope, note: notes.NoteRow): void {
  if (note.authorId !== scope.userId && !can(scope.role, 'careRecords.manageAll')) { throw AppError.forbidden('appointmentNoteForbidden'); }
}

/** `POST appointments/addnote`: a note by the caller on one of their appointments; 404 otherwise. */
export async function addNote(ctx: AppContext, scope: Scope, body: AddNoteBody): Promise<AppointmentNote> {
  const noteId = await ctx.db.transaction(async (tx) => {
    await visibleAppointment(scope, tx, body.appointmentId);
    return notes.insertNote(tenantDb(scope, tx), body.appointmentId, scope.userId, body.text);
  });
  return noteView(await visibleNote(scope, ctx.db, noteId));
}

/** `PUT appointments/editnote`: 404 out of scope; 403 unless the author or an office administrator. */
export async function editNote(ctx: AppContext, scope: Scope, noteId: number, text: string): Promise<AppointmentNote> {
  await ctx.db.transaction(async (tx) => {
    assertMayChangeNote(scope, await visibleNote(scope, tx, noteId));
    if (!(await notes.updateNote(tenantDb(scope, tx), noteId, text))) { throw AppError.notFound(); }
  });
  return noteView(await visibleNote(scope, ctx.db, noteId));
}

/** `DELETE appointments/deletenote`: 404 out of scope; 403 unless the author or an office administrator. */
export async function deleteNote(ctx: AppContext, scope: Scope, noteId: number): Promise<{ noteId: number }> {
  await ctx.db.transaction(async (tx) => {
    assertMayChangeNote(scope, await visibleNote(scope, tx, noteId));
    if (!(await notes.deleteNote(tenantDb(scope, tx), noteId))) { throw AppError.notFound(); }
  });
  return { noteId };
}

/** `GET appointments/getnotesforpatientid`: newest first, at most 500; 404 for a patient out of scope. */
export async function findNotesForPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<AppointmentNote[]> {
  if (!(await getVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound(); }
  return (await notes.findNotes(tenantDb(scope, ctx.db), { patientId }, NOTES_LIMIT)).map(noteView);
}

/** `GET appointments/getnotebyid`: 404 out of scope. */
export async function getNote(ctx: AppContext, scope: Scope, noteId: number): Promise<AppointmentNote> {
  return noteView(await visibleNote(scope, ctx.db, noteId));
}


/**
 * The caller's appointments of office `r.hospitalId` starting in [`r.from`, `r.to`), counted by
 * status (the facility dashboard's "appointments today", docs/dashboards.md); zeros for an office
 * out of the caller's scope.
 */
export function countOfficeAppointments(scope: Scope, db: Executor, r: repo.OfficeRange): Promise<repo.OfficeAppointmentCounts> {
  return repo.countOfficeAppointments(tenantDb(scope, db), r);
}
