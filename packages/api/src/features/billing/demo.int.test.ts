import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { billing } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { createTestApp, type TestApp } from '../../../test/setup';
import { billingClaims, measurements, users } from '../../db/schema/index';
import { seedDemo } from '../../seed/demo';
import { DEMO_READING_DAYS, demoReadingDays, seedDemoBillableMonth } from '../../seed/billable-month';

/** 10 November 2026, 15:00 UTC: the previous month is October (31 days, device period 2-31 October). */
const NOW = new Date('2026-11-10T15:00:00Z');

describe('seedDemoBillableMonth', () => {
  let t: TestApp;
  let result: Awaited<ReturnType<typeof seedDemoBillableMonth>>;
  let patientId: number;
  let hospitalId: number;
  const callAs = callerFor(() => t);

  beforeAll(async () => {
    t = await createTestApp({ demoDataDirs: ['/nonexistent/vigil-demo'] });
    await seedDemo(t.ctx);
    result = await seedDemoBillableMonth(t.ctx, NOW);
    const [p] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'patient'));
    patientId = p!.id;
    const [m] = await t.ctx.db.select({ hospitalId: measurements.hospitalId }).from(measurements).where(eq(measurements.patientId, patientId)).limit(1);
    hospitalId = m!.hospitalId;
  });
  afterAll(async () => t?.close());

  it('ingests the readings as a real hub: source hub, not manual, not simulated', async () => {
    expect(result).toMatchObject({ patientId, year: 2026, month: 10 });
    const rows = await t.ctx.db.select().from(measurements).where(eq(measurements.patientId, patientId));
    // 20 in the October period, then every other day of November before the 10th (1, 3, 5, 7, 9).
    expect(rows).toHaveLength(DEMO_READING_DAYS + 5);
    expect(result!.readings).toBe(rows.length);
    expect(rows.every((r) => r.source === 'hub' && !r.isManual && !r.isSimulated)).toBe(true);
  });

  it('generates a complete billable October: set-up, 16+ device days, 20 minutes with a call and one more 20', async () => {
    const claims = await t.ctx.db
      .select()
      .from(billingClaims)
      .where(and(eq(billingClaims.patientId, patientId), eq(billingClaims.year, 2026), eq(billingClaims.month, 10), eq(billingClaims.status, 'billable')));
    expect(claims.map((c) => c.code).sort()).toEqual(['99453', '99454', '99457', '99458']);
    expect(claims.every((c) => c.amountCents !== null && c.amountCents > 0)).toBe(true);
    const supply = claims.find((c) => c.code === '99454')!;
    expect(supply.evidenceJson).toMatchObject({ period: { start: '2026-10-02', end: '2026-10-31' } });
  });

  it('shows the month on /billings as generated, with codes, evidence and amounts', async () => {
    const orgadmin = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'orgadmin')))[0]!;
    const res = await callAs(orgadmin, billing.getBillingDetailsForPatientForMonth, {
      headers: { patientid: patientId, hospitalid: hospitalId, year: '2026', month: '10' },
    });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ generated: true, preview: false });
    expect(d.amountCents).toBeGreaterThan(0);
    const management = d.claims.find((c) => c.code === '99457')!;
    expect(management.evidence.interactiveContact).toMatchObject({ day: '2026-10-07' });
    expect(management.evidence.timeEntries!.length).toBeGreaterThan(0);
  });

  it('runs once: a second call adds nothing', async () => {
    expect(await seedDemoBillableMonth(t.ctx, NOW)).toBeNull();
  });

  it('picks 20 of the 30 period days, the first two included', () => {
    const days = demoReadingDays('2026-10-02');
    expect(days).toHaveLength(20);
    expect(days.slice(0, 2)).toEqual(['2026-10-02', '2026-10-03']);
    expect(days.every((d) => d >= '2026-10-02' && d <= '2026-10-31')).toBe(true);
  });
});
