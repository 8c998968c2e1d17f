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
import { createTestApp, sessionFor, type TestApp } from '../../../test/setup';
import { billingClaims, users } from '../../db/schema/index';
import { seedDemo } from '../../seed/demo';
import { seedDemoBillableMonth } from '../../seed/billable-month';

describe('the demo month generated again from /billings', () => {
  let t: TestApp;
  let seeded: NonNullable<Awaited<ReturnType<typeof seedDemoBillableMonth>>>;
  let orgId: number;
  let officeId: number;
  let admin: { sessionguid: string };
  let officeAdmin: { sessionguid: string };
  let doctorId: number;

  const idOf = async (username: string) => (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ demoDataDirs: ['/nonexistent/vigil-demo'] });
    await seedDemo(t.ctx);
    seeded = (await seedDemoBillableMonth(t.ctx))!;
    const orgadmin = await idOf('orgadmin');
    orgId = orgadmin.organizationId!;
    admin = await sessionFor(t, orgadmin.id);
    officeAdmin = await sessionFor(t, (await idOf('officeadmin')).id);
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
    const headers = { ...admin, 'accept-language': 'en', organizationid: String(orgId), year: String(seeded.year), month: String(seeded.month) };
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/generateforallorganizationpatientsformonth', headers });
    expect(res.statusCode, res.body).toBe(200);
    const runId = res.json().data.runId as number;
    for (let i = 0; i < 400; i++) {
      const run = (await t.app.inject({ method: 'GET', url: '/api/billing/getbillingrun', headers: { ...admin, runid: String(runId) } })).json().data;
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
    const created = await t.app.inject({ method: 'POST', url: '/api/billingusersauthorization', headers: officeAdmin, payload: { userId: doctorId, hospitalId: officeId, programs: ['CCM'] } });
    if (created.statusCode === 409) {
      const list = await t.app.inject({ method: 'GET', url: `/api/billingusersauthorization?hospitalid=${officeId}&userid=${doctorId}`, headers: officeAdmin });
      const row = list.json().data.items[0] as { id: number; programs: string[] };
      if (!row.programs.includes('CCM')) {
        const put = await t.app.inject({ method: 'PUT', url: `/api/billingusersauthorization/${row.id}`, headers: officeAdmin, payload: { programs: [...row.programs, 'CCM'] } });
        expect(put.statusCode, put.body).toBe(200);
      }
    } else { expect(created.statusCode, created.body).toBe(201); }
    await generateOrganizationMonth();
    expect(await billableCodes()).toEqual(['99453', '99454', '99457', '99458']);
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/billing/getbillingdetailsforpatientformonth',
      headers: { ...admin, 'accept-language': 'en', patientid: String(seeded.patientId), hospitalid: String(officeId), year: String(seeded.year), month: String(seeded.month) },
    });
    expect(details.statusCode).toBe(200);
    const d = details.json().data;
    expect(d).toMatchObject({ generated: true });
    expect(d.claims.find((c: { code: string }) => c.code === '99454').evidence.deviceDays).toBeGreaterThanOrEqual(16);
    expect(d.claims.find((c: { code: string }) => c.code === '99457').evidence.interactiveContact).toBeTruthy();
  });

  it('shows every patient of the organization as generated after the run', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/billing/getbillingsummaryforallpatientsformonthv3?page=1&pageSize=100',
      headers: { ...admin, 'accept-language': 'en', organizationid: String(orgId), year: String(seeded.year), month: String(seeded.month) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { patientId: number; generated: boolean }[];
    expect(items.length).toBeGreaterThan(1);
    expect(items.filter((i) => !i.generated)).toEqual([]);
  });
});
