import {
  DASHBOARD_SILENT_HOURS,
  DASHBOARD_SILENT_PATIENTS_LIMIT,
  NotificationType,
  Role,
  ProcessingStatus,
  unitPreferencesOf,
  worklistNotificationTypeIds,
  can,
  type DashboardSummary,
  type Lang,
  type MarkAllReadResult,
  type MarkAsProcessedResult,
  type MyNotificationsQuery,
  type Notification,
  type NotificationMinimalPage,
  type NotificationWithPatientPage,
  type SentToMedicalTeam,
  type WorklistQuery,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import { assertOfficeInScope, systemScope, type Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { filterCaseStart, localDateOf, officeTimeZone, startOfLocalDay } from '../../lib/office-calendar';
import { newGroupMessageKey, publishMessageRead } from '../chat/index';
import * as repo from './notifications.repo';
import { toMinimalView, toNotificationView, toWorklistView, type NotificationRow } from './notifications.view';
import { tenantDb } from '../../db/handles';

/** Rows per INSERT when the server writes many notifications at once (a job's run). */
const INSERT_CHUNK = 500;

/** Whether the caller sees the office view of the worklist (permission notifications.officeView: admins, who are not on care teams). */
const seesOfficeView = (scope: Scope) => can(scope.role, 'notifications.officeView');

const isAlertType = (typeId: number) => (worklistNotificationTypeIds as readonly number[]).includes(typeId);

/**
 * Publishes `rows` (just committed) on the real-time socket: each recipient's open browsers get
 * `{ type: 'notification', data }` with the notification as received (spec section 3).
 */
export async function deliverNotifications(ctx: AppContext, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) { return; }
  const named = await repo.findNotificationsByIds(tenantDb(systemScope, ctx.db), rows.map((r) => r.id));
  await ctx.realtime.publish(named.map(({ row, names }) => ({ userId: row.toUserId, message: { type: 'notification', data: toNotificationView(row, names) } })));
}

/**
 * Writes notifications the server raises itself (alerts, scheduled jobs) in one transaction,
 * skipping those whose (recipient, dedupeKey) exists, then publishes the new ones. Returns them.
 */
export async function createAndDeliver(ctx: AppContext, values: repo.NotificationInsert[]): Promise<NotificationRow[]> {
  if (values.length === 0) { return []; }
  const rows = await ctx.db.transaction(async (tx) => {
    const out: NotificationRow[] = [];
    for (let i = 0; i < values.length; i += INSERT_CHUNK) { out.push(...(await repo.insertNotifications(tenantDb(systemScope, tx), values.slice(i, i + INSERT_CHUNK)))); }
    return out;
  });
  await deliverNotifications(ctx, rows);
  return rows;
}

async function ownOrNotFound(ctx: AppContext, scope: Scope, notificationId: number) {
  const found = await repo.getOwnNotification(tenantDb(scope, ctx.db), notificationId);
  if (!found) { throw AppError.notFound(); }
  return found;
}

async function callerTimeZone(ctx: AppContext, scope: Scope): Promise<string> {
  const me = await repo.getVisibleUser(tenantDb(scope, ctx.db), scope.userId);
  return officeTimeZone(me?.userTimezone);
}

/**
 * `POST pushnotifications/sendnotificationtouser`: an outgoing notification (spec section 3) from
 * the caller to `userId`, created unread now, then pushed to the recipient's open browsers. The
 * message is stored as both the English and the Spanish text (a person writes one language). A
 * patient recipient becomes the related patient. 404 "Invalid id" when the recipient is not a user
 * the caller may see. Answers the created notification.
 */
export async function sendToUser(
  ctx: AppContext,
  scope: Scope,
  body: {
    userId: number;
    notificationMsg: string;
    notificationTypeId: number;
    deviceType?: string | null;
    additionalData?: Record<string, unknown> | null;
    referenceData?: string | null;
  },
): Promise<Notification> {
  const recipient = await repo.getVisibleUser(tenantDb(scope, ctx.db), body.userId);
  if (!recipient) { throw AppError.notFound(); }
  const [row] = await ctx.db.transaction((tx) =>
    repo.insertNotifications(tenantDb(scope, tx), [
      {
        notificationTypeId: body.notificationTypeId,
        fromUserId: scope.userId,
        toUserId: recipient.id,
        relatedPatientId: recipient.roleId === Role.PATIENT ? recipient.id : null,
        messageEn: body.notificationMsg,
        messageEs: body.notificationMsg,
        deviceType: body.deviceType ?? null,
        additionalData: body.additionalData ?? {},
        referenceData: body.referenceData ?? '',
        createdAt: new Date(),
      },
    ]),
  );
  if (!row) { throw AppError.notFound(); }
  // One read with names serves both the push and the answer (a chat message's send-to-delivered path, bench/chat.ts).
  const [named] = await repo.findNotificationsByIds(tenantDb(scope, ctx.db), [row.id]);
  const view = toNotificationView(named!.row, named!.names);
  await ctx.realtime.publish([{ userId: row.toUserId, message: { type: 'notification', data: view } }]);
  return view;
}

/**
 * `POST pushnotifications/sendnotificationtomedicalteam`: the message to every active member of
 * the team except the sender, as group notifications about the team's patient in the team's office,
 * in one transaction, then pushed. The copies of a chat message share a group key (dedupeKey, see
 * features/chat), so a thread shows it once. 404 when the team is not in the caller's offices.
 */
export async function sendToMedicalTeam(
  ctx: AppContext,
  scope: Scope,
  body: { medicalTeamId: number; message: string; notificationTypeId: number },
): Promise<SentToMedicalTeam> {
  const team = await repo.getTeamInScope(tenantDb(scope, ctx.db), body.medicalTeamId);
  if (!team) { throw AppError.notFound(); }
  const members = (await repo.findActiveTeamMemberIds(tenantDb(scope, ctx.db), team.id)).filter((id) => id !== scope.userId);
  const now = new Date();
  // The copies of one chat message share a key, so a thread shows the sender one message (features/chat).
  const groupKey = body.notificationTypeId === NotificationType.CHAT ? newGroupMessageKey() : null;
  const rows = await ctx.db.transaction((tx) =>
    repo.insertNotifications(
      tenantDb(scope, tx),
      members.map((toUserId) => ({
        dedupeKey: groupKey,
        notificationTypeId: body.notificationTypeId,
        fromUserId: scope.userId,
        toUserId,
        relatedPatientId: team.patientId,
        hospitalId: team.hospitalId,
        medicalTeamId: team.id,
        messageEn: body.message,
        messageEs: body.message,
        isGroupNotification: true,
        createdAt: now,
      })),
    ),
  );
  await deliverNotifications(ctx, rows);
  return { medicalTeamId: team.id, recipients: rows.length, notificationIds: rows.map((r) => r.id) };
}

/**
 * `GET pushnotifications/markasread`: marks one of the caller's notifications read; 404 when it is
 * not theirs. A chat message read for the first time sends its sender `messageRead` (features/chat).
 */
export async function markAsRead(ctx: AppContext, scope: Scope, notificationId: number): Promise<Notification> {
  const before = await ownOrNotFound(ctx, scope, notificationId);
  if (!(await repo.markRead(tenantDb(scope, ctx.db), notificationId, new Date()))) { throw AppError.notFound(); }
  const found = await ownOrNotFound(ctx, scope, notificationId);
  // A chat message's sender sees it turn "read" live (spec section 4, features/chat).
  if (!before.row.isRead) { await publishMessageRead(ctx, found.row); }
  return toNotificationView(found.row, found.names);
}

/**
 * `GET pushnotifications/markallnotificationsasreadwithuserfornotificationtype`: marks every
 * unread notification of `type` of user `userId` read; `type` 0 (or omitted): of every type, so the
 * bell's "mark all read" is one call. `userId` must be the caller, except for an admin (system,
 * organization, office), who may name a user in their scope. 403 when a non-admin names someone
 * else; 404 when an admin names a user out of scope. Answers the user, the type (0: all) and how
 * many were marked.
 */
export async function markAllRead(ctx: AppContext, scope: Scope, userId: number, type: number): Promise<MarkAllReadResult> {
  if (userId !== scope.userId) {
    if (!can(scope.role, 'notifications.markForOthers')) { throw AppError.forbidden(); }
    if (!(await repo.getVisibleUser(tenantDb(scope, ctx.db), userId))) { throw AppError.notFound(); }
  }
  const updated = await repo.markAllRead(tenantDb(scope, ctx.db), userId, type === 0 ? null : type, new Date());
  return { userId, notificationTypeId: type, updated };
}

/**
 * `GET pushnotifications/getmypushnotifications-minimal`: the caller's notifications for the bell,
 * newest first, paged; the filter's days are the caller's local days (users.userTimezone).
 */
export async function findMine(ctx: AppContext, scope: Scope, q: MyNotificationsQuery, now = new Date()): Promise<NotificationMinimalPage> {
  const since = filterCaseStart(q.filtercase, now, await callerTimeZone(ctx, scope));
  const page = await repo.findOwnPage(tenantDb(scope, ctx.db), { since, typeId: q.notificationtypeid, unreadOnly: q.unreadonly, page: q.page, pageSize: q.pageSize });
  return {
    items: page.rows.map((r) => toMinimalView(r.n, { firstName: r.firstName, lastName: r.lastName })),
    total: page.total,
    page: q.page,
    pageSize: q.pageSize,
    unreadCount: page.unreadCount,
  };
}

/**
 * `GET pushnotifications/getmypushnotificationswithpatient`: the alert worklist of /monitoring and,
 * with `patientId`, a patient's alert history. Types: abnormal and missed measurements unless
 * `notificationtypeid` names one. One row per alert (reading or missed slot), in one of two views:
 *  - 'office' for the roles that are not on care teams (office, organization and system admins)
 *    asking for alert types: every alert of the offices in their scope, whoever received the
 *    copies, processed when any copy is;
 *  - 'own' for everybody else (and for an admin asking for a non-alert type): the caller's own
 *    copies in offices they still see.
 * Open ones by default; open first, most severe, then most recent measurement, or most recent
 * measurement first (`sort` 'newest'). The filter's day is the day the reading was MEASURED (or
 * the missed slot was due) in its office's time zone (hospitals.timeZone), so a reading that
 * arrives late counts on the day it was taken and an office's TODAY matches the dashboard's; each
 * row carries when the reading was received and whether it was late (docs/dates.md); alerts without an office use the caller's time zone. Each row carries
 * the reading's values in the caller's display units (users.userSettingsJson.units; metric and
 * glucose mmol/L by default). `hospitalId` -1 or absent: every office; an office that is not the
 * caller's, or a `patientId` that is not a user the caller sees: 404.
 */
export async function findWorklist(
  ctx: AppContext,
  scope: Scope,
  headers: { hospitalid?: number; patientid?: number },
  q: WorklistQuery,
  now = new Date(),
  lang: Lang = 'es',
): Promise<NotificationWithPatientPage> {
  const office = headers.hospitalid === undefined || headers.hospitalid === -1 ? undefined : headers.hospitalid;
  if (office !== undefined && !(await getOfficeInScope(tenantDb(scope, ctx.db), office))) { throw AppError.notFound(); }
  if (headers.patientid !== undefined && !(await repo.getVisibleUser(tenantDb(scope, ctx.db), headers.patientid))) { throw AppError.notFound(); }
  const typeIds = q.notificationtypeid !== undefined ? [q.notificationtypeid] : [...worklistNotificationTypeIds];
  const view = seesOfficeView(scope) && typeIds.every(isAlertType) ? 'office' : 'own';
  const starts = new Map<string, Date>();
  if (q.filtercase !== 'ALL') {
    for (const zone of await repo.findOfficeZones(tenantDb(scope, ctx.db), office)) { starts.set(zone, filterCaseStart(q.filtercase, now, officeTimeZone(zone))!); }
  }
  const me = await repo.getCallerSettings(tenantDb(scope, ctx.db));
  const fallback = filterCaseStart(q.filtercase, now, officeTimeZone(me?.userTimezone));
  const prefs = unitPreferencesOf(me?.userSettingsJson);
  const page = await repo.findWorklistPage(tenantDb(scope, ctx.db), {
    view,
    typeIds,
    hospitalId: office,
    patientId: headers.patientid,
    deviceType: q.devicetype,
    processed: q.processed,
    search: q.search,
    sort: q.sort,
    starts,
    fallback,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { items: page.rows.map(({ n, ...extra }) => toWorklistView(n, prefs, extra, lang)), total: page.total, page: q.page, pageSize: q.pageSize, view };
}

/**
 * An alert the caller may process: one of their own notifications, or for an office-view caller
 * an alert (abnormal or missed measurement) of one of their offices; 404 otherwise.
 */
async function processableOrNotFound(ctx: AppContext, scope: Scope, notificationId: number) {
  const found =
    (await repo.getOwnNotification(tenantDb(scope, ctx.db), notificationId)) ??
    (seesOfficeView(scope) ? await repo.getOfficeAlert(tenantDb(scope, ctx.db), notificationId, [...worklistNotificationTypeIds]) : null);
  if (!found) { throw AppError.notFound(); }
  return found;
}

/**
 * `GET pushnotifications/markasprocessed`: processes an alert with resolution comments, recording
 * who and when. The alert is one of the caller's own, or, for an office-view caller (office,
 * organization, system admin), any alert of their offices' worklist (the row's notificationId).
 * One alert per reading for the team: every copy of the same measurement (or the same scheduled
 * time, for a missed measurement) is processed with it, and the recipients' open browsers (and the
 * caller's) get `notificationProcessed`.
 * 404 when the notification is not one the caller may process or its office is no longer theirs;
 * 400 when it is not about a patient of an office; 409 "This alert has already been processed"
 * when it (or a team-mate's copy) was processed first.
 */
export async function markAsProcessed(ctx: AppContext, scope: Scope, notificationId: number, comments: string): Promise<MarkAsProcessedResult> {
  const found = await processableOrNotFound(ctx, scope, notificationId);
  const alert = found.row;
  if (alert.hospitalId === null) { throw AppError.badRequest('notificationNotProcessable', { notificationid: 'invalid' }); }
  assertOfficeInScope(scope, alert.hospitalId);
  if (alert.processingStatus !== ProcessingStatus.OPEN) { throw AppError.conflict('alertAlreadyProcessed'); }
  const processedAt = new Date();
  const changed = await ctx.db.transaction((tx) =>
    repo.processAlertCopies(tenantDb(scope, tx), alert, { processedBy: scope.userId, processedAt, resolutionComments: comments }),
  );
  if (!changed.some((c) => c.id === alert.id)) { throw AppError.conflict('alertAlreadyProcessed'); }
  const after = await processableOrNotFound(ctx, scope, notificationId);
  const view = toNotificationView(after.row, after.names);
  const event = {
    notificationIds: changed.map((c) => c.id),
    measurementId: alert.measurementId,
    processedBy: scope.userId,
    processedByFullname: view.processedByFullname ?? '',
    processedAt: processedAt.toISOString(),
    resolutionComments: comments,
  };
  const audience = [...new Set([...changed.map((c) => c.toUserId), scope.userId])];
  await ctx.realtime.publish(audience.map((userId) => ({ userId, message: { type: 'notificationProcessed', data: event } })));
  return { notification: view, processedCount: changed.length };
}

/** `GET pushnotifications/getnotificationdetailsbyid`: one of the caller's notifications; 404 otherwise. */
export async function getDetails(ctx: AppContext, scope: Scope, notificationId: number): Promise<Notification> {
  const found = await ownOrNotFound(ctx, scope, notificationId);
  return toNotificationView(found.row, found.names);
}

/**
 * Chosen `GET pushnotifications/getdashboardsummary`: the /dashboard figures for office
 * `hospitalId`, or every office of the caller (-1 or absent). "Today" is each office's local day
 * (hospitals.timeZone); alerts count readings, not recipients; a patient is silent after 72 hours
 * without a reading in the caller's offices. Permission notifications.read, but the figures are
 * office figures: a caller without dashboard.read (a patient, a caregiver) is refused (403). 404 when the office is not the
 * caller's.
 */
export async function getDashboardSummary(ctx: AppContext, scope: Scope, hospitalId: number | undefined, now = new Date()): Promise<DashboardSummary> {
  if (!can(scope.role, 'dashboard.read')) { throw AppError.forbidden(); }
  const office = hospitalId === undefined || hospitalId === -1 ? undefined : hospitalId;
  const offices = await repo.findDashboardOffices(tenantDb(scope, ctx.db), office);
  if (office !== undefined && offices.length === 0) { throw AppError.notFound(); }
  const dayStarts = new Map(
    offices.map((o) => {
      const zone = officeTimeZone(o.timeZone);
      return [o.id, startOfLocalDay(localDateOf(now, zone), zone)] as const;
    }),
  );
  const silentSince = new Date(now.getTime() - DASHBOARD_SILENT_HOURS * 3_600_000);
  const f = await repo.dashboardFigures(tenantDb(scope, ctx.db), offices.map((o) => o.id), dayStarts, silentSince, DASHBOARD_SILENT_PATIENTS_LIMIT);
  const open = await countOpenAlerts(ctx, scope, offices.map((o) => o.id));
  return {
    hospitalId: office ?? null,
    generatedAt: now.toISOString(),
    patientsMonitored: f.monitored,
    alertsToday: f.alerts,
    openAlerts: open,
    missedToday: f.missed,
    readingsToday: f.readings,
    simulatedReadingsToday: f.simulated,
    patientsWithoutReadings: {
      total: f.silentTotal,
      items: f.silent.map((p) => ({ ...p, lastReadingAt: p.lastReadingAt?.toISOString() ?? null })),
    },
  };
}

/**
 * The active members of the medical team of each (patient, office) pair, with the team id and the
 * patient's name, read with the server's scope: whom a scheduled alert (a missed measurement,
 * jobs/missed-measurement.raise.job.ts) goes to. A patient has at most one team per office.
 */
export function findTeamRecipients(ctx: AppContext, pairs: { patientId: number; hospitalId: number }[]) {
  return repo.findTeamRecipients(tenantDb(systemScope, ctx.db), pairs);
}

export type { OpenAlertCounts } from './notifications.repo';

/**
 * Open alerts and critical alerts of offices `officeIds` (narrowed to the caller's): the one
 * definition /dashboard, the facility and organization dashboards and the worklist use (repo
 * `countOpenAlerts`; docs/dashboards.md "One definition per figure").
 */
export function countOpenAlerts(ctx: AppContext, scope: Scope, officeIds: number[]): Promise<repo.OpenAlertCounts> {
  return repo.countOpenAlerts(tenantDb(scope, ctx.db), officeIds);
}
