import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../../test/setup';
import { users } from '../../db/schema/index';
import { seedDemoAssessments } from './demo';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

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
    const headers = { ...(await sessionFor(t, f.nurseA1.id)), patientid: String(f.patientA1.id) };
    const report = (await t.app.inject({ method: 'GET', url: '/api/survey/getsurveysreportforpatient', headers })).json().data;
    const phq9 = report.series.find((s: { instrumentCode: string }) => s.instrumentCode === 'PHQ9');
    expect(phq9.points.map((p: { total: number }) => p.total)).toEqual([19, 16, 13, 10, 8]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/user/getrelatedpatientswithmentalhealth', headers: { ...headers, hospitalid: String(f.a1.id) } })).json().data;
    expect(list.items[0]).toMatchObject({ id: f.patientA1.id, latestRisk: 1 });
    const open = (await t.app.inject({ method: 'GET', url: '/api/survey/getassignedinprogresssurveysforpatient', headers })).json().data;
    expect(open.length).toBeGreaterThanOrEqual(1);
  });
});
