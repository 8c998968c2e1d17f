/**
 * The demo's billable month survives the organization's month being generated again from
 * /billings (docs/demo-data.md "A billable previous month"), also after the clinic records its
 * doctor's billing authorization for another program, as the CCM journey does; and after an
 * organization's month is generated, every patient of it shows its generated state
 * (docs/demo-data.md "Generating the month again"). Runs on the real clock: the demo month is the
 * previous month of the office's today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { billing } from '@vigil/contract';
import { callerFor, type CallUser } from '../../../test/call-as';
import { createTestApp, type TestApp } from '../../../test/setup';
import { billingClaims, users } from '../../db/schema/index';
import { seedDemo } from '../../seed/demo';
import { seedDemoBillableMonth } from '../../seed/billable-month';

describe('the demo month generated again from /billings', () => {
  let t: TestApp;
  let seeded: NonNullable<Awaited<ReturnType<typeof seedDemoBillableMonth>>>;
  let orgId: number;
  let officeId: number;
  let admin: CallUser;
  let officeAdmin: CallUser;
  let doctorId: number;
  const callAs = callerFor(() => t);

  const idOf = async (username: string) => (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ demoDataDirs: ['/nonexistent/vigil-demo'] });
    await seedDemo(t.ctx);
    seeded = (await seedDemoBillableMonth(t.ctx))!;
    const orgadmin = await idOf('orgadmin');
    orgId = orgadmin.organizationId!;
    admin = orgadmin;
    officeAdmin = await idOf('officeadmin');
    doctorId = (await idOf('doctor')).id;
    const [claim] = await t.ctx.db.select().from(billingClaims).where(eq(billingClaims.patientId, seeded.patientId)).limit(1);
    officeId = claim!.hospitalId;
  }, 120_000);
  afterAll(async () => t?.close());

  const billableCodes = async () =>
    (
      await t.ctx.db
        .select()
        .from(billingClaims)
        .where(and(eq(billingClaims.patientId, seeded.patientId), eq(billingClaims.year, seeded.year), eq(billingClaims.month, seeded.month), eq(billingClaims.status, 'billable')))
    )
      .map((c) => c.code)
      .sort();

  /** Generates the organization's demo month as /billings' "Generate" does, and waits for the run. */
  async function generateOrganizationMonth(): Promise<void> {
    const res = await callAs(admin, billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: orgId, year: seeded.year, month: seeded.month } });
    expect(res.status, res.reply.body).toBe(200);
    const runId = res.body.runId;
    for (let i = 0; i < 400; i++) {
      const run = (await callAs(admin, billing.getBillingRun, { headers: { runid: runId } })).body;
      if (run.status !== 'queued' && run.status !== 'running') {
        expect(run.status).toBe('done');
        return;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the run did not finish');
  }

  it('keeps 99453, 99454, 99457 and 99458 when the month is generated again', async () => {
    expect(await billableCodes()).toEqual(['99453', '99454', '99457', '99458']);
    await generateOrganizationMonth();
    expect(await billableCodes()).toEqual(['99453', '99454', '99457', '99458']);
  });

  it('keeps them after the office records the demo doctor as authorised for CCM too', async () => {
    // As the CCM journey does: add CCM to the doctor's authorization in the office (409 when one exists).
    const created = await callAs(officeAdmin, billing.createUserBillingAuthorization, { body: { userId: doctorId, hospitalId: officeId, programs: ['CCM'] } });
    if (created.status === 409) {
      const list = await callAs(officeAdmin, billing.findUserBillingAuthorizations, { query: { hospitalid: officeId, userid: doctorId } });
      const row = list.body.items[0]!;
      if (!row.programs.includes('CCM')) {
        const put = await callAs(officeAdmin, billing.updateUserBillingAuthorization, { params: { id: row.id }, body: { programs: [...row.programs, 'CCM'] } });
        expect(put.status, put.reply.body).toBe(200);
      }
    } else { expect(created.status, created.reply.body).toBe(201); }
    await generateOrganizationMonth();
    expect(await billableCodes()).toEqual(['99453', '99454', '99457', '99458']);
    const details = await callAs(admin, billing.getBillingDetailsForPatientForMonth, {
      headers: { patientid: seeded.patientId, hospitalid: officeId, year: seeded.year, month: seeded.month },
    });
    expect(details.status).toBe(200);
    const d = details.body;
    expect(d).toMatchObject({ generated: true });
    expect(d.claims.find((c) => c.code === '99454')!.evidence.deviceDays).toBeGreaterThanOrEqual(16);
    expect(d.claims.find((c) => c.code === '99457')!.evidence.interactiveContact).toBeTruthy();
  });

  it('shows every patient of the organization as generated after the run', async () => {
    const res = await callAs(admin, billing.getBillingSummaryForAllPatientsForMonthV3, {
      headers: { organizationid: orgId, year: seeded.year, month: seeded.month },
      query: { page: 1, pageSize: 100 },
    });
    expect(res.status, res.reply.body).toBe(200);
    const items = res.body.items;
    expect(items.length).toBeGreaterThan(1);
    expect(items.filter((i) => !i.generated)).toEqual([]);
  });
});
