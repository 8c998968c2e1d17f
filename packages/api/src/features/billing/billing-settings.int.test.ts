import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { billing } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { billingSettings, feeSchedule } from '../../db/schema/index';
import { billingSettingDefs } from './engine/settings';
import { FORBIDDEN, INVALID_ID, REQUIRED, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';
import { dollarsToCents, parseFeeScheduleCsv } from './billing-settings.service';

let t: TestApp;
let f: Fixture;
const callAs = callerFor(() => t);
const FORMAT = 'This field needs to be formatted';

type Setting = { key: string; value: unknown; source: string; globalValue: unknown; organizationValue: unknown; name: { en: string; es: string }; description: { en: string; es: string }; reference: string; citation: { en: string; es: string }; toBeConfirmed: boolean };
const byKey = (items: Setting[], key: string) => items.find((s) => s.key === key)!;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
}, 120_000);
afterAll(async () => t?.close());

describe('GET billing/getbillingsettings', () => {
  it('lists every setting of the engine with its default, description en/es and reference section', async () => {
    const res = await callAs(f.nurseA1, billing.getBillingSettings);
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data.organizationId).toBe(f.orgA.id);
    expect(data.items.map((s: Setting) => s.key)).toEqual(billingSettingDefs.map((d) => d.key));
    const setup = byKey(data.items, 'RPM_SETUP_MIN_DAYS');
    expect(setup).toMatchObject({ type: 'integer', value: 2, defaultValue: 2, globalValue: null, organizationValue: null, source: 'default', min: 1, max: 16 });
    // For a billing manager: a plain name, no internal marker, "to be confirmed" as a flag, a readable citation.
    expect(setup).toMatchObject({ name: { en: 'Days of readings before RPM set-up can be billed', es: 'Días de lecturas para facturar la configuración de RPM' }, toBeConfirmed: true });
    expect(setup.description.en).not.toContain('UNCONFIRMED');
    expect(setup.description.es).not.toContain('NO CONFIRMADO');
    expect(setup.reference).toContain('§11 item 1');
    expect(setup.citation.en).toContain('section 11, open question 1');
    expect(setup.citation.es).toContain('sección 11, pregunta abierta 1');
    expect(byKey(data.items, 'INCLUDE_SIMULATED_READINGS').toBeConfirmed).toBe(false);
    expect(byKey(data.items, 'PCM_CCM_DIFFERENT_PRACTITIONER')).toMatchObject({ type: 'enum', value: 'flag', options: expect.arrayContaining([expect.objectContaining({ value: 'block' })]) });
  });

  it('answers 400 for a bad id, 404 for another organization', async () => {
    expect((await callAs(f.nurseA1, billing.getBillingSettings, { headers: { organizationid: invalid('x') } })).errors).toEqual({ organizationid: FORMAT });
    const other = await callAs(f.orgAdminB, billing.getBillingSettings, { headers: { organizationid: f.orgA.id } });
    expect(other.status).toBe(404);
    expect(other.msg).toBe(INVALID_ID);
  });
});

describe('PUT billing/updatebillingsettings', () => {
  it("overrides settings for the caller's organization only, and null removes the override", async () => {
    const res = await callAs(f.orgAdminA, billing.updateBillingSettings, { body: { values: { RPM_99458_MAX_UNITS: 1, REQUIRE_INTERACTIVE_FOR_MANAGEMENT: 'false' } } });
    expect(res.status, res.reply.body).toBe(200);
    expect(byKey(res.body.items, 'RPM_99458_MAX_UNITS')).toMatchObject({ value: 1, organizationValue: 1, source: 'organization' });
    expect(byKey(res.body.items, 'REQUIRE_INTERACTIVE_FOR_MANAGEMENT')).toMatchObject({ value: false, source: 'organization' });
    const nurse = (await callAs(f.nurseA1, billing.getBillingSettings)).body.items;
    expect(byKey(nurse, 'RPM_99458_MAX_UNITS').value).toBe(1);
    const b = (await callAs(f.orgAdminB, billing.getBillingSettings)).body.items;
    expect(byKey(b, 'RPM_99458_MAX_UNITS')).toMatchObject({ value: 2, source: 'default' });
    const cleared = await callAs(f.orgAdminA, billing.updateBillingSettings, { body: { values: { RPM_99458_MAX_UNITS: null } } });
    expect(byKey(cleared.body.items, 'RPM_99458_MAX_UNITS')).toMatchObject({ value: 2, source: 'default' });
  });

  it('lets a system admin set global values that organizations inherit and may override', async () => {
    const res = await callAs(f.sysadmin, billing.updateBillingSettings, { body: { organizationId: null, values: { RPM_SETUP_MIN_DAYS: 16 } } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.organizationId).toBeNull();
    const b = (await callAs(f.doctorB1, billing.getBillingSettings)).body.items;
    expect(byKey(b, 'RPM_SETUP_MIN_DAYS')).toMatchObject({ value: 16, globalValue: 16, source: 'global' });
    await callAs(f.orgAdminA, billing.updateBillingSettings, { body: { values: { RPM_SETUP_MIN_DAYS: 2 } } });
    const a = (await callAs(f.orgAdminA, billing.getBillingSettings)).body.items;
    expect(byKey(a, 'RPM_SETUP_MIN_DAYS')).toMatchObject({ value: 2, globalValue: 16, organizationValue: 2, source: 'organization' });
    const rows = await t.ctx.db.select().from(billingSettings).where(eq(billingSettings.key, 'RPM_SETUP_MIN_DAYS'));
    expect(rows).toHaveLength(2);
    // Setting the global value again replaces the row (NULL organization is not covered by the unique index).
    await callAs(f.sysadmin, billing.updateBillingSettings, { body: { organizationId: null, values: { RPM_SETUP_MIN_DAYS: 10 } } });
    expect(await t.ctx.db.select().from(billingSettings).where(eq(billingSettings.key, 'RPM_SETUP_MIN_DAYS'))).toHaveLength(2);
  });

  it('answers 400 for unknown keys, values out of bounds or options, and an empty change', async () => {
    const res = await callAs(f.orgAdminA, billing.updateBillingSettings, { body: { values: { RPM_99458_MAX_UNITS: 11, DEVICE_DATE_OF_SERVICE: 'someday', NOT_A_SETTING: 1 } } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ 'values.RPM_99458_MAX_UNITS': 'Invalid', 'values.DEVICE_DATE_OF_SERVICE': 'Invalid', 'values.NOT_A_SETTING': 'Invalid' });
    expect((await callAs(f.orgAdminA, billing.updateBillingSettings, { body: { values: {} } })).errors).toEqual({ values: REQUIRED });
  });

  it('refuses global changes by an organization admin (403)', async () => {
    const global = await callAs(f.orgAdminA, billing.updateBillingSettings, { body: { organizationId: null, values: { RPM_SETUP_MIN_DAYS: 3 } } });
    expect(global.status).toBe(403);
    expect(global.msg).toBe(FORBIDDEN);
  });

  it("answers 404 for another organization's settings and leaves them unchanged", async () => {
    const res = await callAs(f.orgAdminB, billing.updateBillingSettings, { body: { organizationId: f.orgA.id, values: { RPM_SETUP_MIN_DAYS: 5 } } });
    expect(res.status).toBe(404);
    const [row] = await t.ctx.db.select().from(billingSettings).where(and(eq(billingSettings.key, 'RPM_SETUP_MIN_DAYS'), eq(billingSettings.organizationId, f.orgA.id)));
    expect(row!.valueJson).toBe(2);
  });
});

describe('fee schedule', () => {
  // 2025 and 2026 are seeded at start-up (db/seed/fee-schedule.ts): these tests use years to come.
  it('inserts, then updates rows by code and locality (system admin)', async () => {
    const first = await callAs(f.sysadmin, billing.updateFeeSchedule, { body: { year: 2030, rows: [{ code: '99454', amountCents: 4743, description: 'Device supply, 16-30 days' }, { code: '99457', amountCents: 5128 }] } });
    expect(first.status, first.reply.body).toBe(200);
    expect(first.body).toMatchObject({ year: 2030, inserted: 2, updated: 0 });
    const second = await callAs(f.sysadmin, billing.updateFeeSchedule, { body: { year: 2030, rows: [{ code: '99454', amountCents: 4910 }, { code: 'g3002', amountCents: 7900, locality: '01112-05' }] } });
    expect(second.body).toMatchObject({ inserted: 1, updated: 1 });
    const read = await callAs(f.nurseA1, billing.getFeeSchedule, { query: { year: 2030 } });
    expect(read.status).toBe(200);
    expect(read.body.items.map((r: { code: string; locality: string; amountCents: number; description: string }) => [r.code, r.locality, r.amountCents, r.description])).toEqual([
      ['99454', 'NATIONAL', 4910, 'Device supply, 16-30 days'],
      ['99457', 'NATIONAL', 5128, ''],
      ['G3002', '01112-05', 7900, ''],
    ]);
    expect((await callAs(f.nurseA1, billing.getFeeSchedule, { query: { year: 2030, locality: '01112-05' } })).body.items).toHaveLength(1);
    expect((await callAs(f.nurseA1, billing.getFeeSchedule, { query: { year: 2029 } })).body.items).toEqual([]);
  });

  it('answers 400 for bad codes, amounts and years', async () => {
    const bad = await callAs(f.sysadmin, billing.updateFeeSchedule, { body: { year: 2030, rows: [{ code: 'ABC', amountCents: -1 }] } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ 'rows.0.code': FORMAT, 'rows.0.amountCents': FORMAT });
    expect((await callAs(f.sysadmin, billing.updateFeeSchedule, { body: { year: 2030, rows: [] } })).errors).toEqual({ rows: REQUIRED });
    expect((await callAs(f.nurseA1, billing.getFeeSchedule, { query: { year: 1999 } })).errors).toEqual({ year: FORMAT });
  });

  it('is written by system admins only: the table is shared by every organization (403)', async () => {
    const payload = { year: 2030, rows: [{ code: '99454', amountCents: 1 }] };
    expect((await callAs(f.orgAdminA, billing.updateFeeSchedule, { body: payload })).status).toBe(403);
    const [row] = await t.ctx.db.select().from(feeSchedule).where(and(eq(feeSchedule.year, 2030), eq(feeSchedule.code, '99454')));
    expect(row!.amountCents).toBe(4910);
  });

  describe('POST billing/uploadfeeschedule', () => {
    function multipart(text: string) {
      const boundary = `----vigilfee${Date.now().toString(16)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fees.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        Buffer.from(text, 'utf8'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    }
    async function upload(who: { id: number }, text: string, year: number = 2031) {
      const form = multipart(text);
      return callAs(who, billing.uploadFeeSchedule, { query: { year }, payload: form.payload, extraHeaders: form.headers });
    }

    it('loads a CSV of codes and dollar amounts', async () => {
      const res = await upload(f.sysadmin, '\uFEFFCode,Amount,Description\n99453,$18.37,Set-up\n99454,47.4,\n99470,"1,026.00",Big\n');
      expect(res.status, res.reply.body).toBe(200);
      expect(res.body).toMatchObject({ year: 2031, inserted: 3, updated: 0 });
      expect(res.body.items.map((r: { code: string; amountCents: number }) => [r.code, r.amountCents])).toEqual([
        ['99453', 1837],
        ['99454', 4740],
        ['99470', 102600],
      ]);
    });

    it('reports the lines that are not valid and saves nothing', async () => {
      const res = await upload(f.sysadmin, 'code;amountCents;locality\n99457;5128;\nXX;12;\n99458;abc;\n', 2032);
      expect(res.status).toBe(400);
      expect(res.errors).toEqual({ 'rows.3.code': FORMAT, 'rows.4.amountCents': REQUIRED });
      expect(await t.ctx.db.select().from(feeSchedule).where(eq(feeSchedule.year, 2032))).toEqual([]);
      const noHeader = await upload(f.sysadmin, '99457,51.28\n', 2032);
      expect(noHeader.errors).toEqual({ file: FORMAT });
    });

    it('answers 400 for a bad year, 415 without multipart, 403 for an organization admin', async () => {
      expect((await upload(f.sysadmin, 'code,amount\n99457,1\n', invalid('x'))).errors).toEqual({ year: FORMAT });
      const json = await callAs(f.sysadmin, billing.uploadFeeSchedule, { query: { year: 2031 }, body: invalid({ rows: [] }) });
      expect(json.status).toBe(415);
      expect((await upload(f.orgAdminA, 'code,amount\n99457,1\n')).status).toBe(403);
    });
  });
});

describe('fee schedule CSV parsing', () => {
  it('reads dollars exactly, without floating-point error', () => {
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('$1,234.5')).toBe(123450);
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('-1')).toBeUndefined();
    expect(dollarsToCents('1.234')).toBeUndefined();
  });

  it('accepts cpt/hcpcs headers and semicolons', () => {
    expect(parseFeeScheduleCsv('HCPCS;Amount;Locality\nG3003;31.73;national\n')).toEqual({
      rows: [{ code: 'G3003', amountCents: 3173, locality: 'NATIONAL', description: undefined }],
      errors: {},
    });
  });
});
