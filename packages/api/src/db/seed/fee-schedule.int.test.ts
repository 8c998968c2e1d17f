import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/setup';
import { feeSchedule } from '../schema/index';
import { feeSchedule2026, seedFeeSchedule } from './fee-schedule';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const row = async (year: number, code: string) => (await t.ctx.db.select().from(feeSchedule).where(and(eq(feeSchedule.year, year), eq(feeSchedule.code, code), eq(feeSchedule.locality, 'NATIONAL'))))[0];

describe('the seeded fee schedule on an existing database (docs/billing-engine.md "Amounts")', () => {
  it('inserts the seeded rows a database lacks, keeps what an admin loaded, and withdraws the unconfirmed CY2026 APCM rows only while they are as seeded', async () => {
    // An existing database: the 2026 schedule is there, but without 99445 (an older seed), with an
    // admin's 99454, with the earlier seed's unconfirmed G0556/G0557, and an admin's G0558.
    await t.ctx.db.delete(feeSchedule).where(and(eq(feeSchedule.year, 2026), eq(feeSchedule.code, '99445')));
    await t.ctx.db.update(feeSchedule).set({ amountCents: 4999, description: 'RVU26A loaded by an admin' }).where(and(eq(feeSchedule.year, 2026), eq(feeSchedule.code, '99454')));
    await t.ctx.db.insert(feeSchedule).values([
      { year: 2026, code: 'G0556', locality: 'NATIONAL', amountCents: 1520, description: 'APCM <=1 condition; 2025 amount, 2026 UNCONFIRMED' },
      { year: 2026, code: 'G0557', locality: 'NATIONAL', amountCents: 4884, description: 'APCM 2+ conditions; 2025 amount, 2026 UNCONFIRMED' },
      { year: 2026, code: 'G0558', locality: 'NATIONAL', amountCents: 11500, description: 'CMS RVU26A' },
    ]);

    await seedFeeSchedule(t.ctx.db);
    await seedFeeSchedule(t.ctx.db);

    expect(await row(2026, '99445')).toMatchObject({ amountCents: feeSchedule2026.find((r) => r.code === '99445')!.amountCents });
    expect(await row(2026, '99454')).toMatchObject({ amountCents: 4999, description: 'RVU26A loaded by an admin' });
    expect(await row(2026, 'G0556')).toBeUndefined();
    expect(await row(2026, 'G0557')).toBeUndefined();
    expect(await row(2026, 'G0558')).toMatchObject({ amountCents: 11500 });
    // No invented figures: codes the reference gives no CY2026 amount for stay absent.
    for (const code of ['99487', '99491', '99492', '99493', '99484', '99426', 'G3002']) { expect(await row(2026, code), code).toBeUndefined(); }
    expect(await row(2025, 'G0557')).toMatchObject({ amountCents: 4884 });
  });
});
