import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { NotificationType, Role, notifications as notificationsApi } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createOffice, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { measurements, medicalDevices, medicalTeamMembers, medicalTeams, notifications, treatmentPlans, users } from '../../db/schema/index';
import { raiseMeasurementAlerts, type CommittedReading } from './alerts';
import { getDashboardSummary } from './notifications.service';
import { systemScope } from '../../db/scope';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let teamA1: number;
let teamB1: number;
let partner: { id: number };
let inactiveNurseA1: { id: number };
let patientA1b: { id: number };

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';

const callAs = callerFor(() => t);

let seq = 0;
const base = Date.now();
/** A stored reading (what ingestion commits), about `minutesAgo` before the file started (distinct instants). */
async function reading(patientId: number, hospitalId: number, values: Partial<CommittedReading> & { minutesAgo?: number } = {}): Promise<CommittedReading> {
  const measuredAt = new Date(base - (values.minutesAgo ?? 5) * 60_000 - ++seq * 10);
  const r = {
    patientId,
    hospitalId,
    deviceType: values.deviceType ?? 'BLOOD_PRESSURE',
    severity: values.severity ?? 2,
    valuesJson: values.valuesJson ?? { '8480-6': 186, '8462-4': 124 },
    measuredAt,
    isSimulated: values.isSimulated ?? false,
  };
  const [row] = await t.ctx.db
    .insert(measurements)
    .values({ ...r, source: r.isSimulated ? 'simulated' : 'hub' })
    .returning({ id: measurements.id });
  return { ...r, measurementId: row!.id } as CommittedReading;
}

async function alertsOf(measurementId: number) {
  return t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId)).orderBy(notifications.toUserId);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const db = t.ctx.db;
  await db.update(users).set({ firstName: 'Ana', lastName: 'García' }).where(eq(users.id, f.patientA1.id));
  partner = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
  inactiveNurseA1 = await createUser(t, { role: Role.NURSE, organizationId: f.orgA.id, offices: [f.a1.id], status: 0 });
  patientA1b = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Bea', lastName: 'Silent' } });
  const [a] = await db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
  teamA1 = a!.id;
  await db.insert(medicalTeamMembers).values([
    { medicalTeamId: teamA1, userId: f.doctorA1.id },
    { medicalTeamId: teamA1, userId: f.nurseA1.id },
    { medicalTeamId: teamA1, userId: inactiveNurseA1.id },
  ]);
  const [b] = await db.insert(medicalTeams).values({ patientId: f.patientB1.id, hospitalId: f.b1.id }).returning();
  teamB1 = b!.id;
  await db.insert(medicalTeamMembers).values([{ medicalTeamId: teamB1, userId: f.doctorB1.id }]);
}, 60_000);
afterAll(async () => t?.close());

describe('raiseMeasurementAlerts', () => {
  it("notifies every active member of the patient's team in the reading's office, in English and Spanish, in one write", async () => {
    const r = await reading(f.patientA1.id, f.a1.id);
    await raiseMeasurementAlerts(t.ctx, [r]);
    const rows = await alertsOf(r.measurementId);
    expect(rows.map((n) => n.toUserId).sort()).toEqual([f.doctorA1.id, f.nurseA1.id].sort());
    for (const n of rows) {
      expect(n).toMatchObject({
        notificationTypeId: NotificationType.ABNORMAL_MEASUREMENT,
        fromUserId: null,
        severity: 2,
        deviceType: 'BLOOD_PRESSURE',
        relatedPatientId: f.patientA1.id,
        hospitalId: f.a1.id,
        medicalTeamId: teamA1,
        isRead: false,
        processingStatus: 0,
        messageEn: 'Critical blood pressure 186/124 mmHg for Ana García',
        messageEs: 'Presión arterial crítica 186/124 mmHg para Ana García',
        additionalData: { measuredAt: r.measuredAt.toISOString(), isSimulated: false, patientFullname: 'Ana García' },
      });
    }
  });

  it('raises nothing for normal readings, for a patient without a team in that office, and nothing twice for a repeated call', async () => {
    const normal = await reading(f.patientA1.id, f.a1.id, { severity: 0 });
    const elsewhere = await reading(f.patientA1.id, f.a2.id);
    const caution = await reading(f.patientA1.id, f.a1.id, { severity: 1, valuesJson: { '8480-6': 150, '8462-4': 95 }, isSimulated: true });
    await raiseMeasurementAlerts(t.ctx, [normal, elsewhere, caution]);
    await raiseMeasurementAlerts(t.ctx, [caution]);
    expect(await alertsOf(normal.measurementId)).toHaveLength(0);
    expect(await alertsOf(elsewhere.measurementId)).toHaveLength(0);
    const rows = await alertsOf(caution.measurementId);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.messageEn).toBe('Caution: blood pressure 150/95 mmHg for Ana García (simulated reading)');
    expect(rows[0]!.messageEs).toBe('Precaución: presión arterial 150/95 mmHg para Ana García (lectura simulada)');
  });

  it("keeps each office's alerts to that office's team (another organization's patient alerts only their team)", async () => {
    const r = await reading(f.patientB1.id, f.b1.id);
    await raiseMeasurementAlerts(t.ctx, [r]);
    expect((await alertsOf(r.measurementId)).map((n) => n.toUserId)).toEqual([f.doctorB1.id]);
  });
});

describe('GET pushnotifications/getmypushnotifications-minimal', () => {
  let old: number;
  beforeAll(async () => {
    const [row] = await t.ctx.db
      .insert(notifications)
      .values({ notificationTypeId: 1, fromUserId: f.nurseA1.id, toUserId: f.doctorA1.id, messageEn: 'Old note', messageEs: 'Nota vieja', createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .returning();
    old = row!.id;
  });

  it("lists the caller's notifications of today, newest first, with the unread count", async () => {
    const res = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsMinimal);
    expect(res.status, res.reply.body).toBe(200);
    const page = res.body;
    expect(page.items.length).toBeGreaterThanOrEqual(2);
    expect(page.items.map((n: { notificationId: number }) => n.notificationId)).not.toContain(old);
    const stamps = page.items.map((n: { timestamp: string }) => n.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(page.items[0]).toMatchObject({ FromUserFullname: '', notificationTypeId: 3, isRead: false, relatedPatientId: f.patientA1.id });
    expect(page.unreadCount).toBe(page.total + 1); // the 3-day-old note is unread too
  });

  it('widens to the week and pages', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsMinimal, { query: { filtercase: 'week', pageSize: 1, page: 1 } });
    const page = res.body;
    expect(page.items).toHaveLength(1);
    expect(page.pageSize).toBe(1);
    const all = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsMinimal, { query: { filtercase: 'WEEK', pageSize: 200 } });
    const old1 = all.body.items.find((n: { notificationId: number }) => n.notificationId === old);
    expect(old1).toMatchObject({ FromUserFullname: `Test ${f.nurseA1.lastName}`, messageEn: 'Old note' });
  });

  it('rejects an unknown filter case (400)', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsMinimal, { query: { filtercase: 'YEAR' } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ filtercase: FORMAT });
  });

  it("never shows another user's notifications", async () => {
    const res = await callAs(f.doctorB1, notificationsApi.getMyPushNotificationsMinimal, { query: { filtercase: 'ALL' } });
    const items = res.body.items as { relatedPatientId: number | null }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((n) => n.relatedPatientId === f.patientB1.id)).toBe(true);
  });
});

describe('GET pushnotifications/getnotificationdetailsbyid and markasread', () => {
  let mine: number;
  let nurses: number;
  beforeAll(async () => {
    const r = await reading(f.patientA1.id, f.a1.id, { deviceType: 'SPO2', valuesJson: { '59408-5': 88 } });
    await raiseMeasurementAlerts(t.ctx, [r]);
    const rows = await alertsOf(r.measurementId);
    mine = rows.find((n) => n.toUserId === f.doctorA1.id)!.id;
    nurses = rows.find((n) => n.toUserId === f.nurseA1.id)!.id;
  });

  it('answers every field of the notification as received, with the mapped fields', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.getNotificationDetailsById, { query: { notificationid: mine } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({
      notificationId: mine,
      NId: mine,
      notificationTypeId: 3,
      fromUserId: null,
      toUserId: f.doctorA1.id,
      FromUserFullname: '',
      UserFullname: `Test ${f.doctorA1.lastName}`,
      messageEn: 'Critical oxygen saturation 88 % for Ana García',
      MessageToSend: 'Critical oxygen saturation 88 % for Ana García',
      messageEsp: 'Saturación de oxígeno crítica 88 % para Ana García',
      MessageToSendEsp: 'Saturación de oxígeno crítica 88 % para Ana García',
      deviceType: 'SPO2',
      severity: 2,
      relatedPatientId: f.patientA1.id,
      hospitalId: f.a1.id,
      medicalTeamId: teamA1,
      processingStatus: 0,
      processedBy: null,
      processedAt: null,
      resolutionComments: null,
      isRead: false,
      direction: 'in',
      NotificationSentToGroup: false,
    });
  });

  it('marks it read, once, keeping the first read time', async () => {
    const first = await callAs(f.doctorA1, notificationsApi.markAsRead, { query: { notificationid: mine } });
    expect(first.status).toBe(200);
    expect(first.body.isRead).toBe(true);
    const readAt = first.body.readAt as string;
    expect(readAt).toBeTruthy();
    const again = await callAs(f.doctorA1, notificationsApi.markAsRead, { query: { notificationid: mine } });
    expect(again.body.readAt).toBe(readAt);
  });

  it('validates the id (400)', async () => {
    const missing = await callAs(f.doctorA1, notificationsApi.getNotificationDetailsById);
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ notificationid: REQUIRED });
    const bad = await callAs(f.doctorA1, notificationsApi.markAsRead, { query: { notificationid: 'abc' } });
    expect(bad.errors).toEqual({ notificationid: FORMAT });
  });

  it("reads a team-mate's or another organization's notification as not found (404) and leaves it unread", async () => {
    for (const who of [f.doctorA1, f.doctorB1, f.sysadmin]) {
      expect((await callAs(who, notificationsApi.getNotificationDetailsById, { query: { notificationid: nurses } })).status).toBe(404);
      expect((await callAs(who, notificationsApi.markAsRead, { query: { notificationid: nurses } })).status).toBe(404);
    }
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, nurses));
    expect(row!.isRead).toBe(false);
  });
});

describe('GET pushnotifications/markallnotificationsasreadwithuserfornotificationtype', () => {
  it("marks all the caller's notifications of a type read and leaves other types", async () => {
    const res = await callAs(f.nurseA1, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.nurseA1.id, type: 3 } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.updated).toBeGreaterThanOrEqual(3);
    const unread = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toUserId, f.nurseA1.id), eq(notifications.notificationTypeId, 3), eq(notifications.isRead, false)));
    expect(unread).toHaveLength(0);
  });

  it("lets an office admin mark a user's notifications of their office read", async () => {
    const res = await callAs(f.officeAdminA1, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.doctorA1.id, type: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: f.doctorA1.id, notificationTypeId: 1, updated: 1 });
  });

  it('validates user id and type (400)', async () => {
    const res = await callAs(f.nurseA1, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: 'x', type: 2 } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ userid: FORMAT, type: FORMAT });
  });

  it("refuses a non-admin naming someone else (403)", async () => {
    expect((await callAs(f.nurseA1, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.doctorA1.id, type: 3 } })).status).toBe(403);
  });

  it("reads another organization's user as not found for an admin (404)", async () => {
    const res = await callAs(f.orgAdminB, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.doctorA1.id, type: 3 } });
    expect(res.status).toBe(404);
  });
});

describe('GET pushnotifications/getmypushnotificationswithpatient (the worklist)', () => {
  let temp: CommittedReading;
  beforeAll(async () => {
    temp = await reading(f.patientA1.id, f.a1.id, { deviceType: 'TEMPERATURE', severity: 1, valuesJson: { '8310-5': 38.2 }, minutesAgo: 1 });
    await raiseMeasurementAlerts(t.ctx, [temp]);
  });

  it('lists open alerts most severe first, then most recent measurement, with patient, office and reading', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { headers: { hospitalid: f.a1.id }, query: { pageSize: 100 } });
    expect(res.status, res.reply.body).toBe(200);
    const page = res.body;
    const items = page.items as { severity: number; timestamp: string; patientFullname: string; hospitalName: string; measuredAt: string; processingStatus: number; notificationTypeId: number }[];
    expect(items.length).toBe(page.total);
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.every((i) => i.processingStatus === 0 && i.notificationTypeId === 3)).toBe(true);
    const sevs = items.map((i) => i.severity);
    expect([...sevs].sort((a, b) => b - a)).toEqual(sevs);
    // By the reading's measured time, not when the alert was written (docs/dates.md).
    const critical = items.filter((i) => i.severity === 2).map((i) => i.measuredAt);
    expect([...critical].sort().reverse()).toEqual(critical);
    const last = items.find((i) => i.severity === 1 && i.measuredAt === temp.measuredAt.toISOString());
    expect(last).toMatchObject({ patientFullname: 'Ana García', hospitalName: f.a1.hospitalName, isSimulated: false });
  });

  it('filters by device type, by simulated caution, by processed, and by patient name', async () => {
    const spo2 = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { query: { devicetype: 'spo2' } });
    expect(spo2.body.items.map((i) => i.deviceType)).toEqual(['SPO2']);
    const processed = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { query: { processed: 'true' } });
    expect(processed.body.total).toBe(0);
    const all = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { headers: { hospitalid: -1 }, query: { processed: 'all', search: 'garc' } });
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    const nobody = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { query: { search: 'zzz' } });
    expect(nobody.body.total).toBe(0);
    const simulated = (await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { query: { pageSize: 100 } })).body.items.filter(
      (i: { isSimulated: boolean }) => i.isSimulated,
    );
    expect(simulated).toHaveLength(1);
  });

  it('rejects bad filters (400)', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { query: { processed: 'maybe', filtercase: 'x', devicetype: 'BP!' } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ processed: FORMAT, filtercase: FORMAT, devicetype: FORMAT });
  });

  it("reads another office as not found (404) and never lists another organization's alerts", async () => {
    expect((await callAs(f.doctorB1, notificationsApi.getMyPushNotificationsWithPatient, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    expect((await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { headers: { hospitalid: f.a2.id } })).status).toBe(404);
    const res = await callAs(f.doctorB1, notificationsApi.getMyPushNotificationsWithPatient, { query: { processed: 'all' } });
    const items = res.body.items as { hospitalId: number }[];
    expect(items.length).toBe(1);
    expect(items.every((i) => i.hospitalId === f.b1.id)).toBe(true);
  });
});

describe('GET pushnotifications/markasprocessed', () => {
  let r: CommittedReading;
  let nurseCopy: number;
  let doctorCopy: number;
  beforeAll(async () => {
    r = await reading(f.patientA1.id, f.a1.id, { deviceType: 'GLUCOSE', valuesJson: { '2339-0': 320 } });
    await raiseMeasurementAlerts(t.ctx, [r]);
    const rows = await alertsOf(r.measurementId);
    nurseCopy = rows.find((n) => n.toUserId === f.nurseA1.id)!.id;
    doctorCopy = rows.find((n) => n.toUserId === f.doctorA1.id)!.id;
  });

  it('requires resolution comments of at most 1000 characters (400)', async () => {
    const missing = await callAs(f.nurseA1, notificationsApi.markAsProcessed, { query: invalid({ notificationid: nurseCopy }) });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ resolutioncomments: REQUIRED });
    const long = await callAs(f.nurseA1, notificationsApi.markAsProcessed, { query: { notificationid: nurseCopy, resolutioncomments: 'x'.repeat(1001) } });
    expect(long.errors).toEqual({ resolutioncomments: 'This field must be 1000 characters or less' });
  });

  it('reads another organization as not found (404)', async () => {
    expect((await callAs(f.doctorB1, notificationsApi.markAsProcessed, { query: { notificationid: nurseCopy, resolutioncomments: 'ok' } })).status).toBe(404);
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, nurseCopy));
    expect(row!.processingStatus).toBe(0);
  });

  it("processes the alert with who, when and the comments, and the team-mate's copy of the same reading with it", async () => {
    const res = await callAs(f.nurseA1, notificationsApi.markAsProcessed, { query: { notificationid: nurseCopy, resolutioncomments: 'Llamé a la paciente; repite la medición' } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data.processedCount).toBe(2);
    expect(data.notification).toMatchObject({
      notificationId: nurseCopy,
      processingStatus: 1,
      processedBy: f.nurseA1.id,
      processedByFullname: `Test ${f.nurseA1.lastName}`,
      resolutionComments: 'Llamé a la paciente; repite la medición',
    });
    const rows = await t.ctx.db.select().from(notifications).where(inArray(notifications.id, [nurseCopy, doctorCopy]));
    for (const row of rows) {
      expect(row).toMatchObject({ processingStatus: 1, processedBy: f.nurseA1.id, resolutionComments: 'Llamé a la paciente; repite la medición' });
      expect(row.processedAt!.getTime()).toBe(new Date(data.notification.processedAt!).getTime());
    }
    const worklist = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { query: { processed: 'true' } });
    expect(worklist.body.items[0]).toMatchObject({ notificationId: doctorCopy, processedByFullname: `Test ${f.nurseA1.lastName}` });
    // The processor has read what they processed; the team-mate's copy stays unread for them.
    const read = Object.fromEntries(rows.map((row) => [row.id, row.isRead]));
    expect(read).toEqual({ [nurseCopy]: true, [doctorCopy]: false });
    expect(rows.find((row) => row.id === nurseCopy)!.readAt!.getTime()).toBe(new Date(data.notification.processedAt!).getTime());
  });

  it('answers 409 to the team-mate who processes the same alert afterwards', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.markAsProcessed, { query: { notificationid: doctorCopy, resolutioncomments: 'Also called' } });
    expect(res.status).toBe(409);
    expect(res.msg).toBe('This alert has already been processed');
  });

  it('refuses to process a message that is not about a patient of an office (400)', async () => {
    const [chat] = await t.ctx.db.insert(notifications).values({ notificationTypeId: 1, fromUserId: f.nurseA1.id, toUserId: f.doctorA1.id, messageEn: 'hi', messageEs: 'hi' }).returning();
    const res = await callAs(f.doctorA1, notificationsApi.markAsProcessed, { query: { notificationid: chat!.id, resolutioncomments: 'done' } });
    expect(res.status).toBe(400);
  });
});

describe('POST pushnotifications/sendnotificationtouser', () => {
  it('creates an unread notification now from the caller to a user they can see', async () => {
    const before = Date.now();
    const res = await callAs(f.doctorA1, notificationsApi.sendNotificationToUser, { body: { userId: f.patientA1.id, notificationMsg: 'Recuerde medir su presión', notificationTypeId: 4, deviceType: 'blood_pressure', additionalData: '{"planId":3}', referenceData: 'ref-1' } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({
      fromUserId: f.doctorA1.id,
      toUserId: f.patientA1.id,
      FromUserFullname: `Test ${f.doctorA1.lastName}`,
      UserFullname: 'Ana García',
      notificationTypeId: 4,
      messageEn: 'Recuerde medir su presión',
      messageEsp: 'Recuerde medir su presión',
      deviceType: 'BLOOD_PRESSURE',
      AdditionalData: { planId: 3 },
      ReferenceData: 'ref-1',
      relatedPatientId: f.patientA1.id,
      isRead: false,
    });
    expect(new Date(data.timestamp).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const inbox = await callAs(f.patientA1, notificationsApi.getMyPushNotificationsMinimal);
    expect(inbox.body.items[0]).toMatchObject({ notificationId: data.notificationId, isRead: false });
  });

  it('refuses alert types, a missing message and bad additional data (400)', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.sendNotificationToUser, { body: invalid({ userId: f.nurseA1.id, notificationTypeId: 3, additionalData: 'not json' }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ notificationMsg: REQUIRED, notificationTypeId: FORMAT, additionalData: FORMAT });
  });

  it("reads a user of another office or organization as not found (404) and writes nothing", async () => {
    for (const userId of [f.patientA2.id, f.doctorB1.id]) {
      const res = await callAs(f.doctorA1, notificationsApi.sendNotificationToUser, { body: { userId, notificationMsg: 'leak?', notificationTypeId: 1 } });
      expect(res.status).toBe(404);
    }
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.messageEn, 'leak?'))).toHaveLength(0);
  });
});

describe('POST pushnotifications/sendnotificationtomedicalteam', () => {
  it('sends the message to every active member but the sender, as group notifications about the patient', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.sendNotificationToMedicalTeam, { body: { medicalTeamId: teamA1, message: 'Revisar a Ana hoy' } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({ medicalTeamId: teamA1, recipients: 1 });
    const rows = await t.ctx.db.select().from(notifications).where(inArray(notifications.id, data.notificationIds));
    expect(rows.map((r) => r.toUserId)).toEqual([f.nurseA1.id]);
    expect(rows[0]).toMatchObject({ isGroupNotification: true, notificationTypeId: 1, relatedPatientId: f.patientA1.id, hospitalId: f.a1.id, medicalTeamId: teamA1, fromUserId: f.doctorA1.id });
  });

  it('requires the message (400)', async () => {
    const res = await callAs(f.doctorA1, notificationsApi.sendNotificationToMedicalTeam, { body: { medicalTeamId: teamA1, message: '  ' } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ message: REQUIRED });
  });

  it("reads another organization's team as not found (404)", async () => {
    expect((await callAs(f.doctorB1, notificationsApi.sendNotificationToMedicalTeam, { body: { medicalTeamId: teamA1, message: 'x' } })).status).toBe(404);
    expect((await callAs(f.doctorA2, notificationsApi.sendNotificationToMedicalTeam, { body: { medicalTeamId: teamA1, message: 'x' } })).status).toBe(404);
  });
});

describe('GET pushnotifications/getdashboardsummary (chosen)', () => {
  beforeAll(async () => {
    const db = t.ctx.db;
    await db.insert(medicalDevices).values({ deviceIdentifier: `dev-${Date.now()}`, deviceType: 'BLOOD_PRESSURE', hospitalId: f.a1.id, patientId: f.patientA1.id });
    await db.insert(treatmentPlans).values({ patientId: patientA1b.id, hospitalId: f.a1.id, title: 'Plan' });
  });

  it("counts the office's monitored patients, today's alerts per reading, today's readings and the silent patients", async () => {
    const res = await callAs(f.officeAdminA1, notificationsApi.getDashboardSummary, { headers: { hospitalid: f.a1.id } });
    expect(res.status, res.reply.body).toBe(200);
    const d = res.body;
    // a1 readings with alerts: 1 critical BP, 1 caution BP, 1 critical SpO2, 1 caution temperature, 1 critical glucose (processed)
    expect(d).toMatchObject({
      hospitalId: f.a1.id,
      patientsMonitored: 2,
      alertsToday: { total: 5, caution: 2, critical: 3, open: 4 },
      missedToday: 0,
      readingsToday: 6,
      simulatedReadingsToday: 1,
    });
    expect(d.patientsWithoutReadings).toEqual({ total: 1, items: [{ patientId: patientA1b.id, firstName: 'Bea', lastName: 'Silent', lastReadingAt: null }] });
  });

  it('covers every office of the caller with -1', async () => {
    const res = await callAs(f.orgAdminA, notificationsApi.getDashboardSummary, { headers: { hospitalid: -1 } });
    expect(res.body).toMatchObject({ hospitalId: null, patientsMonitored: 2, readingsToday: 7 });
  });

  it('uses each office\'s local day', async () => {
    const db = t.ctx.db;
    const east = await createOffice(t, f.orgA.id, { timeZone: 'Pacific/Kiritimati' }); // UTC+14
    const p = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [east.id] });
    await db.insert(medicalDevices).values({ deviceIdentifier: `dev-east-${Date.now()}`, deviceType: 'WEIGHT', hospitalId: east.id, patientId: p.id });
    const now = new Date('2024-06-01T12:00:00Z'); // 2 June 02:00 in Kiritimati: its day began at 10:00 UTC
    await db.insert(measurements).values([
      { patientId: p.id, hospitalId: east.id, deviceType: 'WEIGHT', measuredAt: new Date('2024-06-01T09:00:00Z'), valuesJson: { '29463-7': 70 } },
      { patientId: p.id, hospitalId: east.id, deviceType: 'WEIGHT', measuredAt: new Date('2024-06-01T11:00:00Z'), valuesJson: { '29463-7': 70 } },
    ]);
    const d = await getDashboardSummary(t.ctx, systemScope, east.id, now);
    expect(d).toMatchObject({ patientsMonitored: 1, readingsToday: 1, patientsWithoutReadings: { total: 0, items: [] } });
  });

  it('rejects a malformed office (400)', async () => {
    const res = await callAs(f.officeAdminA1, notificationsApi.getDashboardSummary, { headers: { hospitalid: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ hospitalid: FORMAT });
  });

  it("shows a doctor (notifications.read) the figures of the doctor's own offices", async () => {
    const res = await callAs(f.doctorA1, notificationsApi.getDashboardSummary);
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ hospitalId: null, patientsMonitored: 2, alertsToday: { total: 5 }, readingsToday: 6 });
  });

  it('refuses a role without notifications.read, and patients and caregivers, who get no office figures (403)', async () => {
    for (const who of [partner, f.patientA1, f.caregiverA1]) {
      const res = await callAs(who, notificationsApi.getDashboardSummary);
      expect(res.status, res.reply.body).toBe(403);
      expect(res.reply.body).not.toContain('patientsMonitored');
    }
  });

  it("reads another organization's office as not found (404) and counts none of it", async () => {
    expect((await callAs(f.orgAdminB, notificationsApi.getDashboardSummary, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    const res = await callAs(f.orgAdminB, notificationsApi.getDashboardSummary);
    expect(res.body).toMatchObject({ patientsMonitored: 0, alertsToday: { total: 1, critical: 1 }, readingsToday: 1 });
  });
});

type Row = {
  notificationId: number;
  notificationTypeId: number;
  measurementId: number | null;
  hospitalId: number | null;
  relatedPatientId: number | null;
  processingStatus: number;
  processedByFullname: string | null;
  measuredAt: string | null;
  timestamp: string;
  values: { code: string; value: number; unit: string; displayValue: number; displayUnit: string; displayUnitLabel: string }[];
};

/** Every row of a caller's worklist (any period, processed or not) for the headers and query given. */
async function worklist(who: { id: number }, query: Record<string, string | number> = {}, headers: Record<string, string | number> = {}) {
  const res = await callAs(who, notificationsApi.getMyPushNotificationsWithPatient, { headers, query: { filtercase: 'ALL', processed: 'all', pageSize: 200, ...query } });
  expect(res.status, res.reply.body).toBe(200);
  const data = res.body as { items: Row[]; total: number; view: string };
  expect(data.items.length).toBe(data.total);
  return data;
}

describe('GET pushnotifications/getmypushnotificationswithpatient: one row per alert, office view for admins', () => {
  let inA2: CommittedReading;
  let duplicated: CommittedReading;
  let extraCopy: number;
  const missedKey = 'missed:test:1:2024-01-15:0';
  const scheduledAt = new Date(base - 30 * 60_000).toISOString();

  beforeAll(async () => {
    const db = t.ctx.db;
    const [teamA2] = await db.insert(medicalTeams).values({ patientId: f.patientA2.id, hospitalId: f.a2.id }).returning();
    await db.insert(medicalTeamMembers).values({ medicalTeamId: teamA2!.id, userId: f.doctorA2.id });
    inA2 = await reading(f.patientA2.id, f.a2.id);
    duplicated = await reading(f.patientA1.id, f.a1.id, { deviceType: 'WEIGHT', valuesJson: { '29463-7': 120.5 } });
    await raiseMeasurementAlerts(t.ctx, [inA2, duplicated]);
    // A second copy of the same reading for the doctor (no dedupe key), and a missed slot sent to the team.
    const [copy] = await db
      .insert(notifications)
      .values({ notificationTypeId: 3, toUserId: f.doctorA1.id, hospitalId: f.a1.id, relatedPatientId: f.patientA1.id, measurementId: duplicated.measurementId, severity: 2, deviceType: 'WEIGHT', messageEn: 'copy', messageEs: 'copia' })
      .returning();
    extraCopy = copy!.id;
    await db.insert(notifications).values(
      [f.doctorA1.id, f.nurseA1.id].map((toUserId) => ({
        notificationTypeId: NotificationType.MISSED_MEASUREMENT,
        toUserId,
        hospitalId: f.a1.id,
        relatedPatientId: f.patientA1.id,
        severity: 1,
        deviceType: 'WEIGHT',
        messageEn: 'Missed weight measurement at 08:00 for Ana García',
        messageEs: 'Medición de peso omitida a las 08:00 para Ana García',
        additionalData: { scheduledAt, localDate: '2024-01-15', localTime: '08:00' },
        dedupeKey: missedKey,
      })),
    );
  });

  it("shows an office admin every alert of the office once, whoever received the copies, and no other office's", async () => {
    const data = await worklist(f.officeAdminA1);
    expect(data.view).toBe('office');
    expect(data.items.every((i) => i.hospitalId === f.a1.id)).toBe(true);
    const abnormal = data.items.filter((i) => i.notificationTypeId === 3).map((i) => i.measurementId);
    expect(new Set(abnormal).size).toBe(abnormal.length);
    const stored = await t.ctx.db
      .selectDistinct({ m: notifications.measurementId })
      .from(notifications)
      .where(and(eq(notifications.hospitalId, f.a1.id), eq(notifications.notificationTypeId, 3)));
    expect([...abnormal].sort()).toEqual(stored.map((r) => r.m).sort());
    expect(abnormal).toContain(duplicated.measurementId);
    expect(abnormal).not.toContain(inA2.measurementId);
    const missed = data.items.filter((i) => i.notificationTypeId === NotificationType.MISSED_MEASUREMENT);
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({ measuredAt: scheduledAt, values: [], relatedPatientId: f.patientA1.id });
  });

  it("shows a clinician their own copies, one row per reading even when they hold two copies of it", async () => {
    const data = await worklist(f.doctorA1);
    expect(data.view).toBe('own');
    const rows = data.items.filter((i) => i.measurementId === duplicated.measurementId);
    expect(rows).toHaveLength(1);
    const owners = await t.ctx.db.select({ to: notifications.toUserId }).from(notifications).where(inArray(notifications.id, data.items.map((i) => i.notificationId)));
    expect(owners.every((o) => o.to === f.doctorA1.id)).toBe(true);
    expect(data.items.filter((i) => i.notificationTypeId === NotificationType.MISSED_MEASUREMENT)).toHaveLength(1);
  });

  it('keeps an office admin to its office, an organization admin to its organization, and lets a system admin see every office', async () => {
    const a2 = await worklist(f.officeAdminA2);
    expect(a2.items.map((i) => i.measurementId)).toEqual([inA2.measurementId]);
    const orgA = await worklist(f.orgAdminA);
    expect(orgA.view).toBe('office');
    expect(new Set(orgA.items.map((i) => i.hospitalId))).toEqual(new Set([f.a1.id, f.a2.id]));
    const orgB = await worklist(f.orgAdminB);
    expect(orgB.items.length).toBeGreaterThan(0);
    expect(orgB.items.every((i) => i.hospitalId === f.b1.id)).toBe(true);
    const all = await worklist(f.sysadmin);
    expect(new Set(all.items.map((i) => i.hospitalId))).toEqual(new Set([f.a1.id, f.a2.id, f.b1.id]));
    expect(all.total).toBe(orgA.total + orgB.total);
    expect((await callAs(f.officeAdminA2, notificationsApi.getMyPushNotificationsWithPatient, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
  });

  it("lists an admin's own notifications of a non-alert type, never other people's messages", async () => {
    const data = await worklist(f.officeAdminA1, { notificationtypeid: NotificationType.CHAT });
    expect(data).toMatchObject({ view: 'own', total: 0 });
  });

  it('processes every copy from the office view, recording who and when, and shows the alert processed to the team', async () => {
    const row = (await worklist(f.officeAdminA1, { processed: 'false' })).items.find((i) => i.measurementId === duplicated.measurementId)!;
    expect(row.processingStatus).toBe(0);
    const res = await callAs(f.officeAdminA1, notificationsApi.markAsProcessed, { query: { notificationid: row.notificationId, resolutioncomments: 'Scale recalibrated' } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ processedCount: 3, notification: { processedBy: f.officeAdminA1.id, processingStatus: 1 } });
    const copies = await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, duplicated.measurementId));
    expect(copies.map((c) => c.id)).toContain(extraCopy);
    for (const c of copies) { expect(c).toMatchObject({ processingStatus: 1, processedBy: f.officeAdminA1.id, resolutionComments: 'Scale recalibrated' }); }
    expect(new Set(copies.map((c) => c.processedAt!.getTime())).size).toBe(1);

    const open = await worklist(f.officeAdminA1, { processed: 'false' });
    expect(open.items.map((i) => i.measurementId)).not.toContain(duplicated.measurementId);
    const done = (await worklist(f.officeAdminA1, { processed: 'true' })).items.filter((i) => i.measurementId === duplicated.measurementId);
    expect(done).toHaveLength(1);
    const doctors = (await worklist(f.doctorA1, { processed: 'true' })).items.find((i) => i.measurementId === duplicated.measurementId);
    expect(doctors).toMatchObject({ processingStatus: 1, processedByFullname: `Test ${f.officeAdminA1.lastName}` });
  });

  it("processes a missed slot's copies together from the office view", async () => {
    const row = (await worklist(f.orgAdminA, { notificationtypeid: NotificationType.MISSED_MEASUREMENT })).items[0]!;
    const res = await callAs(f.orgAdminA, notificationsApi.markAsProcessed, { query: { notificationid: row.notificationId, resolutioncomments: 'Patient travelling' } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.processedCount).toBe(2);
    const again = await callAs(f.officeAdminA1, notificationsApi.markAsProcessed, { query: { notificationid: row.notificationId, resolutioncomments: 'x' } });
    expect(again.status).toBe(409);
  });

  it("reads another office's or organization's alert as not found when processing from the office view (404)", async () => {
    const row = (await worklist(f.officeAdminA2)).items[0]!;
    for (const who of [f.officeAdminA1, f.orgAdminB]) {
      expect((await callAs(who, notificationsApi.markAsProcessed, { query: { notificationid: row.notificationId, resolutioncomments: 'x' } })).status).toBe(404);
    }
    const [stored] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, row.notificationId));
    expect(stored!.processingStatus).toBe(0);
  });
});

describe('GET pushnotifications/getmypushnotificationswithpatient: patientid filter', () => {
  it("answers one patient's alerts: the office's for an office admin, the caller's own for a doctor", async () => {
    const office = await worklist(f.officeAdminA1, { patientid: f.patientA1.id });
    expect(office.view).toBe('office');
    expect(office.total).toBeGreaterThan(5);
    expect(office.items.every((i) => i.relatedPatientId === f.patientA1.id)).toBe(true);
    const header = await worklist(f.officeAdminA1, {}, { patientid: f.patientA1.id });
    expect(header.total).toBe(office.total);
    expect((await worklist(f.officeAdminA1, { patientid: patientA1b.id })).total).toBe(0);
    const own = await worklist(f.doctorA1, { patientid: f.patientA1.id });
    expect(own.view).toBe('own');
    expect(own.items.every((i) => i.relatedPatientId === f.patientA1.id)).toBe(true);
    expect(own.total).toBeGreaterThan(0);
  });

  it('orders the history newest reading (or due time) first with sort=newest', async () => {
    const data = await worklist(f.officeAdminA1, { patientid: f.patientA1.id, sort: 'newest' });
    const times = data.items.map((i) => new Date(i.measuredAt ?? i.timestamp).getTime());
    expect(data.items.length).toBeGreaterThan(5);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('rejects a malformed patient id or sort (400)', async () => {
    const res = await callAs(f.officeAdminA1, notificationsApi.getMyPushNotificationsWithPatient, { query: invalid({ patientid: 'abc', sort: 'oldest' }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ patientid: FORMAT, sort: FORMAT });
  });

  it('reads a patient of another office or organization as not found (404)', async () => {
    expect((await callAs(f.officeAdminA1, notificationsApi.getMyPushNotificationsWithPatient, { query: { patientid: f.patientB1.id } })).status).toBe(404);
    expect((await callAs(f.officeAdminA2, notificationsApi.getMyPushNotificationsWithPatient, { query: { patientid: f.patientA1.id } })).status).toBe(404);
    expect((await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsWithPatient, { headers: { patientid: f.patientA2.id } })).status).toBe(404);
  });
});

describe("GET pushnotifications/getmypushnotificationswithpatient: values in the caller's units", () => {
  let glucose: CommittedReading;
  let temperature: CommittedReading;
  let bp: CommittedReading;
  beforeAll(async () => {
    await t.ctx.db.update(users).set({ userSettingsJson: { units: { system: 'imperial', glucose: 'mg/dL' } } }).where(eq(users.id, f.nurseA1.id));
    glucose = await reading(f.patientA1.id, f.a1.id, { deviceType: 'GLUCOSE', severity: 1, valuesJson: { '2339-0': 250 } });
    temperature = await reading(f.patientA1.id, f.a1.id, { deviceType: 'TEMPERATURE', valuesJson: { '8310-5': 39.8 } });
    bp = await reading(f.patientA1.id, f.a1.id, { valuesJson: { '8867-4': 88, '8462-4': 124, '8480-6': 186 } });
    await raiseMeasurementAlerts(t.ctx, [glucose, temperature, bp]);
  });

  const valuesOf = (rows: Row[], r: CommittedReading) => rows.find((i) => i.measurementId === r.measurementId)?.values;

  it('converts the reading to the default units (metric, glucose mmol/L) for a caller without preferences', async () => {
    const rows = (await worklist(f.doctorA1)).items;
    expect(valuesOf(rows, glucose)).toEqual([{ code: '2339-0', value: 250, unit: 'mg/dL', displayValue: 13.9, displayUnit: 'mmol/L', displayUnitLabel: 'mmol/L' }]);
    expect(valuesOf(rows, temperature)).toEqual([{ code: '8310-5', value: 39.8, unit: 'Cel', displayValue: 39.8, displayUnit: 'Cel', displayUnitLabel: '°C' }]);
    expect(valuesOf(rows, bp)!.map((v) => [v.code, v.displayValue, v.displayUnitLabel])).toEqual([
      ['8480-6', 186, 'mmHg'],
      ['8462-4', 124, 'mmHg'],
      // The caller reads English: a pulse is "bpm" ("lpm" only in Spanish).
      ['8867-4', 88, 'bpm'],
    ]);
  });

  it("converts the same readings to the caller's own units (imperial, glucose mg/dL)", async () => {
    const rows = (await worklist(f.nurseA1)).items;
    expect(valuesOf(rows, glucose)).toEqual([{ code: '2339-0', value: 250, unit: 'mg/dL', displayValue: 250, displayUnit: 'mg/dL', displayUnitLabel: 'mg/dL' }]);
    expect(valuesOf(rows, temperature)).toEqual([{ code: '8310-5', value: 39.8, unit: 'Cel', displayValue: 103.6, displayUnit: '[degF]', displayUnitLabel: '°F' }]);
  });

  it('gives the office view the values too', async () => {
    const rows = (await worklist(f.officeAdminA1)).items;
    expect(valuesOf(rows, glucose)![0]).toMatchObject({ displayValue: 13.9, displayUnit: 'mmol/L' });
  });
});

describe('GET pushnotifications/markallnotificationsasreadwithuserfornotificationtype without a type', () => {
  const unreadOf = async (userId: number) =>
    t.ctx.db.select().from(notifications).where(and(eq(notifications.toUserId, userId), eq(notifications.isRead, false)));

  beforeAll(async () => {
    await t.ctx.db.insert(notifications).values(
      [NotificationType.CHAT, NotificationType.REMINDER, NotificationType.APPOINTMENT_REQUEST].map((notificationTypeId) => ({
        notificationTypeId,
        fromUserId: f.doctorA1.id,
        toUserId: f.caregiverA1.id,
        messageEn: 'hello',
        messageEs: 'hola',
      })),
    );
    // And an alert about a patient of the caregiver's office.
    await t.ctx.db
      .insert(notifications)
      .values({ notificationTypeId: 3, toUserId: f.caregiverA1.id, hospitalId: f.a1.id, relatedPatientId: f.patientA1.id, messageEn: 'x', messageEs: 'x' });
  });

  it('marks every type read when the type is omitted, and answers type 0', async () => {
    const before = (await unreadOf(f.caregiverA1.id)).length;
    expect(before).toBeGreaterThanOrEqual(4); // the three above and an alert
    const res = await callAs(f.caregiverA1, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.caregiverA1.id } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toEqual({ userId: f.caregiverA1.id, notificationTypeId: 0, updated: before });
    expect(await unreadOf(f.caregiverA1.id)).toHaveLength(0);
  });

  it('treats type 0 as every type, for an admin naming a user of their office too', async () => {
    const before = (await unreadOf(f.nurseA1.id)).length;
    expect(before).toBeGreaterThan(0);
    const res = await callAs(f.officeAdminA1, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.nurseA1.id, type: 0 } });
    expect(res.body).toEqual({ userId: f.nurseA1.id, notificationTypeId: 0, updated: before });
    expect(await unreadOf(f.nurseA1.id)).toHaveLength(0);
  });

  it('validates the type (400), refuses naming someone else without being an admin (403) and another organization (404)', async () => {
    const bad = await callAs(f.caregiverA1, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.caregiverA1.id, type: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ type: FORMAT });
    expect((await callAs(f.caregiverA1, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.doctorA1.id } })).status).toBe(403);
    expect((await callAs(f.orgAdminB, notificationsApi.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: f.doctorA1.id, type: 0 } })).status).toBe(404);
  });
});
