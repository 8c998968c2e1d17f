import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { surveys } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { users } from '../../db/schema/index';
import { seedDemoAssessments } from './demo';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await t.ctx.db.update(users).set({ username: 'nurse' }).where(eq(users.id, f.nurseA1.id));
});
afterAll(async () => t?.close());

describe('demo assessments', () => {
  it('give the demo office past months of PHQ-9 and GAD-7 results for the trend and the mental-health list, once', async () => {
    const now = new Date();
    expect(await seedDemoAssessments(t.ctx, now)).toEqual({ patients: 1, surveys: 10 });
    expect(await seedDemoAssessments(t.ctx, now)).toEqual({ patients: 0, surveys: 0 });
    const report = (await callAs(f.nurseA1, surveys.getSurveysReportForPatient, { headers: { patientid: f.patientA1.id } })).body;
    const phq9 = report.series.find((s) => s.instrumentCode === 'PHQ9')!;
    expect(phq9.points.map((p) => p.total)).toEqual([19, 16, 13, 10, 8]);
    const list = (await callAs(f.nurseA1, surveys.getRelatedPatientsWithMentalHealth, { headers: { hospitalid: f.a1.id } })).body;
    expect(list.items[0]).toMatchObject({ id: f.patientA1.id, latestRisk: 1 });
    const open = (await callAs(f.nurseA1, surveys.getAssignedInProgressSurveysForPatient, { headers: { patientid: f.patientA1.id } })).body;
    expect(open.length).toBeGreaterThanOrEqual(1);
  });
});
