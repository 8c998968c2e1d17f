import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NotificationType, ProcessingStatus, Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  hospitals,
  measurements,
  medicalDevices,
  medicalTeamMembers,
  medicalTeams,
  notifications,
  treatmentPlanPatients,
  treatmentPlans,
  userHospitals,
  users,
} from '../../db/schema/index';
import { officeFilter, patientRowFilter, userFilter } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import type { NotificationNames, NotificationRow } from './notifications.view';
import type { TenantDb } from '../../db/handles';

export type NotificationInsert = typeof notifications.$inferInsert;

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const processor = alias(users, 'processor');
const patient = alias(users, 'patient');

/**
 * A `created_at >= <start>` condition where the start depends on a row's time zone: `starts` maps
 * each stored zone name to the start instant of the period in that zone, `fallback` serves rows
 * whose zone is not in the map (or null). Null `fallback` and an empty map: no condition.
 */
function sinceByZone(createdAt: SQL | typeof notifications.createdAt, zoneColumn: SQL | typeof hospitals.timeZone, starts: Map<string, Date>, fallback: Date | null): SQL | undefined {
  if (fallback === null) { return undefined; }
  if (starts.size === 0) { return sql`${createdAt} >= ${fallback.toISOString()}::timestamptz`; }
  const branches = [...starts].map(([zone, start]) => sql`when ${zone} then ${start.toISOString()}::timestamptz`);
  return sql`${createdAt} >= (case ${zoneColumn} ${sql.join(branches, sql` `)} else ${fallback.toISOString()}::timestamptz end)`;
}

function namesQuery(db: Executor) {
  return db
    .select({
      n: notifications,
      fromFirstName: fromUser.firstName,
      fromLastName: fromUser.lastName,
      toFirstName: toUser.firstName,
      toLastName: toUser.lastName,
      processedByFirstName: processor.firstName,
      processedByLastName: processor.lastName,
    })
    .from(notifications)
    .innerJoin(toUser, eq(toUser.id, notifications.toUserId))
    .leftJoin(fromUser, eq(fromUser.id, notifications.fromUserId))
    .leftJoin(processor, eq(processor.id, notifications.processedBy));
}

type NamedRow = { row: NotificationRow; names: NotificationNames };

function named(r: Awaited<ReturnType<ReturnType<typeof namesQuery>['execute']>>[number]): NamedRow {
  const { n, ...names } = r;
  return { row: n, names };
}

/** One of the caller's own notifications (toUserId = caller) with the names its view shows, or null. */
export async function getOwnNotification(tenant: TenantDb, notificationId: number): Promise<NamedRow | null> {
  const { scope, db } = tenant;
  const [r] = await namesQuery(db)
    .where(and(eq(notifications.id, notificationId), eq(notifications.toUserId, scope.userId)))
    .limit(1);
  return r ? named(r) : null;
}

/**
 * Notifications by id, with names, whose recipient the caller may see (`userFilter`): what a
 * sender, or the server delivering what it just wrote (system scope), reads back.
 */
export async function findNotificationsByIds(tenant: TenantDb, ids: number[]): Promise<NamedRow[]> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  const rows = await namesQuery(db)
    .where(and(inArray(notifications.id, ids), userFilter(scope, notifications.toUserId)))
    .orderBy(asc(notifications.id));
  return rows.map(named);
}

/** Marks one of the caller's notifications read (readAt keeps the first time); whether it exists. */
export async function markRead(tenant: TenantDb, notificationId: number, now: Date): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.toUserId, scope.userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Marks every unread notification of type `typeId` (null: of every type) of user `userId` (whom the
 * caller may see) read; how many.
 */
export async function markAllRead(tenant: TenantDb, userId: number, typeId: number | null, now: Date): Promise<number> {
  const { scope, db } = tenant;
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: now })
    .where(
      and(
        eq(notifications.toUserId, userId),
        typeId !== null ? eq(notifications.notificationTypeId, typeId) : undefined,
        eq(notifications.isRead, false),
        userFilter(scope, notifications.toUserId),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** A user the caller may see (`userFilter`), with role, status and time zone; null otherwise. */
export async function getVisibleUser(tenant: TenantDb, userId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, status: users.status, firstName: users.firstName, lastName: users.lastName, userTimezone: users.userTimezone })
    .from(users)
    .where(and(eq(users.id, userId), userFilter(scope, users.id)))
    .limit(1);
  return row ?? null;
}

/**
 * A page of the caller's notifications, newest first, created at or after `since` (null: all), of
 * one type when given, unread only when asked; with the total and the caller's unread count (all time).
 */
export async function findOwnPage(
  tenant: TenantDb,
  q: { since: Date | null; typeId?: number; unreadOnly: boolean; page: number; pageSize: number },
) {
  const { scope, db } = tenant;
  const where = and(
    eq(notifications.toUserId, scope.userId),
    q.since ? sql`${notifications.createdAt} >= ${q.since.toISOString()}::timestamptz` : undefined,
    q.typeId !== undefined ? eq(notifications.notificationTypeId, q.typeId) : undefined,
    q.unreadOnly ? eq(notifications.isRead, false) : undefined,
  );
  const rows = await db
    .select({
      n: {
        id: notifications.id,
        notificationTypeId: notifications.notificationTypeId,
        fromUserId: notifications.fromUserId,
        messageEn: notifications.messageEn,
        messageEs: notifications.messageEs,
        createdAt: notifications.createdAt,
        isRead: notifications.isRead,
        severity: notifications.severity,
        deviceType: notifications.deviceType,
        relatedPatientId: notifications.relatedPatientId,
        processingStatus: notifications.processingStatus,
      },
      firstName: fromUser.firstName,
      lastName: fromUser.lastName,
    })
    .from(notifications)
    .leftJoin(fromUser, eq(fromUser.id, notifications.fromUserId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.toUserId, scope.userId), eq(notifications.isRead, false)));
  return { rows, total: total?.n ?? 0, unreadCount: unread?.n ?? 0 };
}

/**
 * The stored time zones of the offices the caller sees (or of office `hospitalId` only), for
 * per-office local days.
 */
export async function findOfficeZones(tenant: TenantDb, hospitalId?: number): Promise<string[]> {
  const { scope, db } = tenant;
  const rows = await db
    .selectDistinct({ timeZone: hospitals.timeZone })
    .from(hospitals)
    .where(and(officeFilter(scope, hospitals.id), hospitalId !== undefined ? eq(hospitals.id, hospitalId) : undefined));
  return rows.map((r) => r.timeZone);
}

export interface WorklistFilter {
  /** 'own': the caller's copies; 'office': every copy in the caller's offices (one row per alert either way) */
  view: 'own' | 'office';
  typeIds: number[];
  hospitalId?: number;
  patientId?: number;
  deviceType?: string;
  processed: 'true' | 'false' | 'all';
  search?: string;
  sort: 'severity' | 'newest';
  /** per office zone: the period's start; `fallback` for alerts without an office; null fallback = no limit */
  starts: Map<string, Date>;
  fallback: Date | null;
  page: number;
  pageSize: number;
}

/**
 * What makes notification copies one alert: the type, then the reading (abnormal measurement), or
 * the dedupe key in its office (a missed slot: `missed:<plan device>:<day>:<slot>`), or else the
 * row itself.
 */
const alertKey = sql`(${notifications.notificationTypeId}::text || ':' || coalesce(
  'm' || ${notifications.measurementId}::text,
  'k' || ${notifications.dedupeKey} || '@' || coalesce(${notifications.hospitalId}::text, '-'),
  'n' || ${notifications.id}::text))`;

/** A missed slot's due time from its additionalData (ISO text written by the job), or null. */
const scheduledAt = sql`(case when (${notifications.additionalData} ->> 'scheduledAt') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'
  then (${notifications.additionalData} ->> 'scheduledAt')::timestamptz end)`;

/**
 * When an alert happened: the reading's measured time, a missed slot's due time, else the
 * notification's creation. "Today" and the order are by this time (a reading that arrives late
 * belongs to the day it was measured), not by when the server heard of it.
 */
const alertTime = sql`coalesce(${measurements.measuredAt}, ${scheduledAt}, ${notifications.createdAt})`;

/**
 * The alert worklist, one row per alert (reading or missed slot), paged in SQL.
 *  - view 'own': the caller's own notifications of `typeIds` in offices they still see (or without
 *    an office);
 *  - view 'office': the notifications of `typeIds` of the caller's offices, whoever received them.
 * Of an alert's copies the row shows a processed one when any is (so "processed" is the alert's
 * state), else the caller's own, else the first. Filters: office, patient (relatedPatientId),
 * device type, processed, the period (the reading measured, or the slot due, at or after each
 * office's start: `alertTime`), patient name. Order ('severity'): open first, most severe, most
 * recent measurement; or by the reading's time / the slot's due time ('newest'). Returns the rows with patient, office, processor and reading, and the total.
 */
export async function findWorklistPage(tenant: TenantDb, f: WorklistFilter) {
  const { scope, db } = tenant;
  const term = f.search?.trim();
  const where = and(
    f.view === 'own' ? eq(notifications.toUserId, scope.userId) : isNotNull(notifications.hospitalId),
    inArray(notifications.notificationTypeId, f.typeIds),
    f.view === 'own'
      ? or(isNull(notifications.hospitalId), officeFilter(scope, notifications.hospitalId))
      : officeFilter(scope, notifications.hospitalId),
    f.hospitalId !== undefined ? eq(notifications.hospitalId, f.hospitalId) : undefined,
    f.patientId !== undefined ? eq(notifications.relatedPatientId, f.patientId) : undefined,
    f.deviceType ? eq(notifications.deviceType, f.deviceType) : undefined,
    sinceByZone(alertTime, hospitals.timeZone, f.starts, f.fallback),
    term ? sql`(${patient.firstName} || ' ' || ${patient.lastName}) ilike ${'%' + escapeLike(term) + '%'}` : undefined,
  );
  // One representative copy per alert.
  const representatives = db
    .selectDistinctOn([alertKey], { id: notifications.id })
    .from(notifications)
    .leftJoin(patient, eq(patient.id, notifications.relatedPatientId))
    .leftJoin(hospitals, eq(hospitals.id, notifications.hospitalId))
    .leftJoin(measurements, eq(measurements.id, notifications.measurementId))
    .where(where)
    .orderBy(alertKey, desc(notifications.processingStatus), desc(sql`(${notifications.toUserId} = ${scope.userId})`), asc(notifications.id));
  const chosen = and(
    inArray(notifications.id, representatives),
    f.processed === 'all' ? undefined : eq(notifications.processingStatus, f.processed === 'true' ? ProcessingStatus.PROCESSED : ProcessingStatus.OPEN),
  );
  // The page's stated order (spec section 4, docs/dates.md): open first, most severe, most recent measurement.
  const order =
    f.sort === 'newest'
      ? [desc(alertTime), desc(notifications.id)]
      : [asc(notifications.processingStatus), desc(notifications.severity), desc(alertTime), desc(notifications.id)];
  const rows = await db
    .select({
      n: notifications,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      hospitalName: hospitals.hospitalName,
      processedByFirstName: processor.firstName,
      processedByLastName: processor.lastName,
      measuredAt: measurements.measuredAt,
      receivedAt: measurements.createdAt,
      isSimulated: measurements.isSimulated,
      valuesJson: measurements.valuesJson,
    })
    .from(notifications)
    .leftJoin(patient, eq(patient.id, notifications.relatedPatientId))
    .leftJoin(hospitals, eq(hospitals.id, notifications.hospitalId))
    .leftJoin(processor, eq(processor.id, notifications.processedBy))
    .leftJoin(measurements, eq(measurements.id, notifications.measurementId))
    .where(chosen)
    .orderBy(...order)
    .limit(f.pageSize)
    .offset(pageOffset(f));
  const [total] = await db.select({ n: count() }).from(notifications).where(chosen);
  return { rows, total: total?.n ?? 0 };
}

/**
 * An alert (of `typeIds`) of one of the caller's offices, whoever received it, with names; null
 * otherwise. What an office-view caller (office, organization, system admin) may process.
 */
export async function getOfficeAlert(tenant: TenantDb, notificationId: number, typeIds: number[]): Promise<NamedRow | null> {
  const { scope, db } = tenant;
  const [r] = await namesQuery(db)
    .where(
      and(
        eq(notifications.id, notificationId),
        inArray(notifications.notificationTypeId, typeIds),
        isNotNull(notifications.hospitalId),
        officeFilter(scope, notifications.hospitalId),
      ),
    )
    .limit(1);
  return r ? named(r) : null;
}

/** The caller's time zone and settings (display units live in `userSettingsJson.units`). */
export async function getCallerSettings(tenant: TenantDb): Promise<{ userTimezone: string | null; userSettingsJson: unknown } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ userTimezone: users.userTimezone, userSettingsJson: users.userSettingsJson })
    .from(users)
    .where(eq(users.id, scope.userId))
    .limit(1);
  return row ?? null;
}

/**
 * Processes an open alert and its copies for the rest of the team, in the caller's offices: the
 * copies of an abnormal measurement share `measurementId`, those of a scheduled alert share
 * `dedupeKey` (and office). Only rows still open change, so of two team-mates processing at once,
 * one wins. Returns the rows changed.
 */
export async function processAlertCopies(
  tenant: TenantDb,
  alert: { id: number; notificationTypeId: number; measurementId: number | null; dedupeKey: string | null; hospitalId: number | null },
  values: { processedBy: number; processedAt: Date; resolutionComments: string },
) {
  const { scope, db: tx } = tenant;
  const copies = [eq(notifications.id, alert.id)];
  if (alert.measurementId !== null) { copies.push(eq(notifications.measurementId, alert.measurementId)); }
  else if (alert.dedupeKey !== null && alert.hospitalId !== null) {
    copies.push(and(eq(notifications.dedupeKey, alert.dedupeKey), eq(notifications.hospitalId, alert.hospitalId))!);
  }
  // The processor has read the alert they processed: their own copy turns read with it (the bell
  // count follows); team-mates' copies keep their own read state.
  const ownCopy = sql`${notifications.toUserId} = ${values.processedBy}`;
  return tx
    .update(notifications)
    .set({
      processingStatus: ProcessingStatus.PROCESSED,
      ...values,
      isRead: sql`case when ${ownCopy} then true else ${notifications.isRead} end`,
      readAt: sql`case when ${ownCopy} then coalesce(${notifications.readAt}, ${values.processedAt.toISOString()}::timestamptz) else ${notifications.readAt} end`,
    })
    .where(
      and(
        or(...copies),
        eq(notifications.notificationTypeId, alert.notificationTypeId),
        eq(notifications.processingStatus, ProcessingStatus.OPEN),
        officeFilter(scope, notifications.hospitalId),
      ),
    )
    .returning({ id: notifications.id, toUserId: notifications.toUserId });
}

/**
 * Writes notifications; a row whose (toUserId, dedupeKey) already exists is skipped, which makes
 * the alerts of a reading and the scheduled jobs idempotent. Every recipient must be a user the
 * caller may see (callers check; rows for others are dropped here too). Returns the rows written.
 */
export async function insertNotifications(tenant: TenantDb, values: NotificationInsert[]): Promise<NotificationRow[]> {
  const { scope, db: tx } = tenant;
  if (values.length === 0) { return []; }
  const recipients = [...new Set(values.map((v) => v.toUserId))];
  const visible = new Set(
    (await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, recipients), userFilter(scope, users.id)))).map((r) => r.id),
  );
  const allowed = values.filter((v) => visible.has(v.toUserId));
  if (allowed.length === 0) { return []; }
  return tx.insert(notifications).values(allowed).onConflictDoNothing().returning();
}

/**
 * The active members of the medical team of each (patient, office) pair, in the caller's offices,
 * with the team id and the patient's name. A patient has at most one team per office.
 */
export async function findTeamRecipients(tenant: TenantDb, pairs: { patientId: number; hospitalId: number }[]) {
  const { scope, db } = tenant;
  if (pairs.length === 0) { return []; }
  const keys = [...new Map(pairs.map((p) => [`${p.patientId}:${p.hospitalId}`, p])).values()];
  return db
    .select({
      patientId: medicalTeams.patientId,
      hospitalId: medicalTeams.hospitalId,
      medicalTeamId: medicalTeams.id,
      userId: medicalTeamMembers.userId,
    })
    .from(medicalTeams)
    .innerJoin(medicalTeamMembers, eq(medicalTeamMembers.medicalTeamId, medicalTeams.id))
    .innerJoin(users, eq(users.id, medicalTeamMembers.userId))
    .where(
      and(
        or(...keys.map((k) => and(eq(medicalTeams.patientId, k.patientId), eq(medicalTeams.hospitalId, k.hospitalId)))),
        eq(users.status, 1),
        officeFilter(scope, medicalTeams.hospitalId),
      ),
    )
    .orderBy(asc(medicalTeams.id), asc(medicalTeamMembers.userId));
}

/** Names and status of users the caller may see, by id. */
export async function findUserNames(tenant: TenantDb, ids: number[]) {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, status: users.status, roleId: users.roleId })
    .from(users)
    .where(and(inArray(users.id, ids), userFilter(scope, users.id)));
}

/** A medical team in the caller's offices (a patient: only their own), or null. */
export async function getTeamInScope(tenant: TenantDb, teamId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: medicalTeams.id, patientId: medicalTeams.patientId, hospitalId: medicalTeams.hospitalId })
    .from(medicalTeams)
    .where(
      and(
        eq(medicalTeams.id, teamId),
        patientRowFilter(scope, medicalTeams.hospitalId, medicalTeams.patientId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The active members of a team (checked to be in scope by the caller). */
export async function findActiveTeamMemberIds(tenant: TenantDb, teamId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ userId: medicalTeamMembers.userId })
    .from(medicalTeamMembers)
    .innerJoin(medicalTeams, eq(medicalTeams.id, medicalTeamMembers.medicalTeamId))
    .innerJoin(users, eq(users.id, medicalTeamMembers.userId))
    .where(and(eq(medicalTeamMembers.medicalTeamId, teamId), eq(users.status, 1), officeFilter(scope, medicalTeams.hospitalId)))
    .orderBy(asc(medicalTeamMembers.userId));
  return rows.map((r) => r.userId);
}

// Dashboard ---------------------------------------------------------------------------------

/**
 * The offices a dashboard covers: `hospitalId`'s when given (null when not the caller's), else
 * every office the caller sees, with their time zones.
 */
export async function findDashboardOffices(tenant: TenantDb, hospitalId?: number) {
  const { scope, db } = tenant;
  return db
    .select({ id: hospitals.id, timeZone: hospitals.timeZone })
    .from(hospitals)
    .where(and(officeFilter(scope, hospitals.id), hospitalId !== undefined ? eq(hospitals.id, hospitalId) : undefined))
    .orderBy(asc(hospitals.id));
}

/**
 * The dashboard's monitored patients as a subquery: active patients assigned to one of `officeIds`
 * with an active monitoring plan (their own, or an office plan they are assigned to) or an active device.
 */
function monitoredPatientIds(officeIds: number[]): SQL {
  return sql`
    select distinct ${users.id} as id
    from ${users}
    join ${userHospitals} on ${userHospitals.userId} = ${users.id}
    where ${inArray(userHospitals.hospitalId, officeIds)}
      and ${users.roleId} = ${Role.PATIENT} and ${users.status} = 1
      and (
        exists (select 1 from ${treatmentPlans} tp where tp.patient_id = ${users.id} and tp.status = 1)
        or exists (
          select 1 from ${treatmentPlanPatients} tpp join ${treatmentPlans} tp2 on tp2.id = tpp.treatment_plan_id
          where tpp.patient_user_id = ${users.id} and tp2.status = 1
        )
        or exists (select 1 from ${medicalDevices} md where md.patient_id = ${users.id} and md.status = 1)
      )`;
}

/**
 * The dashboard's figures for `officeIds` (already in the caller's scope): monitored patients,
 * today's abnormal-measurement alerts per reading by severity and still open (today: the reading
 * was measured today, `alertTime`, as in the worklist), today's missed
 * measurements per scheduled time, today's readings (simulated apart), and monitored patients
 * whose last reading in the caller's offices is older than `silentSince` (first `limit` by name of
 * the oldest reading first, and their number). `dayStarts` maps office ids to the start of their
 * local day.
 */
export async function dashboardFigures(tenant: TenantDb, officeIds: number[], dayStarts: Map<number, Date>, silentSince: Date, limit: number) {
  const { scope, db } = tenant;
  const empty = { monitored: 0, alerts: { total: 0, caution: 0, critical: 0, open: 0 }, missed: 0, readings: 0, simulated: 0, silent: [] as SilentPatient[], silentTotal: 0 };
  if (officeIds.length === 0) { return empty; }
  const startOf = (column: SQL) =>
    sql`(case ${column} ${sql.join(
      [...dayStarts].map(([id, start]) => sql`when ${id} then ${start.toISOString()}::timestamptz`),
      sql` `,
    )} end)`;
  const exec = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  const [monitored] = await exec<{ n: number }>(sql`select count(*)::int as n from (${monitoredPatientIds(officeIds)}) mp`);
  const n = notifications;
  const typeIs = (type: number) => sql`${n.notificationTypeId} = ${type}`;
  const [alerts] = await exec<{ total: number; caution: number; critical: number; open: number; missed: number }>(sql`
    select
      count(distinct ${n.measurementId}) filter (where ${typeIs(NotificationType.ABNORMAL_MEASUREMENT)})::int as total,
      count(distinct ${n.measurementId}) filter (where ${typeIs(NotificationType.ABNORMAL_MEASUREMENT)} and ${n.severity} = 1)::int as caution,
      count(distinct ${n.measurementId}) filter (where ${typeIs(NotificationType.ABNORMAL_MEASUREMENT)} and ${n.severity} >= 2)::int as critical,
      count(distinct ${n.measurementId}) filter (where ${typeIs(NotificationType.ABNORMAL_MEASUREMENT)} and ${n.processingStatus} = ${ProcessingStatus.OPEN})::int as open,
      count(distinct ${n.dedupeKey}) filter (where ${typeIs(NotificationType.MISSED_MEASUREMENT)})::int as missed
    from ${n}
    left join ${measurements} on ${measurements.id} = ${n.measurementId}
    where ${inArray(n.hospitalId, officeIds)}
      and ${inArray(n.notificationTypeId, [NotificationType.ABNORMAL_MEASUREMENT, NotificationType.MISSED_MEASUREMENT])}
      and ${alertTime} >= ${startOf(sql`${n.hospitalId}`)}`);
  const m = measurements;
  const [readings] = await exec<{ n: number; simulated: number }>(sql`
    select count(*)::int as n, count(*) filter (where ${m.isSimulated})::int as simulated
    from ${m}
    where ${inArray(m.hospitalId, officeIds)} and ${m.measuredAt} >= ${startOf(sql`${m.hospitalId}`)}`);
  const silentRows = await exec<{ id: number; first_name: string; last_name: string; last_reading_at: string | Date | null; total: number }>(sql`
    select u.id, u.first_name, u.last_name, l.last_reading_at, count(*) over ()::int as total
    from (${monitoredPatientIds(officeIds)}) mp
    join ${users} u on u.id = mp.id
    left join lateral (
      select max(${m.measuredAt}) as last_reading_at from ${m}
      where ${m.patientId} = mp.id and ${officeFilter(scope, m.hospitalId)}
    ) l on true
    where l.last_reading_at is null or l.last_reading_at < ${silentSince.toISOString()}::timestamptz
    order by l.last_reading_at asc nulls first, u.last_name, u.first_name, u.id
    limit ${limit}`);
  return {
    monitored: monitored?.n ?? 0,
    alerts: { total: alerts?.total ?? 0, caution: alerts?.caution ?? 0, critical: alerts?.critical ?? 0, open: alerts?.open ?? 0 },
    missed: alerts?.missed ?? 0,
    readings: readings?.n ?? 0,
    simulated: readings?.simulated ?? 0,
    silent: silentRows.map(
      (r): SilentPatient => ({
        patientId: Number(r.id),
        firstName: r.first_name,
        lastName: r.last_name,
        lastReadingAt: r.last_reading_at === null ? null : new Date(r.last_reading_at),
      }),
    ),
    silentTotal: Number(silentRows[0]?.total ?? 0),
  };
}

export interface SilentPatient {
  patientId: number;
  firstName: string;
  lastName: string;
  lastReadingAt: Date | null;
}

/** The open-alert figures of some offices (countOpenAlerts). */
export interface OpenAlertCounts {
  /** open abnormal-reading alerts, per reading */
  total: number;
  /** of them, severity caution (1) */
  caution: number;
  /** of them, severity critical (2 and above) */
  critical: number;
}

/**
 * Open alerts and critical alerts, the one definition every screen uses (docs/dashboards.md "One
 * definition per figure"): the abnormal-reading alerts of offices `officeIds` (narrowed to the
 * caller's offices), counted per reading (the copies a reading's alert sent to several staff are
 * one alert), open while no copy of it has been processed, whenever it was raised; a reading's
 * severity is the highest of its copies. Critical: severity 2 and above; caution: 1.
 */
export async function countOpenAlerts(tenant: TenantDb, officeIds: number[]): Promise<OpenAlertCounts> {
    const { scope, db } = tenant;
  if (officeIds.length === 0) { return { total: 0, caution: 0, critical: 0 }; }
  const n = notifications;
  const result = await db.execute(sql`
    with a as (
      select ${n.measurementId} as mid, max(${n.severity}) as severity
      from ${n}
      where ${n.notificationTypeId} = ${NotificationType.ABNORMAL_MEASUREMENT} and ${n.measurementId} is not null
        and ${inArray(n.hospitalId, officeIds)} and ${officeFilter(scope, n.hospitalId)}
      group by ${n.measurementId}
      having bool_and(${n.processingStatus} = ${ProcessingStatus.OPEN})
    )
    select count(*)::int as total, count(*) filter (where severity = 1)::int as caution, count(*) filter (where severity >= 2)::int as critical from a`);
  const [row] = (result as unknown as { rows: { total: number; caution: number; critical: number }[] }).rows;
  return { total: Number(row?.total ?? 0), caution: Number(row?.caution ?? 0), critical: Number(row?.critical ?? 0) };
}
