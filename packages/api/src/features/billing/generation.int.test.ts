import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { billingClaims, billingRuns, ccmConsentForms, ccmRecords, medicalTeamMembers, medicalTeams, patientDiagnoses, userHospitals } from '../../db/schema/index';
import type { Scope } from '../../db/scope';
import { setProfile, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';
import { dayList, seedNote, seedReadings, seedTime } from '../../../test/fixtures/billing-generation.fixtures';
import { processRun } from './generation';
import * as runs from './billing-runs.repo';
import * as repo from './generation.repo';
import { tenantDb } from '../../db/handles';
import { runClock, useTestClock } from '../../../test/clock';

// The day is pinned (docs/architecture.md "Clock"): September 2026 is a past month on it.
useTestClock(runClock() ?? '2026-11-20T17:00:00Z');

/** September 2026: a past month, device period 1-30 September. */
const Y = 2026;
const M = 9;

let t: TestApp;
let f: Fixture;
let scope: Scope;
const patients: Record<string, number> = {};

async function patientIn(hospitalId: number, organizationId: number, name: string) {
  const p = await createUser(t, { role: Role.PATIENT, organizationId, offices: [hospitalId], values: { firstName: name, lastName: 'Gen' } });
  patients[name] = p.id;
  return p.id;
}

async function runOffice(hospitalId: number, year = Y, month = M) {
  const office = (await repo.findOffice(tenantDb(scope, t.ctx.db), hospitalId))!;
  const run = await runs.createRun(tenantDb(scope, t.ctx.db), { scopeKind: 'hospital', scopeId: hospitalId, year, month, total: 0, startedBy: f.sysadmin.id });
  await processRun(scope, t.ctx.db, run.id, [office], year, month);
  return run.id;
}

const claimsOf = (patientId: number, month = M) =>
  t.ctx.db
    .select()
    .from(billingClaims)
    .where(and(eq(billingClaims.patientId, patientId), eq(billingClaims.year, Y), eq(billingClaims.month, month)))
    .orderBy(asc(billingClaims.id));

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  scope = { userId: f.sysadmin.id, role: Role.SYSTEM_ADMIN, organizationId: null, officeIds: [], sessionId: 0, lang: 'en' };
  const a1 = f.a1.id;
  const org = f.orgA.id;

  // Full: 16 reading days and 20 minutes with a call -> 99453 (first period of the episode), 99454, 99457.
  const full = await patientIn(a1, org, 'Full');
  await setProfile(t, full, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id, rpmEpisodeStart: '2026-09-01', diagnosesJson: ['I10'] });
  await seedReadings(t, { patientId: full, hospitalId: a1, days: dayList('2026-09-01', 16) });
  const note = await seedNote(t, { patientId: full, hospitalId: a1, year: Y, month: M, authorId: f.nurseA1.id, program: 'RPM' });
  patients.fullEntry = await seedTime(t, { patientId: full, hospitalId: a1, staffUserId: f.nurseA1.id, program: 'RPM', minutes: 20, day: '2026-09-10', interactive: true, noteDetailId: note });

  // Short: 12 reading days and 12 minutes without a call -> 99445; 99454 and 99470 suppressed.
  const short = await patientIn(a1, org, 'Short');
  await setProfile(t, short, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id, rpmEpisodeStart: '2026-09-01' });
  await seedReadings(t, { patientId: short, hospitalId: a1, days: dayList('2026-09-01', 12) });
  await seedTime(t, { patientId: short, hospitalId: a1, staffUserId: f.nurseA1.id, program: 'RPM', minutes: 12, day: '2026-09-11' });

  // Demo: 20 days of simulated and manual readings only -> no device code.
  const demo = await patientIn(a1, org, 'Demo');
  await setProfile(t, demo, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id, rpmEpisodeStart: '2026-09-01' });
  await seedReadings(t, { patientId: demo, hospitalId: a1, days: dayList('2026-09-01', 10), kind: 'simulated' });
  await seedReadings(t, { patientId: demo, hospitalId: a1, days: dayList('2026-09-11', 10), kind: 'manual', enteredBy: f.nurseA1.id });

  // Both: RPM and RTM time in one month -> RTM suppressed (C3); plus separate CCM time (C4).
  const both = await patientIn(a1, org, 'Both');
  await setProfile(t, both, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id });
  await seedTime(t, { patientId: both, hospitalId: a1, staffUserId: f.nurseA1.id, program: 'RPM', minutes: 20, day: '2026-09-03', interactive: true });
  await seedTime(t, { patientId: both, hospitalId: a1, staffUserId: f.nurseA1.id, program: 'RTM', minutes: 20, day: '2026-09-04', interactive: true });
  await seedTime(t, { patientId: both, hospitalId: a1, staffUserId: f.nurseA1.id, program: 'CCM', minutes: 20, day: '2026-09-05' });
  // CCM needs two chronic conditions: the problem list has diabetes and hypertension (a resolved one does not count).
  await t.ctx.db.insert(patientDiagnoses).values([
    { patientId: both, code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
    { patientId: both, code: 'I10', description: 'Essential (primary) hypertension' },
    { patientId: both, code: 'J44.9', description: 'Chronic obstructive pulmonary disease, unspecified', status: 'resolved' },
  ]);
  // CCM is billed only with the patient's consent on file (docs/ccm.md): verbal consent in a CCM record.
  const [bothRecord] = await t.ctx.db.insert(ccmRecords).values({ patientId: both, hospitalId: a1, recordDate: '2026-09-01' }).returning({ id: ccmRecords.id });
  await t.ctx.db.insert(ccmConsentForms).values({ ccmRecordId: bothRecord!.id, patientId: both, hospitalId: a1, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: '2026-09-01', obtainedBy: 'Nurse A1' });

  // NoConsent: 20 CCM minutes and two chronic conditions, but no CCM consent on file -> no CCM.
  const noConsent = await patientIn(a1, org, 'NoConsent');
  await setProfile(t, noConsent, { billingType: 'CCM', billingPractitionerId: f.doctorA1.id });
  await seedTime(t, { patientId: noConsent, hospitalId: a1, staffUserId: f.nurseA1.id, program: 'CCM', minutes: 20, day: '2026-09-05' });
  await t.ctx.db.insert(patientDiagnoses).values([
    { patientId: noConsent, code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
    { patientId: noConsent, code: 'I10', description: 'Essential (primary) hypertension' },
  ]);

  // One: 20 CCM minutes but only one chronic condition on the problem list -> no CCM.
  const one = await patientIn(a1, org, 'One');
  await setProfile(t, one, { billingType: 'CCM', billingPractitionerId: f.doctorA1.id });
  await seedTime(t, { patientId: one, hospitalId: a1, staffUserId: f.nurseA1.id, program: 'CCM', minutes: 20, day: '2026-09-05' });
  await t.ctx.db.insert(patientDiagnoses).values({ patientId: one, code: 'I10', description: 'Essential (primary) hypertension' });

  // Edge: readings at 23:30 New York time on 30 September (04:30 UTC on 1 October) count as 30 September;
  // readings of the patient in ANOTHER office do not count here. No profile: the team doctor bills.
  const edge = await patientIn(a1, org, 'Edge');
  await t.ctx.db.insert(userHospitals).values({ userId: edge, hospitalId: f.a2.id });
  await seedReadings(t, { patientId: edge, hospitalId: a1, days: ['2026-09-01', ...dayList('2026-09-16', 14)], perDay: 1 });
  await seedReadings(t, { patientId: edge, hospitalId: a1, days: ['2026-09-30'], times: ['23:30'] });
  await seedReadings(t, { patientId: edge, hospitalId: f.a2.id, days: dayList('2026-09-01', 14) });
  for (const [hospitalId, doctorId] of [
    [a1, f.doctorA1.id],
    [f.a2.id, f.doctorA2.id],
  ] as const) {
    const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: edge, hospitalId }).returning();
    await t.ctx.db.insert(medicalTeamMembers).values([
      { medicalTeamId: team!.id, userId: f.nurseA1.id },
      { medicalTeamId: team!.id, userId: doctorId },
    ]);
  }

  // Nobody: no profile, no data -> no rows.
  await patientIn(a1, org, 'Nobody');

  // Outsider: patient of office b1 (another organization).
  const outsider = await patientIn(f.b1.id, f.orgB.id, 'Outsider');
  await seedReadings(t, { patientId: outsider, hospitalId: f.b1.id, days: dayList('2026-09-01', 20) });
});

afterAll(async () => {
  await t?.close();
});

describe('billing generation of an office month', () => {
  let runId: number;
  beforeAll(async () => {
    runId = await runOffice(f.a1.id);
  });

  it('bills 99454 and 99457 for 16 reading days and 20 interactive minutes, with evidence and amounts', async () => {
    const rows = await claimsOf(patients.Full!);
    expect(rows.filter((r) => r.status === 'billable').map((r) => r.code)).toEqual(['99453', '99454', '99457']);
    const supply = rows.find((r) => r.code === '99454')!;
    expect(supply).toMatchObject({ hospitalId: f.a1.id, program: 'RPM', units: 1, amountCents: 4743, practitionerUserId: f.doctorA1.id, datesOfService: ['2026-09-30'], runId });
    expect((supply.evidenceJson as { readingDays: string[] }).readingDays).toEqual(dayList('2026-09-01', 16));
    expect(supply.evidenceJson).toMatchObject({ deviceDays: 16, period: { start: '2026-09-01', end: '2026-09-30', complete: true }, practitioner: { userId: f.doctorA1.id, source: 'profile' } });
    const mgmt = rows.find((r) => r.code === '99457')!;
    expect(mgmt.amountCents).toBe(5128);
    expect(mgmt.evidenceJson).toMatchObject({
      totalTime: '20:00',
      interactiveContact: { timeEntryId: patients.fullEntry, day: '2026-09-10', staffUserId: f.nurseA1.id },
      timeEntries: [{ id: patients.fullEntry, countedSeconds: 1200, interactive: true }],
    });
    // The note was written today, long after September: its day is the day of the call it documents.
    expect((mgmt.evidenceJson as { notes: unknown[] }).notes).toEqual([expect.objectContaining({ day: '2026-09-10', daySource: 'timeEntry' })]);
  });

  it('stores the codes not produced with their reasons in both languages', async () => {
    const rows = await claimsOf(patients.Short!);
    expect(rows.filter((r) => r.status === 'billable').map((r) => r.code)).toEqual(['99453', '99445']);
    const s454 = rows.find((r) => r.code === '99454')!;
    expect(s454.status).toBe('suppressed');
    expect(s454.reason).toBe('Only 12 reading days in the device period 2026-09-01 to 2026-09-30: 16 needed for 99454; 99445 (2-15 days) billed instead');
    expect((s454.evidenceJson as { reason: { es: string } }).reason.es).toMatch(/^Solo 12 días con lecturas/);
    const s470 = rows.find((r) => r.code === '99470')!;
    expect(s470.status).toBe('suppressed');
    expect(s470.reason).toMatch(/^No real-time interactive communication this month: 99470 needs/);
    expect(s470.amountCents).toBeNull();
  });

  it('does not count simulated readings or values typed by staff as device days', async () => {
    const rows = await claimsOf(patients.Demo!);
    expect(rows.filter((r) => r.status === 'billable')).toEqual([]);
    expect(rows.find((r) => r.code === '99454')!.reason).toBe('No automatic readings in the device period 2026-09-01 to 2026-09-30');
  });

  it('suppresses RTM when RPM is billed in the same period, and bills CCM on its own time', async () => {
    const rows = await claimsOf(patients.Both!);
    expect(rows.filter((r) => r.status === 'billable').map((r) => r.code)).toEqual(['99457', '99490']);
    expect(rows.find((r) => r.code === '98980')!.reason).toBe("RPM and RTM in the same period: RTM suppressed (the patient's billing type is RPM)");
  });

  it('bills CCM only with consent on file: the consent is evidence, its absence the reason', async () => {
    const both = (await claimsOf(patients.Both!)).find((r) => r.code === '99490')!;
    expect(both.evidenceJson).toMatchObject({ details: { consent: { program: 'CCM', consentType: 'VERBAL', consentDate: '2026-09-01', obtainedBy: 'Nurse A1' } } });
    const none = (await claimsOf(patients.NoConsent!)).find((r) => r.code === '99490')!;
    expect(none).toMatchObject({ status: 'suppressed', reason: 'No CCM consent on file' });
  });

  it('feeds the problem list\'s chronic conditions to CCM: named in the evidence, and one condition is not enough', async () => {
    const both = (await claimsOf(patients.Both!)).find((r) => r.code === '99490')!;
    expect(both.evidenceJson).toMatchObject({ details: { chronicConditions: 2, chronicConditionNames: { en: 'Diabetes (E11.9); Hypertension (I10)' } } });
    const one = (await claimsOf(patients.One!)).find((r) => r.code === '99490')!;
    expect(one.status).toBe('suppressed');
    expect(one.reason).toBe('CCM needs two or more chronic conditions: only one, Hypertension (I10)');
  });

  it("counts days in the office's time zone, ignores another office's readings and bills the team doctor without a profile", async () => {
    const rows = await claimsOf(patients.Edge!);
    const supply = rows.find((r) => r.code === '99454')!;
    expect(supply.status).toBe('billable');
    expect((supply.evidenceJson as { readingDays: string[] }).readingDays.at(-1)).toBe('2026-09-30');
    expect(supply.evidenceJson).toMatchObject({ deviceDays: 16, period: { start: '2026-09-01', end: '2026-09-30' } });
    expect(supply.practitionerUserId).toBe(f.doctorA1.id);
    expect(supply.evidenceJson).toMatchObject({ practitioner: { userId: f.doctorA1.id, source: 'medicalTeam' } });
  });

  it('writes nothing for a patient with no profile and no data, and never touches another organization', async () => {
    expect(await claimsOf(patients.Nobody!)).toEqual([]);
    expect(await claimsOf(patients.Outsider!)).toEqual([]);
  });

  it('records the run with its total and progress', async () => {
    const [run] = await t.ctx.db.select().from(billingRuns).where(eq(billingRuns.id, runId));
    expect(run).toMatchObject({ status: 'done', total: 9, done: 9, year: Y, month: M });
    expect(run!.finishedAt).not.toBeNull();
  });

  it('is idempotent: a re-run replaces the rows with the same codes', async () => {
    const before = await t.ctx.db.select().from(billingClaims).where(eq(billingClaims.hospitalId, f.a1.id));
    const again = await runOffice(f.a1.id);
    const after = await t.ctx.db.select().from(billingClaims).where(eq(billingClaims.hospitalId, f.a1.id));
    const key = (r: typeof billingClaims.$inferSelect) => `${r.patientId}|${r.code}|${r.status}|${r.units}|${r.amountCents}|${r.reason}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
    expect(after.every((r) => r.runId === again)).toBe(true);
  });

  it('bills 99453 once per episode: not again in the next month', async () => {
    await seedReadings(t, { patientId: patients.Full!, hospitalId: f.a1.id, days: dayList('2026-10-01', 20) });
    await runOffice(f.a1.id, 2026, 10);
    const october = await claimsOf(patients.Full!, 10);
    expect(october.filter((r) => r.status === 'billable').map((r) => r.code)).toEqual(['99454']);
    expect(october.find((r) => r.code === '99454')!.evidenceJson).toMatchObject({ period: { start: '2026-10-01', end: '2026-10-30' }, episodeStart: '2026-09-01' });
  });
});

describe('practitioner and other-office rules', () => {
  it('does not bill the RPM device codes in a second office that another office already bills (C2)', async () => {
    // The edge patient also has 14 reading days in office a2 (team doctor: doctorA2); a1 bills 99454.
    await runOffice(f.a2.id);
    const a2rows = (await claimsOf(patients.Edge!)).filter((r) => r.hospitalId === f.a2.id);
    expect(a2rows.filter((r) => r.status === 'billable')).toEqual([]);
    const partial = a2rows.find((r) => r.code === '99445')!;
    expect(partial.practitionerUserId).toBe(f.doctorA2.id);
    expect(partial.reason).toBe(`Another office (id ${f.a1.id}) already bills the RPM device codes for this patient for the overlapping device period 2026-09-01 to 2026-09-30: only one practitioner per 30-day period`);
  });

  it("keeps one practitioner per 30-day period when two offices' periods overlap without being equal, and 99453 once per episode across offices (C2)", async () => {
    // Office a1: first reading 20 August -> period 20 Aug - 18 Sep, billed in September with 99453.
    // Office a2: first reading 5 September -> period 5 Sep - 4 Oct, ends in October: it overlaps a1's.
    const id = await patientIn(f.a1.id, f.orgA.id, 'Overlap');
    await t.ctx.db.insert(userHospitals).values({ userId: id, hospitalId: f.a2.id });
    await setProfile(t, id, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id });
    await seedReadings(t, { patientId: id, hospitalId: f.a1.id, days: dayList('2026-08-20', 20) });
    await seedReadings(t, { patientId: id, hospitalId: f.a2.id, days: dayList('2026-09-05', 20) });
    await runOffice(f.a1.id);
    const a1 = (await claimsOf(id)).filter((r) => r.hospitalId === f.a1.id && r.status === 'billable');
    expect(a1.map((r) => r.code)).toEqual(['99453', '99454']);
    expect(a1[1]!.evidenceJson).toMatchObject({ period: { start: '2026-08-20', end: '2026-09-18' } });

    await runOffice(f.a2.id, 2026, 10);
    const a2 = (await claimsOf(id, 10)).filter((r) => r.hospitalId === f.a2.id);
    expect(a2.filter((r) => r.status === 'billable')).toEqual([]);
    const supply = a2.find((r) => r.code === '99454')!;
    expect(supply.evidenceJson).toMatchObject({ period: { start: '2026-09-05', end: '2026-10-04' } });
    expect(supply.reason).toBe(`Another office (id ${f.a1.id}) already bills the RPM device codes for this patient for the overlapping device period 2026-08-20 to 2026-09-18: only one practitioner per 30-day period`);
    const setup = a2.find((r) => r.code === '99453')!;
    expect(setup.status).toBe('suppressed');
    expect(setup.reason).toBe(`99453 was already billed by another office (id ${f.a1.id}) for the device period 2026-08-20 to 2026-09-18 in this episode of care: once per episode, one practitioner`);
  });
});
