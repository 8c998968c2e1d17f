import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeAmounts, FeeFileError, parseGpci, parsePprrvu, scaled } from './pfs';

// Fixtures in the published CMS column layouts (PPRRVU with its two-line header and CONV FACTOR
// column; GPCI "Addendum E"); their numbers are made up for the tests, not CMS values.
const dir = path.join(__dirname, 'fixtures');
const rvuCsv = readFileSync(path.join(dir, 'PPRRVU-fixture.csv'), 'utf8');
const gpciCsv = readFileSync(path.join(dir, 'GPCI-fixture.csv'), 'utf8');
const billed = new Set(['99453', '99457', '99490']);

const amount = (rows: ReturnType<typeof computeAmounts>, code: string, locality: string) => {
  const r = rows.find((x) => x.code === code && x.locality === locality);
  return r && [r.amountCents, r.facilityAmountCents];
};

describe('parsePprrvu (CMS PPRRVU CSV layout)', () => {
  it('reads the global rows of the billed codes, joins the two-line header, and takes the CONV FACTOR column', () => {
    const { rows, cf } = parsePprrvu(rvuCsv, billed);
    expect(cf).toBe('33.4009');
    // 99457 modifier 26 and the not-billed 99999 are left out.
    expect(rows.map((r) => r.code)).toEqual(['99457', '99453', '99490']);
    expect(rows[0]).toEqual({ code: '99457', description: 'Rem physiol mntr 1st 20 min', workRvu: '0.61', nonFacilityPeRvu: '0.86', facilityPeRvu: '0.26', mpRvu: '0.04' });
  });

  it('takes the conversion factor from a CONVERSION FACTOR row when there is no column', () => {
    const text = 'HCPCS,MOD,DESCRIPTION,WORK RVU,NON-FAC PE RVU,FACILITY PE RVU,MP RVU\n99457,,x,0.61,0.86,0.26,0.04\nCONVERSION FACTOR,33.5675\n';
    expect(parsePprrvu(text)).toEqual({ cf: '33.5675', rows: [expect.objectContaining({ code: '99457' })] });
  });

  it('refuses another layout, naming the missing column', () => {
    expect(() => parsePprrvu('HCPCS,MOD,DESCRIPTION,WORK RVU,MP RVU\n99457,,x,1,1\n')).toThrow(/NON-FAC PE RVU/);
    expect(() => parsePprrvu('code,amount\n99457,47.43\n')).toThrow(FeeFileError);
  });
});

describe('parseGpci (CMS GPCI CSV layout)', () => {
  it('reads each locality as <carrier>-<2-digit locality> with its work (PW), PE and MP GPCI', () => {
    expect(parseGpci(gpciCsv)).toEqual([
      { locality: '01112-05', name: 'SAN FRANCISCO', work: '1.100', pe: '1.400', mp: '0.500' },
      { locality: '10112-00', name: 'ALABAMA', work: '1.000', pe: '0.900', mp: '0.800' },
    ]);
  });
  it('refuses a file without locality rows', () => {
    expect(() => parseGpci('MAC,Locality Number,PW GPCI,PE GPCI,MP GPCI\n')).toThrow(/no locality rows/);
  });
});

describe('computeAmounts: [(wRVU x wGPCI) + (PE RVU x PE GPCI) + (MP RVU x MP GPCI)] x CF (CMS PFS RVU README)', () => {
  const { rows, cf } = parsePprrvu(rvuCsv, billed);
  const out = computeAmounts(rows, parseGpci(gpciCsv), cf!);

  it('computes NATIONAL (GPCIs 1.000) non-facility and facility amounts', () => {
    // (0.61 + 0.86 + 0.04) x 33.4009 = 50.435359 -> $50.44; facility (0.61 + 0.26 + 0.04) x 33.4009 = 30.394819 -> $30.39
    expect(amount(out, '99457', 'NATIONAL')).toEqual([5044, 3039]);
    // PE-only code (work RVU 0): (0.55 + 0.01) x 33.4009 = 18.704504 -> $18.70; facility 0.01 x 33.4009 -> $0.33
    expect(amount(out, '99453', 'NATIONAL')).toEqual([1870, 33]);
  });

  it('applies each locality\'s GPCIs', () => {
    // SF: (0.61x1.100 + 0.86x1.400 + 0.04x0.500) x 33.4009 = 1.895 x 33.4009 = 63.2947055 -> $63.29
    //     facility (0.671 + 0.364 + 0.02) = 1.055 x 33.4009 = 35.2379495 -> $35.24
    expect(amount(out, '99457', '01112-05')).toEqual([6329, 3524]);
    // AL: (0.61 + 0.774 + 0.032) = 1.416 x 33.4009 = 47.2956744 -> $47.30; facility (0.61 + 0.234 + 0.032) = 0.876 x 33.4009 -> $29.26
    expect(amount(out, '99457', '10112-00')).toEqual([4730, 2926]);
    // SF 99453: (0.77 + 0.005) x 33.4009 = 25.8856975 -> $25.89; facility 0.005 x 33.4009 = 0.1670045 -> $0.17
    expect(amount(out, '99453', '01112-05')).toEqual([2589, 17]);
    expect(out).toHaveLength(3 * 3);
    expect(out[0]!.description).toContain('CF 33.4009');
  });

  it('rounds half a cent up, exactly (no binary-float error)', () => {
    // 0.29 x 0.5000 = $0.145 -> 15 cents (0.29 * 0.5 * 100 in floats is 14.499999999999998)
    const r = computeAmounts([{ code: '99457', description: '', workRvu: '0.29', nonFacilityPeRvu: '0', facilityPeRvu: '', mpRvu: '0' }], [], '0.5000');
    expect(r).toEqual([expect.objectContaining({ locality: 'NATIONAL', amountCents: 15, facilityAmountCents: 15 })]);
  });

  it('refuses a value that is not a number, and a conversion factor that is not positive', () => {
    expect(() => computeAmounts([{ code: '99457', description: '', workRvu: 'abc', nonFacilityPeRvu: '0', facilityPeRvu: '0', mpRvu: '0' }], [], '33.4009')).toThrow(/99457 work RVU: not a number/);
    expect(() => computeAmounts([], [], '0')).toThrow(/not positive/);
    expect(() => scaled('1.23456', 4, 'x')).toThrow(/more than 4 decimals/);
    expect(scaled('1.2300000', 2, 'x')).toBe(123n);
  });
});
