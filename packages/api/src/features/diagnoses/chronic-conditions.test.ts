import { describe, expect, it } from 'vitest';
import { CHRONIC_CONDITIONS, chronicConditionsOf, chronicConditionsOfCode, inChronicRange } from './chronic-conditions';

describe('inChronicRange', () => {
  it('holds a category range at both ends and nothing outside it', () => {
    expect(inChronicRange('E08.9', 'E08-E11')).toBe(true);
    expect(inChronicRange('E11.9', 'E08-E11')).toBe(true);
    expect(inChronicRange('E12', 'E08-E11')).toBe(false);
    expect(inChronicRange('E07.9', 'E08-E11')).toBe(false);
  });

  it('holds a prefix with or without dots and in any case', () => {
    expect(inChronicRange('i11.0', 'I11.0')).toBe(true);
    expect(inChronicRange('I110', 'I11.0')).toBe(true);
    expect(inChronicRange('I11.9', 'I11.0')).toBe(false);
  });
});

describe('chronicConditionsOf', () => {
  it('counts conditions, not codes: two diabetes codes are one condition', () => {
    const found = chronicConditionsOf(['E11.9', 'E11.65']);
    expect(found).toEqual([expect.objectContaining({ id: 'diabetes', codes: ['E11.9', 'E11.65'] })]);
  });

  it('counts hypertension and diabetes as two: CCM eligible', () => {
    expect(chronicConditionsOf(['I10', 'E11.9']).map((c) => c.id)).toEqual(['diabetes', 'hypertension']);
  });

  it('does not count acute conditions (cholera, a femur fracture, acute bronchitis), nor an unspecified hyperlipidemia boundary code', () => {
    expect(chronicConditionsOf(['A00.1', 'S72.001', 'J20.9', 'E78.6'])).toEqual([]);
    expect(chronicConditionsOfCode(null)).toEqual([]);
  });

  it('gives a combination code every condition it names (I13.0: hypertension, heart failure, chronic kidney disease)', () => {
    expect(chronicConditionsOfCode('I13.0').map((c) => c.id).sort()).toEqual(['chronicKidneyDisease', 'heartFailure', 'hypertension']);
  });

  it('names every condition in English and Spanish with well-formed ranges', () => {
    for (const c of CHRONIC_CONDITIONS) {
      expect(c.en && c.es, c.id).toBeTruthy();
      for (const r of c.ranges) { expect(r, c.id).toMatch(/^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?(-[A-Z][0-9][0-9A-Z])?$/); }
    }
  });
});
