/**
 * The /patients list's triage (docs/patient-list.md): the figures per patient, the server-side
 * sorts and filters over them, the saved default view per user, and other tenants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationType, Role, offices } from '@vigil/contract';
import { callerFor, invalid, type CallQuery, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { measurements, notifications, patientBillingProfiles, patientProgramEnrolments, timeEntries, userHospitals } from '../../db/schema/index';
import { addDays, localDateOf, localTimeToInstant } from '../../lib/office-calendar';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const zone = 'America/New_York';
const now = new Date();
const today = localDateOf(now, zone);
const names = ['Few', 'Many', 'None', 'Full'] as const;
const byName: Record<string, { id: number }> = {};
let deviceKey = 1;

const callAs = callerFor(() => t, { signIn: 'api' });

/** A reading at local noon `daysAgo` days before today in the office. */
async function reading(patientId: number, hospitalId: number, daysAgo: number, values: Partial<typeof measurements.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(measurements)
    .values({
      patientId,
      hospitalId,
      deviceType: 'BP',
      deviceKey: deviceKey++,
      measuredAt: localTimeToInstant(addDays(today, -daysAgo), '12:00', zone),
      valuesJson: { '8480-6': 120, '8462-4': 80 },
      source: 'hub',
      ...values,
    })
    .returning();
  return row!;
}

type ListQuery = CallQuery<typeof offices.findOfficePatientsV4>;
const list = async (query: ListQuery, who: CallUser = f.nurseA1) => {
  const res = await callAs(who, offices.findOfficePatientsV4, { headers: { hospitalid: f.a1.id }, query });
  expect(res.status).toBe(200);
  return res.body;
};
const lastNames = (d: { items: { lastName: string }[] }) => d.items.map((i) => i.lastName);

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // The fixture's own patient of A1 stays in the office: it has no figures at all ("Usr..." sorts after these names).
  for (const lastName of names) {
    const p = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Tri', lastName: `Triage${lastName}` } });
    byName[lastName] = p;
    // The device period starts 20 days ago, so it covers the last 20 days.
    await t.ctx.db.insert(patientBillingProfiles).values({ patientId: p.id, billingType: 'RPM', rpmEpisodeStart: addDays(today, -20) });
  }
  const few = byName.Few!.id;
  const many = byName.Many!.id;
  const none = byName.None!.id;
  const full = byName.Full!.id;
  // Few: 3 reading days (two readings on one day count once); a simulated and a typed reading never count.
  for (const d of [1, 2, 3]) { await reading(few, f.a1.id, d); }
  await reading(few, f.a1.id, 1, { deviceType: 'WEIGHT', valuesJson: { '29463-7': 80 }, measuredAt: localTimeToInstant(addDays(today, -1), '08:00', zone) });
  await reading(few, f.a1.id, 4, { source: 'simulated', isSimulated: true });
  await reading(few, f.a1.id, 5, { source: 'manual', isManual: true, enteredBy: few });
  // Before the period: does not count.
  await reading(few, f.a1.id, 25);
  // Many: 12 reading days, and readings in another office (A2) that do not count here.
  for (let d = 1; d <= 12; d++) { await reading(many, f.a1.id, d); }
  await t.ctx.db.insert(userHospitals).values({ userId: many, hospitalId: f.a2.id });
  for (const d of [13, 14, 15, 16, 17]) { await reading(many, f.a2.id, d); }
  // Full: 17 reading days, the last one abnormal.
  for (let d = 1; d <= 17; d++) { await reading(full, f.a1.id, d, d === 1 ? { severity: 2 } : {}); }
  // Care time this month: Many 25 min of RPM; Few 5 min of RPM and 30 of CCM (not its billing program); an open timer never counts.
  const entry = (patientId: number, program: string, minutes: number, ended = true) => ({
    patientId,
    hospitalId: f.a1.id,
    staffUserId: f.nurseA1.id,
    program,
    startedAt: new Date(now.getTime() - 1000),
    endedAt: ended ? now : null,
    seconds: ended ? minutes * 60 : null,
  });
  await t.ctx.db.insert(timeEntries).values([entry(many, 'RPM', 25), entry(few, 'RPM', 5), entry(few, 'CCM', 30), entry(full, 'RPM', 40, false)]);
  // Open alerts: None has a critical reading alert copied to two staff (counts once) and a caution one;
  // Full's critical alert is processed (not counted).
  const alert = (patientId: number, measurementId: number, severity: number, toUserId: number, processed = false) => ({
    notificationTypeId: NotificationType.ABNORMAL_MEASUREMENT,
    toUserId,
    relatedPatientId: patientId,
    hospitalId: f.a1.id,
    measurementId,
    messageEn: 'Abnormal',
    messageEs: 'Anormal',
    severity,
    processingStatus: processed ? 1 : 0,
  });
  const noneCritical = await t.ctx.db.insert(measurements).values({ patientId: none, hospitalId: f.a1.id, deviceType: 'BP', deviceKey: deviceKey++, measuredAt: localTimeToInstant(addDays(today, -30), '09:00', zone), valuesJson: { '8480-6': 190 }, source: 'manual', isManual: true, enteredBy: f.nurseA1.id, severity: 2 }).returning();
  const noneCaution = await t.ctx.db.insert(measurements).values({ patientId: none, hospitalId: f.a1.id, deviceType: 'BP', deviceKey: deviceKey++, measuredAt: localTimeToInstant(addDays(today, -31), '09:00', zone), valuesJson: { '8480-6': 150 }, source: 'manual', isManual: true, enteredBy: f.nurseA1.id, severity: 1 }).returning();
  const fullReading = await reading(full, f.a1.id, 30, { severity: 2 });
  await t.ctx.db.insert(notifications).values([
    alert(none, noneCritical[0]!.id, 2, f.nurseA1.id),
    alert(none, noneCritical[0]!.id, 2, f.doctorA1.id),
    alert(none, noneCaution[0]!.id, 1, f.nurseA1.id),
    alert(full, fullReading.id, 2, f.nurseA1.id, true),
  ]);
  await t.ctx.db.insert(patientProgramEnrolments).values([
    { patientId: few, program: 'RPM', enrolledOn: addDays(today, -20) },
    { patientId: few, program: 'CCM', enrolledOn: addDays(today, -20) },
    { patientId: full, program: 'RPM', enrolledOn: addDays(today, -20) },
  ]);
});
afterAll(async () => t.close());

describe('GET hospital/getrelatedpatientsforhospitalv4: triage figures', () => {
  it('gives each patient last reading, reading days of the current device period, care time, open alerts and programs', async () => {
    const data = await list({ search: 'triage' });
    const row = (name: string) => data.items.find((i) => i.lastName === `Triage${name}`)!;
    expect(row('Few')).toMatchObject({ readingDays: 3, careSeconds: 300, programs: ['CCM', 'RPM'], openAlerts: { caution: 0, critical: 0 } });
    expect(row('Few').devicePeriod).toEqual({ start: addDays(today, -20), end: addDays(today, 9) });
    expect(row('Few').lastReading).toMatchObject({ severity: 0, deviceType: 'BP' });
    expect(row('Many')).toMatchObject({ readingDays: 12, careSeconds: 1500, programs: [] });
    expect(row('Full')).toMatchObject({ readingDays: 17, careSeconds: 0, lastReading: { severity: 2 }, openAlerts: { caution: 0, critical: 0 } });
    // None's readings are typed by staff (not qualifying) and older than the period.
    expect(row('None')).toMatchObject({ readingDays: 0, openAlerts: { caution: 1, critical: 1 }, lastReading: { severity: 2 } });
  });

  it('sorts by reading days on the server, fewest first or most first, over the whole office', async () => {
    expect(lastNames(await list({ search: 'triage', sort: 'readingDays' }))).toEqual(['TriageNone', 'TriageFew', 'TriageMany', 'TriageFull']);
    expect(lastNames(await list({ search: 'triage', sort: '-readingDays' }))).toEqual(['TriageFull', 'TriageMany', 'TriageFew', 'TriageNone']);
    // Paged: the page is cut after sorting every patient, with the full total.
    const page2 = await list({ search: 'triage', sort: '-readingDays', pageSize: 2, page: 2 });
    expect(page2).toMatchObject({ total: 4 });
    expect(lastNames(page2)).toEqual(['TriageFew', 'TriageNone']);
    const all = await list({ sort: '-readingDays' });
    expect(all.total).toBe(5);
    expect(lastNames(all).slice(0, 2)).toEqual(['TriageFull', 'TriageMany']);
  });

  it('sorts by care minutes, open alerts and last reading', async () => {
    expect(lastNames(await list({ search: 'triage', sort: '-careMinutes' }))).toEqual(['TriageMany', 'TriageFew', 'TriageFull', 'TriageNone']);
    expect(lastNames(await list({ search: 'triage', sort: '-openAlerts' })).slice(0, 1)).toEqual(['TriageNone']);
    // Most recent reading first: Few, Many and Full read yesterday (by name), None a month ago.
    expect(lastNames(await list({ search: 'triage', sort: '-lastReadingAt' }))).toEqual(['TriageFew', 'TriageFull', 'TriageMany', 'TriageNone']);
  });

  it('filters by reading days, care minutes, alerts, last reading and program on the server, with the total', async () => {
    expect(lastNames(await list({ search: 'triage', readingDays: 'below' }))).toEqual(['TriageFew', 'TriageMany', 'TriageNone']);
    expect(await list({ search: 'triage', readingDays: 'reached' })).toMatchObject({ total: 1, items: [expect.objectContaining({ lastName: 'TriageFull' })] });
    expect(lastNames(await list({ search: 'triage', careMinutes: 'reached' }))).toEqual(['TriageMany']);
    expect(lastNames(await list({ search: 'triage', alerts: 'critical' }))).toEqual(['TriageNone']);
    expect(lastNames(await list({ search: 'triage', alerts: 'none' }))).toEqual(['TriageFew', 'TriageFull', 'TriageMany']);
    expect(lastNames(await list({ search: 'triage', lastReading: 'abnormal' }))).toEqual(['TriageFull', 'TriageNone']);
    expect(lastNames(await list({ program: 'CCM' }))).toEqual(['TriageFew']);
    // Combined with a sort, and a page beyond the last still knows the total.
    expect(lastNames(await list({ readingDays: 'below', sort: '-readingDays', search: 'triage' }))).toEqual(['TriageMany', 'TriageFew', 'TriageNone']);
    expect(await list({ readingDays: 'below', search: 'triage', page: 9, pageSize: 2 })).toMatchObject({ items: [], total: 3 });
  });

  it('refuses an unknown sort key or filter value in the user\'s language and answers another tenant 404', async () => {
    const en = await callAs(f.nurseA1, offices.findOfficePatientsV4, { headers: { hospitalid: f.a1.id }, query: { sort: invalid('ssn') } });
    expect(en.status).toBe(400);
    const es = await callAs(f.nurseA1, offices.findOfficePatientsV4, { headers: { hospitalid: f.a1.id }, query: { readingDays: invalid('some') }, lang: 'es' });
    expect(es.status).toBe(400);
    expect(Object.keys(es.errors ?? {})).toEqual(['readingDays']);
    const other = await callAs(f.doctorB1, offices.findOfficePatientsV4, { headers: { hospitalid: f.a1.id }, query: { sort: 'readingDays' } });
    expect(other.status).toBe(404);
    expect(other.reply.body).not.toContain('Triage');
  });
});

describe('GET / PUT user/patientlistview: the saved default view', () => {
  it('is null until saved, then restored for that user only', async () => {
    expect((await callAs(f.nurseA1, offices.getPatientListView)).body).toEqual({ view: null });
    const view = { sort: '-readingDays', readingDays: 'below', alerts: 'open', pageSize: 50 } as const;
    const saved = await callAs(f.nurseA1, offices.savePatientListView, { body: view });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ view });
    expect((await callAs(f.nurseA1, offices.getPatientListView)).body).toEqual({ view });
    // Another user (same office) has their own.
    expect((await callAs(f.officeAdminA1, offices.getPatientListView)).body).toEqual({ view: null });
    // Saving again replaces the view.
    await callAs(f.nurseA1, offices.savePatientListView, { body: { sort: 'lastName' } });
    expect((await callAs(f.nurseA1, offices.getPatientListView)).body).toEqual({ view: { sort: 'lastName' } });
  });

  it('keeps the user\'s other settings and refuses a bad view without changing the saved one', async () => {
    const admin = f.officeAdminA1;
    await callAs(admin, offices.savePatientListView, { body: { careMinutes: 'below' } });
    const bad = await callAs(admin, offices.savePatientListView, { body: { sort: invalid('password') }, lang: 'es' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors ?? {})).toEqual(['sort']);
    expect((await callAs(admin, offices.getPatientListView)).body).toEqual({ view: { careMinutes: 'below' } });
  });
});
