import { and, desc, eq, gte, lt, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Role } from '@vigil/contract';
import { auditEvents, hospitals, measurements, notifications, sessions, timeEntries, treatmentPlanDevices, treatmentPlanPatients, treatmentPlans, userHospitals, users } from '../../db/schema/index';
import { officeFilter, officeRowFilter, userFilter, type Scope } from '../../db/scope';
import { pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

/**
 * The Reporting section's reads (spec section 7 "Logs and reporting"; docs/audit.md "Reports").
 * Every function takes the caller's scope first; rows are limited by db/scope.ts filters only.
 */

/** A report's resolved filters: a UTC period [from, to) and the optional office, organization and staff member. */
export interface ReportWindow {
  from: Date;
  to: Date;
  hospitalId?: number;
  organizationId?: number;
  staffId?: number;
}
type Paging = { page: number; pageSize: number };

/** Roles that are not staff (their sign-ins and activity are not in the staff reports). */
const NOT_STAFF = [Role.PATIENT, Role.CARE_GIVER, Role.ECP_USER];
const fullName = (first: unknown, last: unknown) => sql<string>`coalesce(${first} || ' ' || ${last}, '')`;
const count = sql<number>`count(*)::int`;

/**
 * The user's id written out qualified: drizzle leaves the columns of a single-table select
 * unqualified, which inside a correlated subquery would bind to the inner table.
 */
const userId = sql.raw('"users"."id"');

/** The staff users the caller sees, narrowed to an office, an organization or one member. */
function staffWhere(scope: Scope, w: ReportWindow): SQL {
  return and(
    userFilter(scope, userId),
    notInArray(users.roleId, NOT_STAFF),
    w.staffId !== undefined ? eq(users.id, w.staffId) : undefined,
    w.organizationId !== undefined ? eq(users.organizationId, w.organizationId) : undefined,
    w.hospitalId !== undefined ? sql`exists (select 1 from ${userHospitals} uh where uh.user_id = ${userId} and uh.hospital_id = ${w.hospitalId})` : undefined,
  )!;
}

/** Whether a staff member with id `staffId` is one the caller sees. */
export async function isStaffVisible(tenant: TenantDb, staffId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, staffId), userFilter(scope, users.id), notInArray(users.roleId, NOT_STAFF)));
  return !!row;
}

/** Sign-ins (sessions) of staff in scope in the period, newest first. */
export async function findLogins(tenant: TenantDb, w: ReportWindow, p: Paging) {
  const { scope, db } = tenant;
  const where = and(staffWhere(scope, w), gte(sessions.createdAt, w.from), lt(sessions.createdAt, w.to));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        roleId: users.roleId,
        signedInAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        endedAt: sessions.endedAt,
        endReason: sessions.endReason,
        address: sessions.ip,
        sessionType: sessions.sessionType,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(p.pageSize)
      .offset(pageOffset(p)),
    db.select({ n: count }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, signedInAt: r.signedInAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString(), endedAt: r.endedAt?.toISOString() ?? null })),
    total: total?.n ?? 0,
  };
}

const staff = alias(users, 'staff');
const patient = alias(users, 'patient');

/** The office filter of a row of office `column` in the window: the caller's offices, and the chosen office or organization. */
function officeWindow(scope: Scope, w: ReportWindow, column: AnyColumn): SQL {
  return and(
    officeFilter(scope, column),
    w.hospitalId !== undefined ? eq(column, w.hospitalId) : undefined,
    w.organizationId !== undefined ? sql`exists (select 1 from ${hospitals} h where h.id = ${column} and h.organization_id = ${w.organizationId})` : undefined,
  )!;
}

/** Time-tracking entries of the offices in scope started in the period, newest first. */
export async function findTimeTrackings(tenant: TenantDb, w: ReportWindow, p: Paging) {
  const { scope, db } = tenant;
  const t = timeEntries;
  const where = and(officeWindow(scope, w, t.hospitalId), gte(t.startedAt, w.from), lt(t.startedAt, w.to), w.staffId !== undefined ? eq(t.staffUserId, w.staffId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: t.id,
        staffId: t.staffUserId,
        staffName: fullName(staff.firstName, staff.lastName),
        patientId: t.patientId,
        patientName: fullName(patient.firstName, patient.lastName),
        hospitalId: t.hospitalId,
        program: t.program,
        activity: t.activity,
        startedAt: t.startedAt,
        endedAt: t.endedAt,
        seconds: t.seconds,
        isAutomatic: t.isAutomatic,
      })
      .from(t)
      .leftJoin(staff, eq(staff.id, t.staffUserId))
      .leftJoin(patient, eq(patient.id, t.patientId))
      .where(where)
      .orderBy(desc(t.startedAt), desc(t.id))
      .limit(p.pageSize)
      .offset(pageOffset(p)),
    db.select({ n: count }).from(t).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString(), endedAt: r.endedAt?.toISOString() ?? null })), total: total?.n ?? 0 };
}

/** Readings of the offices in scope measured in the period (staffId: entered by that member), newest first. */
export async function findMeasurements(tenant: TenantDb, w: ReportWindow, p: Paging) {
  const { scope, db } = tenant;
  const m = measurements;
  const where = and(officeWindow(scope, w, m.hospitalId), gte(m.measuredAt, w.from), lt(m.measuredAt, w.to), w.staffId !== undefined ? eq(m.enteredBy, w.staffId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: m.id,
        patientId: m.patientId,
        patientName: fullName(patient.firstName, patient.lastName),
        hospitalId: m.hospitalId,
        deviceType: m.deviceType,
        measuredAt: m.measuredAt,
        source: m.source,
        severity: m.severity,
        enteredBy: m.enteredBy,
        enteredByName: fullName(staff.firstName, staff.lastName),
      })
      .from(m)
      .leftJoin(staff, eq(staff.id, m.enteredBy))
      .leftJoin(patient, eq(patient.id, m.patientId))
      .where(where)
      .orderBy(desc(m.measuredAt), desc(m.id))
      .limit(p.pageSize)
      .offset(pageOffset(p)),
    db.select({ n: count }).from(m).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, measuredAt: r.measuredAt.toISOString() })), total: total?.n ?? 0 };
}

/**
 * Per staff member in scope: sign-ins, seconds of tracked time (in the caller's offices), readings
 * entered by hand and patient records read (audit trail, action R with a patient) in the period,
 * by last name.
 */
export async function findStaffActivity(tenant: TenantDb, w: ReportWindow, p: Paging) {
  const { scope, db } = tenant;
  const where = staffWhere(scope, w);
  const logins = sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.createdAt} >= ${w.from} and ${sessions.createdAt} < ${w.to})`;
  const seconds = sql<number>`(select coalesce(sum(${timeEntries.seconds}), 0)::int from ${timeEntries} where ${timeEntries.staffUserId} = ${userId} and ${timeEntries.startedAt} >= ${w.from} and ${timeEntries.startedAt} < ${w.to} and ${officeWindow(scope, w, timeEntries.hospitalId)})`;
  const entered = sql<number>`(select count(*)::int from ${measurements} where ${measurements.enteredBy} = ${userId} and ${measurements.measuredAt} >= ${w.from} and ${measurements.measuredAt} < ${w.to} and ${officeWindow(scope, w, measurements.hospitalId)})`;
  const opened = sql<number>`(select count(*)::int from ${auditEvents} where ${auditEvents.userId} = ${userId} and ${auditEvents.action} = 'R' and ${auditEvents.patientId} is not null and ${auditEvents.at} >= ${w.from} and ${auditEvents.at} < ${w.to})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ staffId: users.id, firstName: users.firstName, lastName: users.lastName, roleId: users.roleId, logins, secondsTracked: seconds, readingsEntered: entered, recordsOpened: opened })
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, users.id)
      .limit(p.pageSize)
      .offset(pageOffset(p)),
    db.select({ n: count }).from(users).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0 };
}

/** The offices the caller sees (all, or the one asked for), with their time zones. */
export async function officesInScope(tenant: TenantDb, hospitalId?: number) {
  const { scope, db } = tenant;
  return db
    .select({ id: hospitals.id, timeZone: hospitals.timeZone })
    .from(hospitals)
    .where(and(officeRowFilter(scope, hospitals.id, hospitals.organizationId), hospitalId !== undefined ? eq(hospitals.id, hospitalId) : undefined));
}

/** Facts of the daily score of each monitored patient of office `hospitalId` since `from` (docs/audit.md "Daily score"). */
export async function dailyScoreFacts(tenant: TenantDb, hospitalId: number, from: Date) {
  const { scope, db } = tenant;
  const planned = sql<number>`(
    select coalesce(sum((case when d.time1 is not null and d.time1 <> '' then 1 else 0 end) + (case when d.time2 is not null and d.time2 <> '' then 1 else 0 end)
      + (case when d.time3 is not null and d.time3 <> '' then 1 else 0 end) + (case when d.time4 is not null and d.time4 <> '' then 1 else 0 end)), 0)::int
    from ${treatmentPlanDevices} d join ${treatmentPlans} tp on tp.id = d.treatment_plan_id
    where tp.status = 1 and (tp.patient_id = ${users.id}
      or exists (select 1 from ${treatmentPlanPatients} tpp where tpp.treatment_plan_id = tp.id and tpp.patient_user_id = ${users.id})))`;
  const taken = sql<number>`(select count(*)::int from ${measurements} m where m.patient_id = ${users.id} and m.hospital_id = ${hospitalId} and m.measured_at >= ${from})`;
  const abnormal = sql<number>`(select count(*)::int from ${measurements} m where m.patient_id = ${users.id} and m.hospital_id = ${hospitalId} and m.measured_at >= ${from} and m.severity > 0)`;
  // One alert per reading (or per missed slot), whoever received a copy of it.
  const open = sql<number>`(select count(distinct coalesce(n.measurement_id::text, n.dedupe_key, n.id::text))::int from ${notifications} n
    where n.related_patient_id = ${users.id} and n.hospital_id = ${hospitalId} and n.processing_status = 0 and n.notification_type_id in (3, 5))`;
  return db
    .select({ patientId: users.id, firstName: users.firstName, lastName: users.lastName, planned, taken, abnormal, open })
    .from(users)
    .innerJoin(userHospitals, and(eq(userHospitals.userId, users.id), eq(userHospitals.hospitalId, hospitalId)))
    .where(and(eq(users.roleId, Role.PATIENT), eq(users.status, 1), officeFilter(scope, userHospitals.hospitalId)))
    .orderBy(sql`lower(${users.lastName})`, users.id);
}

