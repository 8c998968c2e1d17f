/**
 * The CCM record's linked sections are written by the features that own their data (docs/ccm.md
 * "One source of truth", docs/architecture.md "Table ownership"), so those owners' rules hold
 * here exactly as on their own screens: a vital entry is a reading graded and alerted like one
 * typed on the monitoring page; a time log entry is care time, at most 2 hours, changed only by
 * its author or an office admin; and nothing of CCM is written while CCM is off in the office.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { billing, ccm, diagnoses, measurements as measurementsApi, notifications as notificationsApi, NotificationType, Role, timeTracking } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, enablePrograms, type TestApp } from '../../../test/setup';
import { hospitals, measurements, medicalTeamMembers, medicalTeams, notifications, timeEntries } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let recordA1: number;
let nurse2: { id: number };

const callAs = callerFor(() => t);
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
  const res = await callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id } });
  expect(res.status, res.reply.body).toBe(201);
  recordA1 = res.body.id;
}, 120_000);
afterAll(async () => t?.close());

describe('a CCM vital entry is a reading (measurements own it)', () => {
  it('grades 190/120 mmHg as critical and alerts the care team, as the same value typed on the monitoring page does', async () => {
    const res = await callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: recordA1, vitalType: '85354-9', value: 190, value2: 120, unit: 'mm[Hg]', measuredAt: hoursAgo(2) } });
    expect(res.status, res.reply.body).toBe(201);
    const measurementId = res.body.measurementId!;
    const [stored] = await t.ctx.db.select().from(measurements).where(eq(measurements.id, measurementId));
    expect(stored).toMatchObject({ severity: 2, source: 'manual', isManual: true, enteredBy: f.nurseA1.id, valuesJson: { '8480-6': 190, '8462-4': 120 } });

    // The same value typed on the monitoring page (POST medicaldevicesdata as staff).
    const typed = await callAs(f.nurseA1, measurementsApi.postMeasurements, { body: { deviceType: 'BLOOD_PRESSURE', patientId: f.patientA1.id, measuredAt: hoursAgo(1), values: [{ code: '8480-6', value: 190, unit: 'mm[Hg]' }, { code: '8462-4', value: 120, unit: 'mm[Hg]' }] } });
    expect(typed.status, typed.reply.body).toBe(200);
    expect(typed.body.results[0]).toMatchObject({ status: 'stored', severity: stored!.severity });

    // The care team is told of the CCM entry as of any abnormal reading.
    const alerts = await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId));
    expect(alerts.map((n) => n.toUserId).sort()).toEqual([f.doctorA1.id, f.nurseA1.id].sort());
    expect(alerts[0]).toMatchObject({ notificationTypeId: NotificationType.ABNORMAL_MEASUREMENT, severity: 2, relatedPatientId: f.patientA1.id, hospitalId: f.a1.id });
    const mine = await callAs(f.doctorA1, notificationsApi.getMyPushNotificationsMinimal);
    expect(mine.body.items.map((n) => [n.relatedPatientId, n.notificationTypeId])).toContainEqual([f.patientA1.id, NotificationType.ABNORMAL_MEASUREMENT]);
  });

  it('alerts again when an edit makes a normal entry abnormal, and not for an edit that changes nothing clinical', async () => {
    const res = await callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: recordA1, vitalType: '85354-9', value: 118, value2: 76, unit: 'mm[Hg]', measuredAt: hoursAgo(3) } });
    expect(res.status, res.reply.body).toBe(201);
    const { id } = res.body;
    const measurementId = res.body.measurementId!;
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId))).toEqual([]);
    const measuredAt = (await t.ctx.db.select({ at: measurements.measuredAt }).from(measurements).where(eq(measurements.id, measurementId)))[0]!.at.toISOString();
    const same = await callAs(f.nurseA1, ccm.updateCcmVitalEntry, { params: { id }, body: { vitalType: '85354-9', value: 118, value2: 76, unit: 'mm[Hg]', measuredAt, notes: 'Rechecked' } });
    expect(same.status, same.reply.body).toBe(200);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId))).toEqual([]);
    const worse = await callAs(f.nurseA1, ccm.updateCcmVitalEntry, { params: { id }, body: { vitalType: '85354-9', value: 200, value2: 125, unit: 'mm[Hg]', measuredAt } });
    expect(worse.status, worse.reply.body).toBe(200);
    expect((await t.ctx.db.select().from(measurements).where(eq(measurements.id, measurementId)))[0]!.severity).toBe(2);
    expect((await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, measurementId))).length).toBe(2);
  });

  it('converts pounds with the catalogue and refuses an implausible value on its field, in English and Spanish, storing nothing', async () => {
    const lb = await callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: recordA1, vitalType: '29463-7', value: 176, unit: '[lb_av]', measuredAt: hoursAgo(4) } });
    expect(lb.status, lb.reply.body).toBe(201);
    expect(lb.body).toMatchObject({ value: 79.83, unit: 'kg' });
    const before = await countOf(measurements, f.patientA1.id);
    const bad = await callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: recordA1, vitalType: '85354-9', value: 120, value2: 900, unit: 'mm[Hg]', measuredAt: hoursAgo(5) } });
    expect(bad.status).toBe(400);
    expect(bad).toMatchObject({ code: 'readingOutOfRange', errors: { value2: 'The value is outside the plausible range of this measurement' } });
    const es = await callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: recordA1, vitalType: '85354-9', value: 900, value2: 80, unit: 'mm[Hg]', measuredAt: hoursAgo(5) }, lang: 'es' });
    expect(es.errors).toEqual({ value: 'El valor está fuera del rango plausible de esta medición' });
    expect(await countOf(measurements, f.patientA1.id)).toBe(before);
  });
});

describe('a CCM time log entry is care time (time tracking owns it)', () => {
  it('refuses more than 2 hours with "Time cannot exceed 2 hours" on minutes, in English and Spanish, and stores nothing', async () => {
    const before = await countOf(timeEntries, f.patientA1.id);
    const over = await callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: recordA1, startedAt: hoursAgo(6), minutes: 240, activity: 'Care plan review', interactive: false } });
    expect(over.status).toBe(400);
    expect(over.errors).toEqual({ minutes: 'Time cannot exceed 2 hours' });
    const es = await callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: recordA1, startedAt: hoursAgo(6), minutes: 121, activity: 'Revisión', interactive: false }, lang: 'es' });
    expect(es.errors).toEqual({ minutes: 'El tiempo no puede superar las 2 horas' });
    const ok = await callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: recordA1, startedAt: hoursAgo(6), minutes: 120, activity: 'Care plan review', interactive: false } });
    expect(ok.status, ok.reply.body).toBe(201);
    expect(await countOf(timeEntries, f.patientA1.id)).toBe(before + 1);
  });

  it("refuses another nurse's change and delete of an entry (403), keeps the entry, and lets its author change it", async () => {
    const res = await callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: recordA1, startedAt: hoursAgo(8), minutes: 15, activity: 'Phone call', interactive: true } });
    expect(res.status, res.reply.body).toBe(201);
    const { id } = res.body;
    const timeEntryId = res.body.timeEntryId!;
    const put = await callAs(nurse2, ccm.updateCcmTimeLogEntry, { params: { id }, body: { startedAt: hoursAgo(8), minutes: 60, activity: 'Phone call', interactive: true } });
    expect(put.status).toBe(403);
    expect((await callAs(nurse2, ccm.deleteCcmTimeLogEntry, { params: { id } })).status).toBe(403);
    expect((await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.id, timeEntryId)))[0]).toMatchObject({ seconds: 900, staffUserId: f.nurseA1.id });
    // The time-tracking screen gives the same answer for the same entry.
    expect((await callAs(nurse2, timeTracking.updateTimeEntry, { params: { id: timeEntryId }, body: { seconds: 3600 } })).status).toBe(403);
    const own = await callAs(f.nurseA1, ccm.updateCcmTimeLogEntry, { params: { id }, body: { startedAt: hoursAgo(8), minutes: 20, activity: 'Phone call', interactive: true } });
    expect(own.status, own.reply.body).toBe(200);
    expect(own.body).toMatchObject({ minutes: 20 });
  });
});

describe('CCM switched off in an office', () => {
  it('refuses a new record and every section write there, in English and Spanish; what exists still reads', async () => {
    // Office a2 never ran CCM.
    const none = await callAs(f.officeAdminA2, ccm.createCcmRecord, { body: { patientId: f.patientA2.id, hospitalId: f.a2.id } });
    expect(none.status).toBe(400);
    expect(none).toMatchObject({ code: 'programNotEnabled', msg: 'The CCM program is not enabled for this office' });
    // Office a1 switches it off: the record stays readable, nothing is written to it.
    await t.ctx.db.update(hospitals).set({ ccmEnabled: false }).where(eq(hospitals.id, f.a1.id));
    try {
      const entries = await countOf(timeEntries, f.patientA1.id);
      const readings = await countOf(measurements, f.patientA1.id);
      const writes = [
        await callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: recordA1, startedAt: hoursAgo(9), minutes: 10, activity: 'Call', interactive: true } }),
        await callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: recordA1, vitalType: '8310-5', value: 37.1, unit: 'Cel', measuredAt: hoursAgo(9) } }),
        await callAs(f.nurseA1, ccm.createCcmMedicalNote, { body: { ccmRecordId: recordA1, title: 'MONTHLY_REVIEW', noteType: '11506-3', text: 'Stable' } }),
        await callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id } }),
        await callAs(f.nurseA1, ccm.updateCcmRecord, { params: { id: recordA1 }, body: { recordDate: '2026-01-02', status: 1 } }),
      ];
      for (const w of writes) { expect([w.status, w.code]).toEqual([400, 'programNotEnabled']); }
      const es = await callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: recordA1, startedAt: hoursAgo(9), minutes: 10, activity: 'Llamada', interactive: true }, lang: 'es' });
      expect(es.msg).toBe('El programa CCM no está habilitado para esta oficina');
      expect(await countOf(timeEntries, f.patientA1.id)).toBe(entries);
      expect(await countOf(measurements, f.patientA1.id)).toBe(readings);
      const read = await callAs(f.nurseA1, ccm.getCcmRecordById, { params: { id: recordA1 } });
      expect(read.status, read.reply.body).toBe(200);
    } finally {
      await t.ctx.db.update(hospitals).set({ ccmEnabled: true }).where(and(eq(hospitals.id, f.a1.id)));
    }
  });
});

describe('one chronic-condition count and one ICD-10-CM validity (diagnoses own both)', () => {
  it('shows the same count on the problem list, the CCM worklist and the CCM report, the billing profile counted everywhere', async () => {
    const patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Cora', lastName: 'Count' } });
    for (const code of ['I10', 'E11.9', 'N18.30']) {
      const res = await callAs(f.nurseA1, diagnoses.createDiagnosis, { body: { patientId: patient.id, code, status: 'active' } });
      expect(res.status, res.reply.body).toBe(201);
    }
    // The billing profile names one more chronic condition (asthma) that the problem list does not.
    const profile = await callAs(f.officeAdminA1, billing.updatePatientBillingProfile, { headers: { patientid: patient.id }, body: { billingType: 'CCM', billingPractitionerId: null, diagnoses: ['I10', 'J45.20'] } });
    expect(profile.status, profile.reply.body).toBe(200);
    const record = await callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: patient.id, hospitalId: f.a1.id } });
    expect(record.status, record.reply.body).toBe(201);
    // The CCM record's own conditions section names only one: it is not what is counted.
    expect((await callAs(f.nurseA1, ccm.createCcmCondition, { body: { ccmRecordId: record.body.id, name: 'Hypertension', icd10Code: 'I10', isPrimary: true, historyStatus: 'STABLE' } })).status).toBe(201);

    const list = await callAs(f.nurseA1, diagnoses.getDiagnosisListForPatient, { headers: { patientid: patient.id } });
    expect(list.status, list.reply.body).toBe(200);
    expect(list.body.chronic.conditions.map((c) => c.id).sort()).toEqual(['asthma', 'chronicKidneyDisease', 'diabetes', 'hypertension']);
    expect(list.body.chronic.count).toBe(4);

    const worklist = await callAs(f.nurseA1, ccm.getCcmWorklist, { headers: { hospitalid: f.a1.id }, query: { search: 'Count' } });
    expect(worklist.status, worklist.reply.body).toBe(200);
    expect(worklist.body.items.find((r) => r.patientId === patient.id)).toMatchObject({ chronicConditions: 4 });
    const { year, month } = worklist.body;
    const report = await callAs(f.nurseA1, ccm.getCcmRecordReportDataForMonth, { headers: { hospitalid: f.a1.id, month, year } });
    expect(report.status, report.reply.body).toBe(200);
    expect(report.body.rows.find((r) => r.patientId === patient.id)).toMatchObject({ chronicConditions: 4 });
  });

  it('accepts in the billing profile every billable code the problem list accepts (A00.9, outside the old 155-category list), and refuses the same unknown and category codes', async () => {
    const put = (codes: string[], lang: 'en' | 'es' = 'en') =>
      callAs(f.officeAdminA1, billing.updatePatientBillingProfile, { headers: { patientid: f.patientA1.id }, body: { billingType: 'RPM', billingPractitionerId: null, diagnoses: codes }, lang });
    const billable = await put(['A00.9']);
    expect(billable.status, billable.reply.body).toBe(200);
    expect((await callAs(f.nurseA1, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, code: 'A00.9', status: 'active' } })).status).toBe(201);

    const unknown = await put(['I10', 'Q99.99']);
    expect(unknown.status).toBe(400);
    expect(unknown.errors).toEqual({ 'diagnoses.1': 'Unknown ICD-10-CM diagnosis code' });
    expect((await callAs(f.nurseA1, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, code: 'Q99.99', status: 'active' } })).errors).toEqual({ code: 'Unknown ICD-10-CM diagnosis code' });

    const category = await put(['E11']);
    expect(category.status).toBe(400);
    const fromList = await callAs(f.nurseA1, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, code: 'E11', status: 'active' } });
    expect(fromList.status).toBe(400);
    expect([category.code, fromList.code]).toEqual(['diagnosisNotBillable', 'diagnosisNotBillable']);
    // The same message, on the profile's field for the code.
    expect(category.errors).toEqual({ 'diagnoses.0': fromList.errors!.code });
    expect(category.errors!['diagnoses.0']).toContain('E11');
    const es = await put(['Q99.99'], 'es');
    expect(es.errors).toEqual({ 'diagnoses.0': 'Código de diagnóstico CIE-10-MC desconocido' });

    // A CCM condition's code follows the same rule.
    const cond = await callAs(f.nurseA1, ccm.createCcmCondition, { body: { ccmRecordId: recordA1, name: 'Mystery', icd10Code: 'Q99.99', isPrimary: false, historyStatus: 'STABLE' } });
    expect(cond.status).toBe(400);
    expect(cond.errors).toEqual({ icd10Code: 'Unknown ICD-10-CM diagnosis code' });
  });
});
