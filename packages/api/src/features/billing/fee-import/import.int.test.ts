import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/setup';
import { feeSchedule } from '../../../db/schema/index';
import { catalogueDb } from '../../../db/handles';
import { findFees } from '../generation.repo';
import { FeeFileError, importPfs } from './index';

// Fixtures in the published CMS layouts; their numbers are made up for the tests, not CMS values.
const dir = path.join(__dirname, 'fixtures');
const rvuCsv = readFileSync(path.join(dir, 'PPRRVU-fixture.csv'), 'utf8');
const gpciCsv = readFileSync(path.join(dir, 'GPCI-fixture.csv'), 'utf8');
const YEAR = 2031; // no seeded rows

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => t?.close());

const row = (code: string, locality: string) =>
  t.ctx.db.select().from(feeSchedule).where(and(eq(feeSchedule.year, YEAR), eq(feeSchedule.code, code), eq(feeSchedule.locality, locality)));

describe('importPfs (CMS RVU + GPCI files into the fee schedule)', () => {
  it('writes NATIONAL and each locality for the billed codes, and the engine reads the NATIONAL amounts', async () => {
    const r = await importPfs(t.ctx.db, YEAR, rvuCsv, gpciCsv);
    expect(r).toMatchObject({ year: YEAR, conversionFactor: '33.4009', codes: ['99453', '99457', '99490'], localities: 3, inserted: 9, updated: 0 });
    expect(r.missingCodes).toContain('99454');
    expect(r.missingCodes).not.toContain('99457');
    expect(await row('99457', '01112-05')).toEqual([expect.objectContaining({ amountCents: 6329, facilityAmountCents: 3524 })]);
    expect(await row('99999', 'NATIONAL')).toEqual([]);
    expect(await findFees(catalogueDb(t.ctx.db), YEAR)).toEqual({ '99453': 1870, '99457': 5044, '99490': 7014 });
  });

  it('a second release replaces the amounts (the --cf override wins over the file)', async () => {
    const r = await importPfs(t.ctx.db, YEAR, rvuCsv, gpciCsv, '33.5675');
    expect(r).toMatchObject({ inserted: 0, updated: 9, conversionFactor: '33.5675' });
    // (0.61 + 0.86 + 0.04) x 33.5675 = 50.686925 -> $50.69
    expect(await row('99457', 'NATIONAL')).toEqual([expect.objectContaining({ amountCents: 5069 })]);
  });

  it('a file in another layout changes nothing', async () => {
    await expect(importPfs(t.ctx.db, YEAR, 'code,amount\n99457,1\n', gpciCsv)).rejects.toThrow(FeeFileError);
    await expect(importPfs(t.ctx.db, YEAR, rvuCsv, 'nothing\n')).rejects.toThrow(FeeFileError);
    expect(await row('99457', 'NATIONAL')).toEqual([expect.objectContaining({ amountCents: 5069 })]);
  });
});
