/**
 * The CCM record's linked sections are written by the features that own their data (docs/ccm.md
 * "One source of truth", docs/architecture.md "Table ownership"), so those owners' rules hold
 * here exactly as on their own screens: a vital entry is a reading graded and alerted like one
 * typed on the monitoring page; a time log entry is care time, at most 2 hours, changed only by
 * its author or an office admin; and nothing of CCM is written while CCM is off in the office.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { NotificationType, Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, enablePrograms, sessionFor, type TestApp } from '../../../test/setup';
import { hospitals, measurements, medicalTeamMembers, medicalTeams, notifications, timeEntries } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let recordA1: number;
let nurse2: { id: number };

const sessions = new Map<number, { sessionguid: string }>();
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, who: { id: number }, payload?: object, lang: 'en' | 'es' = 'en') {
  let s = sessions.get(who.id);
  if (!s) { sessions.set(who.id, (s = await sessionFor(t, who.id))); }
  return t.app.inject({ method, url: `/api/${path}`, headers: { ...s, 'accept-language': lang }, ...(payload ? { payload } : {}) });
}
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const countOf = async (table: typeof timeEntries | typeof measurements, patientId: number) => (await t.ctx.db.select({ n: count() }).from(table).where(eq(table.patientId, patientId)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await enablePrograms(t, [f.a1.id]);
  nurse2 = await createUser(t, { role: Role.NURSE, organizationId: f.orgA.id, offices: [f.a1.id] });
  const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
  await t.ctx.db.insert(medicalTeamMembers).values([
    { medicalTeamId: team!.id, userId: f.doctorA1.id },
    { medicalTeamId: team!.id, userId: f.nurseA1.id },
  ]);
  const res = await call('POST', 'ccmrecord', f.nurseA1, { patientId: f.patientA1.id, hospitalId: f.a1.id });
  expect(res.statusCode, res.body).toBe(201);
  recordA1 = res.json().data.id;
}, 120_000);
afterAll(async () => t?.close());

describe('a CCM vital entry is a reading (measurements own it)', () => {
  it('grades 190/120 mmHg as critical and alerts the care team, as the same value typed on the monitoring page does', async () => {
    const res = await call('POST', 'vitalentry', f.nurseA1, { ccmRecordId: recordA1, vitalType: '85354-9', value: 190, value2: 120, unit: 'mm[Hg]', measuredAt: hoursAgo(2) });
    expect(res.statusCode, res.body).toBe(201);
    const measurementId = res.json().data.measurementId as number;
    const [stored] = await t.ctx.db.select().from(measurements).where(eq(measurements.id, measurementId));
    expect(stored).toMatchObject({ severity: 2, source: 'manual', isManual: true, enteredBy: f.nurseA1.id, valuesJson: { '8480-6': 190, '8462-4': 120 } });

    // The same value typed on the monitoring page (POST medicaldevicesdata as staff).
    const typed = await call('POST', 'medicaldevicesdata', f.nurseA1, { deviceType: 'BLOOD_PRESSURE', patientId: f.patientA1.id, measuredAt: hoursAgo(1), values: [{ code: '8480-6', value: 190, unit: 'mm[Hg]' }, { code: '8462-4', value: 120, unit: 'mm[Hg]' }] });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data.results[0]).toMatchObject({ status: 'stored', severity: stored!.severity });

    // The care team is told of the CCM entry as of any abnormal reading.
    const alerts = await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId));
    expect(alerts.map((n) => n.toUserId).sort()).toEqual([f.doctorA1.id, f.nurseA1.id].sort());
    expect(alerts[0]).toMatchObject({ notificationTypeId: NotificationType.ABNORMAL_MEASUREMENT, severity: 2, relatedPatientId: f.patientA1.id, hospitalId: f.a1.id });
    const mine = await call('GET', 'pushnotifications/getmypushnotifications-minimal', f.doctorA1);
    expect(mine.json().data.items.map((n: { relatedPatientId: number; notificationTypeId: number }) => [n.relatedPatientId, n.notificationTypeId])).toContainEqual([f.patientA1.id, NotificationType.ABNORMAL_MEASUREMENT]);
  });

  it('alerts again when an edit makes a normal entry abnormal, and not for an edit that changes nothing clinical', async () => {
    const res = await call('POST', 'vitalentry', f.nurseA1, { ccmRecordId: recordA1, vitalType: '85354-9', value: 118, value2: 76, unit: 'mm[Hg]', measuredAt: hoursAgo(3) });
    expect(res.statusCode, res.body).toBe(201);
    const { id, measurementId } = res.json().data as { id: number; measurementId: number };
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId))).toEqual([]);
    const measuredAt = (await t.ctx.db.select({ at: measurements.measuredAt }).from(measurements).where(eq(measurements.id, measurementId)))[0]!.at.toISOString();
    const same = await call('PUT', `vitalentry/${id}`, f.nurseA1, { vitalType: '85354-9', value: 118, value2: 76, unit: 'mm[Hg]', measuredAt, notes: 'Rechecked' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId))).toEqual([]);
    const worse = await call('PUT', `vitalentry/${id}`, f.nurseA1, { vitalType: '85354-9', value: 200, value2: 125, unit: 'mm[Hg]', measuredAt });
    expect(worse.statusCode, worse.body).toBe(200);
    expect((await t.ctx.db.select().from(measurements).where(eq(measurements.id, measurementId)))[0]!.severity).toBe(2);
    expect((await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId))).length).toBe(2);
  });

  it('converts pounds with the catalogue and refuses an implausible value on its field, in English and Spanish, storing nothing', async () => {
    const lb = await call('POST', 'vitalentry', f.nurseA1, { ccmRecordId: recordA1, vitalType: '29463-7', value: 176, unit: '[lb_av]', measuredAt: hoursAgo(4) });
    expect(lb.statusCode, lb.body).toBe(201);
    expect(lb.json().data).toMatchObject({ value: 79.83, unit: 'kg' });
    const before = await countOf(measurements, f.patientA1.id);
    const bad = await call('POST', 'vitalentry', f.nurseA1, { ccmRecordId: recordA1, vitalType: '85354-9', value: 120, value2: 900, unit: 'mm[Hg]', measuredAt: hoursAgo(5) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'readingOutOfRange', errors: { value2: 'The value is outside the plausible range of this measurement' } });
    const es = await call('POST', 'vitalentry', f.nurseA1, { ccmRecordId: recordA1, vitalType: '85354-9', value: 900, value2: 80, unit: 'mm[Hg]', measuredAt: hoursAgo(5) }, 'es');
    expect(es.json().errors).toEqual({ value: 'El valor está fuera del rango plausible de esta medición' });
    expect(await countOf(measurements, f.patientA1.id)).toBe(before);
  });
});

describe('a CCM time log entry is care time (time tracking owns it)', () => {
  it('refuses more than 2 hours with "Time cannot exceed 2 hours" on minutes, in English and Spanish, and stores nothing', async () => {
    const before = await countOf(timeEntries, f.patientA1.id);
    const over = await call('POST', 'ccmtimelogentry', f.nurseA1, { ccmRecordId: recordA1, startedAt: hoursAgo(6), minutes: 240, activity: 'Care plan review', interactive: false });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ minutes: 'Time cannot exceed 2 hours' });
    const es = await call('POST', 'ccmtimelogentry', f.nurseA1, { ccmRecordId: recordA1, startedAt: hoursAgo(6), minutes: 121, activity: 'Revisión', interactive: false }, 'es');
    expect(es.json().errors).toEqual({ minutes: 'El tiempo no puede superar las 2 horas' });
    const ok = await call('POST', 'ccmtimelogentry', f.nurseA1, { ccmRecordId: recordA1, startedAt: hoursAgo(6), minutes: 120, activity: 'Care plan review', interactive: false });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await countOf(timeEntries, f.patientA1.id)).toBe(before + 1);
  });

  it("refuses another nurse's change and delete of an entry (403), keeps the entry, and lets its author change it", async () => {
    const res = await call('POST', 'ccmtimelogentry', f.nurseA1, { ccmRecordId: recordA1, startedAt: hoursAgo(8), minutes: 15, activity: 'Phone call', interactive: true });
    expect(res.statusCode, res.body).toBe(201);
    const { id, timeEntryId } = res.json().data as { id: number; timeEntryId: number };
    const put = await call('PUT', `ccmtimelogentry/${id}`, nurse2, { startedAt: hoursAgo(8), minutes: 60, activity: 'Phone call', interactive: true });
    expect(put.statusCode).toBe(403);
    expect((await call('DELETE', `ccmtimelogentry/${id}`, nurse2)).statusCode).toBe(403);
    expect((await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.id, timeEntryId)))[0]).toMatchObject({ seconds: 900, staffUserId: f.nurseA1.id });
    // The time-tracking screen gives the same answer for the same entry.
    expect((await call('PUT', `timetracking/${timeEntryId}`, nurse2, { seconds: 3600 })).statusCode).toBe(403);
    const own = await call('PUT', `ccmtimelogentry/${id}`, f.nurseA1, { startedAt: hoursAgo(8), minutes: 20, activity: 'Phone call', interactive: true });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ minutes: 20 });
  });
});

describe('CCM switched off in an office', () => {
  it('refuses a new record and every section write there, in English and Spanish; what exists still reads', async () => {
    // Office a2 never ran CCM.
    const none = await call('POST', 'ccmrecord', f.officeAdminA2, { patientId: f.patientA2.id, hospitalId: f.a2.id });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'programNotEnabled', msg: 'The CCM program is not enabled for this office' });
    // Office a1 switches it off: the record stays readable, nothing is written to it.
    await t.ctx.db.update(hospitals).set({ ccmEnabled: false }).where(eq(hospitals.id, f.a1.id));
    try {
      const entries = await countOf(timeEntries, f.patientA1.id);
      const readings = await countOf(measurements, f.patientA1.id);
      const writes = [
        await call('POST', 'ccmtimelogentry', f.nurseA1, { ccmRecordId: recordA1, startedAt: hoursAgo(9), minutes: 10, activity: 'Call', interactive: true }),
        await call('POST', 'vitalentry', f.nurseA1, { ccmRecordId: recordA1, vitalType: '8310-5', value: 37.1, unit: 'Cel', measuredAt: hoursAgo(9) }),
        await call('POST', 'ccmmedicalnote', f.nurseA1, { ccmRecordId: recordA1, title: 'MONTHLY_REVIEW', noteType: '11506-3', text: 'Stable' }),
        await call('POST', 'ccmrecord', f.nurseA1, { patientId: f.patientA1.id, hospitalId: f.a1.id }),
        await call('PUT', `ccmrecord/${recordA1}`, f.nurseA1, { recordDate: '2026-01-02', status: 1 }),
      ];
      for (const w of writes) { expect([w.statusCode, w.json().code]).toEqual([400, 'programNotEnabled']); }
      const es = await call('POST', 'ccmtimelogentry', f.nurseA1, { ccmRecordId: recordA1, startedAt: hoursAgo(9), minutes: 10, activity: 'Llamada', interactive: true }, 'es');
      expect(es.json().msg).toBe('El programa CCM no está habilitado para esta oficina');
      expect(await countOf(timeEntries, f.patientA1.id)).toBe(entries);
      expect(await countOf(measurements, f.patientA1.id)).toBe(readings);
      const read = await call('GET', `ccmrecord/${recordA1}`, f.nurseA1);
      expect(read.statusCode, read.body).toBe(200);
    } finally {
      await t.ctx.db.update(hospitals).set({ ccmEnabled: true }).where(and(eq(hospitals.id, f.a1.id)));
    }
  });
});

describe('one chronic-condition count and one ICD-10-CM validity (diagnoses own both)', () => {
  it('shows the same count on the problem list, the CCM worklist and the CCM report, the billing profile counted everywhere', async () => {
    const patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Cora', lastName: 'Count' } });
    for (const code of ['I10', 'E11.9', 'N18.30']) {
      const res = await call('POST', 'patientdiagnosis', f.nurseA1, { patientId: patient.id, code, status: 'active' });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The billing profile names one more chronic condition (asthma) that the problem list does not.
    const profile = await t.app.inject({ method: 'PUT', url: '/api/billing/patientbillingprofile', headers: { ...(await sessionFor(t, f.officeAdminA1.id)), patientid: String(patient.id) }, payload: { billingType: 'CCM', billingPractitionerId: null, diagnoses: ['I10', 'J45.20'] } });
    expect(profile.statusCode, profile.body).toBe(200);
    const record = await call('POST', 'ccmrecord', f.nurseA1, { patientId: patient.id, hospitalId: f.a1.id });
    expect(record.statusCode, record.body).toBe(201);
    // The CCM record's own conditions section names only one: it is not what is counted.
    expect((await call('POST', 'ccmconditions', f.nurseA1, { ccmRecordId: record.json().data.id, name: 'Hypertension', icd10Code: 'I10', isPrimary: true, historyStatus: 'STABLE' })).statusCode).toBe(201);

    const list = await t.app.inject({ method: 'GET', url: '/api/patientdiagnosis/getdiagnosislistforpatient', headers: { ...(await sessionFor(t, f.nurseA1.id)), patientid: String(patient.id) } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.chronic.conditions.map((c: { id: string }) => c.id).sort()).toEqual(['asthma', 'chronicKidneyDisease', 'diabetes', 'hypertension']);
    expect(list.json().data.chronic.count).toBe(4);

    const headers = { ...(await sessionFor(t, f.nurseA1.id)), hospitalid: String(f.a1.id) };
    const worklist = await t.app.inject({ method: 'GET', url: `/api/ccmrecord/worklist?search=Count`, headers });
    expect(worklist.statusCode, worklist.body).toBe(200);
    expect(worklist.json().data.items.find((r: { patientId: number }) => r.patientId === patient.id)).toMatchObject({ chronicConditions: 4 });
    const { year, month } = worklist.json().data as { year: number; month: number };
    const report = await t.app.inject({ method: 'GET', url: '/api/ccmrecord/getreportdataformonth', headers: { ...headers, month: String(month), year: String(year) } });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.rows.find((r: { patientId: number }) => r.patientId === patient.id)).toMatchObject({ chronicConditions: 4 });
  });

  it('accepts in the billing profile every billable code the problem list accepts (A00.9, outside the old 155-category list), and refuses the same unknown and category codes', async () => {
    const admin = await sessionFor(t, f.officeAdminA1.id);
    const put = (diagnoses: string[], lang: 'en' | 'es' = 'en') =>
      t.app.inject({ method: 'PUT', url: '/api/billing/patientbillingprofile', headers: { ...admin, patientid: String(f.patientA1.id), 'accept-language': lang }, payload: { billingType: 'RPM', billingPractitionerId: null, diagnoses } });
    const billable = await put(['A00.9']);
    expect(billable.statusCode, billable.body).toBe(200);
    expect((await call('POST', 'patientdiagnosis', f.nurseA1, { patientId: f.patientA1.id, code: 'A00.9', status: 'active' })).statusCode).toBe(201);

    const unknown = await put(['I10', 'Q99.99']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'diagnoses.1': 'Unknown ICD-10-CM diagnosis code' });
    expect((await call('POST', 'patientdiagnosis', f.nurseA1, { patientId: f.patientA1.id, code: 'Q99.99', status: 'active' })).json().errors).toEqual({ code: 'Unknown ICD-10-CM diagnosis code' });

    const category = await put(['E11']);
    expect(category.statusCode).toBe(400);
    const fromList = await call('POST', 'patientdiagnosis', f.nurseA1, { patientId: f.patientA1.id, code: 'E11', status: 'active' });
    expect(fromList.statusCode).toBe(400);
    expect([category.json().code, fromList.json().code]).toEqual(['diagnosisNotBillable', 'diagnosisNotBillable']);
    // The same message, on the profile's field for the code.
    expect(category.json().errors).toEqual({ 'diagnoses.0': fromList.json().errors.code });
    expect(category.json().errors['diagnoses.0']).toContain('E11');
    const es = await put(['Q99.99'], 'es');
    expect(es.json().errors).toEqual({ 'diagnoses.0': 'Código de diagnóstico CIE-10-MC desconocido' });

    // A CCM condition's code follows the same rule.
    const cond = await call('POST', 'ccmconditions', f.nurseA1, { ccmRecordId: recordA1, name: 'Mystery', icd10Code: 'Q99.99', isPrimary: false, historyStatus: 'STABLE' });
    expect(cond.statusCode).toBe(400);
    expect(cond.json().errors).toEqual({ icd10Code: 'Unknown ICD-10-CM diagnosis code' });
  });
});
