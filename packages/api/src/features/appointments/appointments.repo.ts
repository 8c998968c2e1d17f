import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Role, type AppointmentKind, type AppointmentPerson, type AppointmentStatus } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { appointmentAttendees, appointmentDayVersions, type appointmentNotes, appointments, hospitals, medicalTeamMembers, medicalTeams, userHospitals, users, visitInvitations } from '../../db/schema/index';
import { assertOfficeInScope, isOfficeInScope, officeFilter, patientRowFilter, userFilter, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import type { SystemDb, TenantDb } from '../../db/handles';
import { tenantDb } from '../../db/handles';

/** Appointments, their attendees, reminders and invitations (notes: appointment-notes.repo.ts). Every function takes the caller's tenant handle. */

/** Advisory lock key space: one person's bookings (the double-booking rule). */
const LOCK_PERSON_BOOKINGS = 730_410;

const a = appointments;
const patient = alias(users, 'appointment_patient');
const doctor = alias(users, 'appointment_doctor');

const columns = {
  id: a.id,
  hospitalId: a.hospitalId,
  hospitalName: hospitals.hospitalName,
  timeZone: hospitals.timeZone,
  patientId: a.patientId,
  patientFirstName: patient.firstName,
  patientLastName: patient.lastName,
  doctorId: a.doctorId,
  doctorFirstName: doctor.firstName,
  doctorLastName: doctor.lastName,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  durationMinutes: a.durationMinutes,
  kind: a.kind,
  status: a.status,
  reason: a.reason,
  rejectionReason: a.rejectionReason,
  requestedBy: a.requestedBy,
  createdBy: a.createdBy,
  videoStartedAt: a.videoStartedAt,
  videoEndedAt: a.videoEndedAt,
  createdAt: a.createdAt,
};

/** An appointment row as the service works with it (attendees separate). */
export interface AppointmentRow {
  id: number;
  hospitalId: number;
  hospitalName: string;
  timeZone: string;
  patient: AppointmentPerson;
  doctor: AppointmentPerson;
  attendees: AppointmentPerson[];
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  kind: AppointmentKind;
  status: AppointmentStatus;
  reason: string;
  rejectionReason: string | null;
  requestedBy: number | null;
  createdBy: number | null;
  videoStartedAt: Date | null;
  videoEndedAt: Date | null;
  createdAt: Date;
}

/** A start range of one office (a local day of that office). */
export interface OfficeRange {
  hospitalId: number;
  from: Date;
  to: Date;
}

export interface AppointmentFilter {
  hospitalId?: number;
  doctorId?: number;
  patientId?: number;
  status?: AppointmentStatus;
  ids?: number[];
  from?: Date;
  to?: Date;
  /** Any of these office ranges (e.g. each office's today). */
  officeRanges?: OfficeRange[];
}

/** The rows (with attendees) of the caller's appointments matching `f`, by start, at most `limit`. */
export async function findAppointments(tenant: TenantDb, f: AppointmentFilter, limit: number): Promise<AppointmentRow[]> {
  const { scope, db } = tenant;
  if (f.ids?.length === 0 || f.officeRanges?.length === 0) { return []; }
  const rows = await db
    .select(columns)
    .from(a)
    .innerJoin(hospitals, eq(hospitals.id, a.hospitalId))
    .innerJoin(patient, eq(patient.id, a.patientId))
    .innerJoin(doctor, eq(doctor.id, a.doctorId))
    .where(
      and(
        patientRowFilter(scope, a.hospitalId, a.patientId),
        f.hospitalId !== undefined ? eq(a.hospitalId, f.hospitalId) : undefined,
        f.doctorId !== undefined ? eq(a.doctorId, f.doctorId) : undefined,
        f.patientId !== undefined ? eq(a.patientId, f.patientId) : undefined,
        f.status !== undefined ? eq(a.status, f.status) : undefined,
        f.ids !== undefined ? inArray(a.id, f.ids) : undefined,
        f.from !== undefined ? gte(a.startsAt, f.from) : undefined,
        f.to !== undefined ? lt(a.startsAt, f.to) : undefined,
        f.officeRanges !== undefined
          ? or(...f.officeRanges.map((r) => and(eq(a.hospitalId, r.hospitalId), gte(a.startsAt, r.from), lt(a.startsAt, r.to))))
          : undefined,
      ),
    )
    .orderBy(asc(a.startsAt), asc(a.id))
    .limit(limit);
  if (rows.length === 0) { return []; }
  const attendees = await db
    .select({ appointmentId: appointmentAttendees.appointmentId, id: users.id, firstName: users.firstName, lastName: users.lastName, roleId: users.roleId })
    .from(appointmentAttendees)
    .innerJoin(users, eq(users.id, appointmentAttendees.userId))
    .where(inArray(appointmentAttendees.appointmentId, rows.map((r) => r.id)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const byAppointment = new Map<number, AppointmentPerson[]>();
  for (const { appointmentId, ...person } of attendees) {
    const list = byAppointment.get(appointmentId) ?? [];
    list.push(person);
    byAppointment.set(appointmentId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    hospitalId: r.hospitalId,
    hospitalName: r.hospitalName,
    timeZone: r.timeZone,
    patient: { id: r.patientId, firstName: r.patientFirstName, lastName: r.patientLastName, roleId: Role.PATIENT },
    doctor: { id: r.doctorId, firstName: r.doctorFirstName, lastName: r.doctorLastName, roleId: Role.DOCTOR },
    attendees: byAppointment.get(r.id) ?? [],
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    durationMinutes: r.durationMinutes,
    kind: r.kind as AppointmentKind,
    status: r.status as AppointmentStatus,
    reason: r.reason,
    rejectionReason: r.rejectionReason,
    requestedBy: r.requestedBy,
    createdBy: r.createdBy,
    videoStartedAt: r.videoStartedAt,
    videoEndedAt: r.videoEndedAt,
    createdAt: r.createdAt,
  }));
}

/** The caller's appointment `id`, or null. */
export async function getAppointment(tenant: TenantDb, id: number): Promise<AppointmentRow | null> {
  const { scope, db } = tenant;
  const [row] = await findAppointments(tenantDb(scope, db), { ids: [id] }, 1);
  return row ?? null;
}

/** Serialises bookings of the people `userIds` until the transaction ends (in id order, so two writers never deadlock). */
export async function lockPeople(tx: Executor, userIds: number[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort((x, y) => x - y)) { await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PERSON_BOOKINGS}::int, ${id}::int)`); }
}

/** A booking that overlaps a proposed one, with the person it clashes for. */
export interface Clash {
  appointmentId: number;
  userId: number;
  firstName: string;
  lastName: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

/**
 * The first booked appointment (status in `booked`) in ANY office that holds one of `userIds` (as
 * doctor or attendee) and overlaps [startsAt, endsAt), except appointment `exceptId`. Deliberately
 * not limited to the caller's offices: a doctor of two offices cannot be in both at once. Only the
 * person's name and the times leave this function (never the other office's patient).
 */
export async function findClash(
  db: Executor,
  p: { userIds: number[]; startsAt: Date; endsAt: Date; exceptId?: number; booked: readonly AppointmentStatus[] },
): Promise<Clash | null> {
  if (p.userIds.length === 0) { return null; }
  const holds: SQL = or(
    inArray(a.doctorId, p.userIds),
    sql`exists (select 1 from ${appointmentAttendees} where ${appointmentAttendees.appointmentId} = ${a.id} and ${inArray(appointmentAttendees.userId, p.userIds)})`,
  )!;
  const [row] = await db
    .select({ appointmentId: a.id, doctorId: a.doctorId, startsAt: a.startsAt, endsAt: a.endsAt, timeZone: hospitals.timeZone })
    .from(a)
    .innerJoin(hospitals, eq(hospitals.id, a.hospitalId))
    .where(
      and(
        holds,
        inArray(a.status, [...p.booked]),
        lt(a.startsAt, p.endsAt),
        gt(a.endsAt, p.startsAt),
        p.exceptId !== undefined ? ne(a.id, p.exceptId) : undefined,
      ),
    )
    .orderBy(asc(a.startsAt))
    .limit(1);
  if (!row) { return null; }
  let userId = row.doctorId;
  if (!p.userIds.includes(userId)) {
    const [att] = await db
      .select({ userId: appointmentAttendees.userId })
      .from(appointmentAttendees)
      .where(and(eq(appointmentAttendees.appointmentId, row.appointmentId), inArray(appointmentAttendees.userId, p.userIds)))
      .limit(1);
    userId = att!.userId;
  }
  const [person] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return { appointmentId: row.appointmentId, userId, firstName: person?.firstName ?? '', lastName: person?.lastName ?? '', startsAt: row.startsAt, endsAt: row.endsAt, timeZone: row.timeZone };
}

/** Whether user `userId` of role `role` is assigned to office `hospitalId`. */
export async function isOfRoleInOffice(tenant: TenantDb, userId: number, role: number, hospitalId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ one: sql`1` })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(and(eq(userHospitals.userId, userId), eq(userHospitals.hospitalId, hospitalId), officeFilter(scope, userHospitals.hospitalId), eq(users.roleId, role), eq(users.status, 1)))
    .limit(1);
  return row !== undefined;
}

/**
 * Of `userIds`, those who may attend a visit of patient `patientId` in office `hospitalId`: members
 * of the patient's medical team in that office, or active doctors, nurses and office admins of the office.
 */
export async function eligibleAttendees(tenant: TenantDb, hospitalId: number, patientId: number, userIds: number[]): Promise<Set<number>> {
  const { scope, db } = tenant;
  if (userIds.length === 0 || !isOfficeInScope(scope, hospitalId)) { return new Set(); }
  const team = await db
    .select({ id: medicalTeamMembers.userId })
    .from(medicalTeamMembers)
    .innerJoin(medicalTeams, eq(medicalTeams.id, medicalTeamMembers.medicalTeamId))
    .where(and(eq(medicalTeams.patientId, patientId), eq(medicalTeams.hospitalId, hospitalId), inArray(medicalTeamMembers.userId, userIds)));
  const staff = await db
    .select({ id: userHospitals.userId })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(
      and(
        eq(userHospitals.hospitalId, hospitalId),
        inArray(userHospitals.userId, userIds),
        inArray(users.roleId, [Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN]),
        eq(users.status, 1),
      ),
    );
  return new Set([...team, ...staff].map((r) => r.id));
}

export interface AppointmentValues {
  hospitalId: number;
  patientId: number;
  doctorId: number;
  startsAt: Date;
  durationMinutes: number;
  kind: AppointmentKind;
  status: AppointmentStatus;
  reason: string;
  requestedBy: number | null;
  createdBy: number;
}

/** Inserts an appointment with its attendees; returns its id. */
export async function insertAppointment(tenant: TenantDb, v: AppointmentValues, attendeeIds: number[]): Promise<number> {
  const { scope, db: tx } = tenant;
  assertOfficeInScope(scope, v.hospitalId);
  const [row] = await tx
    .insert(a)
    .values({ ...v, endsAt: new Date(v.startsAt.getTime() + v.durationMinutes * 60_000) })
    .returning({ id: a.id });
  if (attendeeIds.length > 0) { await tx.insert(appointmentAttendees).values([...new Set(attendeeIds)].map((userId) => ({ appointmentId: row!.id, userId }))); }
  return row!.id;
}

/** Updates the caller's appointment `id` (end kept equal to start + duration when either changes). */
export async function updateAppointment(
  tenant: TenantDb,
  id: number,
  v: Partial<Pick<AppointmentValues, 'startsAt' | 'durationMinutes' | 'kind' | 'status' | 'reason' | 'doctorId'>> & {
    rejectionReason?: string | null;
    videoStartedAt?: Date | null;
    videoEndedAt?: Date | null;
    reminderSentAt?: Date | null;
  },
  current: { startsAt: Date; durationMinutes: number },
): Promise<void> {
  const { scope, db: tx } = tenant;
  const startsAt = v.startsAt ?? current.startsAt;
  const durationMinutes = v.durationMinutes ?? current.durationMinutes;
  await tx
    .update(a)
    .set({ ...v, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000), updatedAt: new Date() })
    .where(and(eq(a.id, id), patientRowFilter(scope, a.hospitalId, a.patientId)));
}

/**
 * Ends the video visit `id` (IN_PROGRESS to COMPLETED, video end `at`); false when it was not in
 * progress. Of two concurrent stops only one changes the row: the second waits for the first's
 * commit and then no longer matches.
 */
export async function markVideoStopped(tenant: TenantDb, id: number, at: Date): Promise<boolean> {
  const { scope, db: tx } = tenant;
  const rows = await tx
    .update(a)
    .set({ status: 'COMPLETED', videoEndedAt: at, updatedAt: at })
    .where(and(eq(a.id, id), eq(a.status, 'IN_PROGRESS'), patientRowFilter(scope, a.hospitalId, a.patientId)))
    .returning({ id: a.id });
  return rows.length > 0;
}

/** Throws not-found unless appointment `id` is one the caller sees (patientRowFilter). */
export async function assertVisibleAppointment(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db } = tenant;
  const [row] = await db.select({ id: a.id }).from(a).where(and(eq(a.id, id), patientRowFilter(scope, a.hospitalId, a.patientId))).limit(1);
  if (!row) { throw AppError.notFound(); }
}

/** Adds attendee `userId` to appointment `id` the caller sees (nothing when already there; 404 for another office's). */
export async function addAttendee(tenant: TenantDb, id: number, userId: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await assertVisibleAppointment(tenantDb(scope, tx), id);
  await tx.insert(appointmentAttendees).values({ appointmentId: id, userId }).onConflictDoNothing();
}

// Reminders ---------------------------------------------------------------------------------------

/** A scheduled appointment whose reminder this process claimed. */
export interface DueReminder {
  id: number;
  hospitalId: number;
  patientId: number;
  doctorId: number;
  startsAt: Date;
  timeZone: string;
  kind: string;
  attendeeIds: number[];
}

/**
 * Claims the reminders of scheduled appointments starting in (now, now + leadMs]: sets
 * `reminder_sent_at` in the same statement that selects them, so that of several processes (or a
 * retried job) exactly one gets each appointment. System work (scope unused).
 */
export async function claimDueReminders({ db }: SystemDb, now: Date, leadMs: number, limit: number): Promise<DueReminder[]> {
  const claimed = await db
    .update(a)
    .set({ reminderSentAt: now })
    .where(
      and(
        inArray(
          a.id,
          db
            .select({ id: a.id })
            .from(a)
            .where(and(eq(a.status, 'SCHEDULED'), isNull(a.reminderSentAt), gt(a.startsAt, now), lte(a.startsAt, new Date(now.getTime() + leadMs))))
            .limit(limit),
        ),
        isNull(a.reminderSentAt),
      ),
    )
    .returning({ id: a.id, hospitalId: a.hospitalId, patientId: a.patientId, doctorId: a.doctorId, startsAt: a.startsAt, kind: a.kind });
  if (claimed.length === 0) { return []; }
  const zones = await db.select({ id: hospitals.id, timeZone: hospitals.timeZone }).from(hospitals).where(inArray(hospitals.id, [...new Set(claimed.map((c) => c.hospitalId))]));
  const zoneOf = new Map(zones.map((z) => [z.id, z.timeZone]));
  const att = await db.select().from(appointmentAttendees).where(inArray(appointmentAttendees.appointmentId, claimed.map((c) => c.id)));
  return claimed.map((c) => ({ ...c, timeZone: zoneOf.get(c.hospitalId) ?? '', attendeeIds: att.filter((x) => x.appointmentId === c.id).map((x) => x.userId) }));
}

/**
 * `column` (an appointment id) names an appointment of the caller's offices: the tenant filter of
 * the rows that reach their office only through their appointment (notes, invitations).
 */
export const ofVisibleAppointment = (scope: Scope, column: typeof appointmentNotes.appointmentId | typeof visitInvitations.appointmentId): SQL =>
  sql`${column} in (select ${appointments.id} from ${appointments} where ${officeFilter(scope, appointments.hospitalId)})`;

// Invitations -------------------------------------------------------------------------------------

const inv = visitInvitations;

export interface InvitationRow {
  id: number;
  appointmentId: number;
  userId: number;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Stores an invitation (the token's hash only); returns its row. */
export async function insertInvitation(tenant: TenantDb, v: { appointmentId: number; userId: number; tokenHash: string; expiresAt: Date; createdBy: number }): Promise<InvitationRow> {
  const { scope, db } = tenant;
  await assertVisibleAppointment(tenantDb(scope, db), v.appointmentId);
  const [row] = await db.insert(inv).values(v).returning({ id: inv.id, appointmentId: inv.appointmentId, userId: inv.userId, expiresAt: inv.expiresAt, revokedAt: inv.revokedAt });
  return row!;
}

/** The invitations of the caller's appointments (of `appointmentId`, or `id`), newest first. */
export async function findInvitations(tenant: TenantDb, f: { appointmentId?: number; id?: number }): Promise<InvitationRow[]> {
  const { scope, db } = tenant;
  return db
    .select({ id: inv.id, appointmentId: inv.appointmentId, userId: inv.userId, expiresAt: inv.expiresAt, revokedAt: inv.revokedAt })
    .from(inv)
    .innerJoin(a, eq(a.id, inv.appointmentId))
    .where(
      and(
        patientRowFilter(scope, a.hospitalId, a.patientId),
        f.appointmentId !== undefined ? eq(inv.appointmentId, f.appointmentId) : undefined,
        f.id !== undefined ? eq(inv.id, f.id) : undefined,
      ),
    )
    .orderBy(desc(inv.createdAt), desc(inv.id))
    .limit(100);
}

/** Marks invitation `id` revoked when its appointment is in the caller's offices (and it is not revoked yet). */
export async function revokeInvitation(tenant: TenantDb, id: number, at: Date): Promise<void> {
  const { scope, db } = tenant;
  await db.update(inv).set({ revokedAt: at }).where(and(eq(inv.id, id), isNull(inv.revokedAt), ofVisibleAppointment(scope, inv.appointmentId)));
}

/**
 * The principal of an invitation link: the live invitation whose token hashes to `hash` (not
 * revoked, not expired at `now`), with its appointment; null otherwise. Records the use. The one
 * place an invitation token is checked (docs/security.md "Inbound callers that are not users").
 */
export async function resolveInvitation(db: Executor, hash: string, now: Date): Promise<{ invitation: InvitationRow; guestFirst: string; guestLast: string } | null> {
  const guest = alias(users, 'invitation_guest');
  const [row] = await db
    .select({ id: inv.id, appointmentId: inv.appointmentId, userId: inv.userId, expiresAt: inv.expiresAt, revokedAt: inv.revokedAt, guestFirst: guest.firstName, guestLast: guest.lastName })
    .from(inv)
    .innerJoin(guest, eq(guest.id, inv.userId))
    .where(and(eq(inv.tokenHash, hash), isNull(inv.revokedAt), gt(inv.expiresAt, now)))
    .limit(1);
  if (!row) { return null; }
  await db.update(inv).set({ lastUsedAt: now }).where(eq(inv.id, row.id));
  const { guestFirst, guestLast, ...invitation } = row;
  return { invitation, guestFirst, guestLast };
}

/** "First Last" of user `userId` ('' when none or not visible to the caller: userFilter). */
export async function fullNameOf(tenant: TenantDb, userId: number): Promise<string> {
  const { scope, db } = tenant;
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(and(eq(users.id, userId), userFilter(scope, users.id)));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/** The e-mail address of user `userId` ('' when none or not visible to the caller: userFilter). */
export async function emailOf(tenant: TenantDb, userId: number): Promise<string> {
  const { scope, db } = tenant;
  const [row] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, userId), userFilter(scope, users.id)));
  return row?.email ?? '';
}

/** Whether `userId` is a caregiver on patient `patientId`'s medical team in office `hospitalId`. */
export async function isCaregiverOfPatient(tenant: TenantDb, userId: number, patientId: number, hospitalId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ one: sql`1` })
    .from(medicalTeamMembers)
    .innerJoin(medicalTeams, eq(medicalTeams.id, medicalTeamMembers.medicalTeamId))
    .innerJoin(users, eq(users.id, medicalTeamMembers.userId))
    .where(and(eq(medicalTeamMembers.userId, userId), eq(medicalTeams.patientId, patientId), eq(medicalTeams.hospitalId, hospitalId), officeFilter(scope, medicalTeams.hospitalId), eq(users.roleId, Role.CARE_GIVER)))
    .limit(1);
  return row !== undefined;
}

const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One office's local day (`from` <= start < `to`, by start then id, at most `limit`) as the JSON
 * text of the contract's `Appointment[]`, built by PostgreSQL in ONE statement (attendees
 * aggregated per row, names joined once, local date and time in the office's IANA zone `zone`),
 * so that the API neither maps 2,000 rows nor serializes them again (docs/benchmarks.md
 * "Appointments day view"). `zone` is the office's zone as `officeTimeZone` answers it. Answers
 * the JSON with the office's day-view version read in the same statement (the same snapshot).
 */
export async function officeDayJson(tenant: TenantDb, f: OfficeRange & { zone: string }, limit: number): Promise<{ json: string; version: string }> {
  const { scope, db } = tenant;
  const result = await db.execute(sql`
    select ${dayVersionOf(f.hospitalId)} as version, coalesce(json_agg(json_build_object(
      'appointmentId', a.id, 'hospitalId', a.hospital_id, 'hospitalName', h.hospital_name, 'timeZone', ${f.zone}::text,
      'patient', json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'roleId', ${Role.PATIENT}::int),
      'doctor', json_build_object('id', d.id, 'firstName', d.first_name, 'lastName', d.last_name, 'roleId', ${Role.DOCTOR}::int),
      'attendees', coalesce((
        select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'roleId', u.role_id) order by u.last_name, u.first_name)
        from ${appointmentAttendees} aa join ${users} u on u.id = aa.user_id where aa.appointment_id = a.id), '[]'::json),
      'appointmentDateTime', ${isoText(sql`a.starts_at`)}, 'durationMinutes', a.duration_minutes, 'endDateTime', ${isoText(sql`a.ends_at`)},
      'localDate', to_char(a.local_start, 'YYYY-MM-DD'), 'localTime', to_char(a.local_start, 'HH24:MI'),
      'kind', a.kind, 'status', a.status, 'reason', a.reason, 'rejectionReason', a.rejection_reason, 'requestedBy', a.requested_by,
      'videoStartedAt', ${isoText(sql`a.video_started_at`)}, 'videoEndedAt', ${isoText(sql`a.video_ended_at`)}, 'createdAt', ${isoText(sql`a.created_at`)}
    ) order by a.starts_at, a.id), '[]'::json)::text as day
    from (
      select a.*, a.starts_at at time zone ${f.zone}::text as local_start from ${appointments} a
      where ${patientRowFilter(scope, sql`a.hospital_id`, sql`a.patient_id`)} and a.hospital_id = ${f.hospitalId}::int
        and a.starts_at >= ${f.from.toISOString()}::timestamptz and a.starts_at < ${f.to.toISOString()}::timestamptz
      order by a.starts_at, a.id limit ${limit}::int
    ) a
    join ${hospitals} h on h.id = a.hospital_id
    join ${users} p on p.id = a.patient_id
    join ${users} d on d.id = a.doctor_id`);
  const row = (result as unknown as { rows: { day: string; version: string }[] }).rows[0]!;
  return { json: row.day, version: row.version };
}

/**
 * The day-view version of office `hospitalId` as text, "<office's>.<every office's>" (schema
 * `appointmentDayVersions`, docs/appointments.md "Day view cache and ETag"): equal texts read at
 * two moments mean no write that the day view shows happened between them.
 */
const dayVersionOf = (hospitalId: number | SQL) => sql`(
  coalesce((select v.version from ${appointmentDayVersions} v where v.hospital_id = ${hospitalId}), 0)::text || '.' ||
  coalesce((select v.version from ${appointmentDayVersions} v where v.hospital_id = 0), 0)::text)`;

/**
 * Office `hospitalId` when the caller sees it (else null), with its IANA zone (null: not set) and
 * its day-view version (`dayVersionOf`), in one statement: all a day view answered from the
 * process's cache or as 304 needs.
 */
export async function officeDayVersion(tenant: TenantDb, hospitalId: number): Promise<{ timeZone: string | null; version: string } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ timeZone: hospitals.timeZone, version: sql<string>`${dayVersionOf(sql`${hospitals.id}`)}` })
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), officeFilter(scope, hospitals.id)))
    .limit(1);
  return row ?? null;
}

/** How many of an office's appointments start in a range, by status. */
export interface OfficeAppointmentCounts {
  /** every appointment of the range but cancelled ones and unanswered requests */
  booked: number;
  completed: number;
  noShow: number;
  /** requests waiting for the doctor's answer */
  requested: number;
}

/**
 * The caller's appointments of office `r.hospitalId` starting in [`r.from`, `r.to`), counted by
 * status in one aggregate (the facility dashboard's "appointments today", docs/dashboards.md).
 */
export async function countOfficeAppointments(tenant: TenantDb, r: OfficeRange): Promise<OfficeAppointmentCounts> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      booked: sql<number>`count(*) filter (where ${a.status} not in ('CANCELLED', 'REQUESTED'))::int`,
      completed: sql<number>`count(*) filter (where ${a.status} = 'COMPLETED')::int`,
      noShow: sql<number>`count(*) filter (where ${a.status} = 'NO_SHOW')::int`,
      requested: sql<number>`count(*) filter (where ${a.status} = 'REQUESTED')::int`,
    })
    .from(a)
    .where(and(patientRowFilter(scope, a.hospitalId, a.patientId), eq(a.hospitalId, r.hospitalId), gte(a.startsAt, r.from), lt(a.startsAt, r.to)));
  return { booked: Number(row?.booked ?? 0), completed: Number(row?.completed ?? 0), noShow: Number(row?.noShow ?? 0), requested: Number(row?.requested ?? 0) };
}
