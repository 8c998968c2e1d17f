import { describe, expect, it } from 'vitest';
import { idealBodyWeightKg, sexFromGender } from './ideal-weight';

describe('idealBodyWeightKg (Devine 1974)', () => {
  it('gives the base weight at exactly 5 ft (152.4 cm)', () => {
    expect(idealBodyWeightKg(152.4, 'male')).toBe(50);
    expect(idealBodyWeightKg(152.4, 'female')).toBe(45.5);
  });

  it('adds 2.3 kg per inch over 5 ft', () => {
    // 6 ft = 182.88 cm = 12 in over: 50 + 27.6 = 77.6; 5 ft 6 in = 167.64 cm: 45.5 + 13.8 = 59.3
    expect(idealBodyWeightKg(182.88, 'male')).toBe(77.6);
    expect(idealBodyWeightKg(167.64, 'female')).toBe(59.3);
    // 180 cm = 70.866 in: 50 + 2.3 * 10.866 = 74.99 -> 75.0
    expect(idealBodyWeightKg(180, 'male')).toBe(75);
  });

  it('answers null below 5 ft, without a height, or without a known sex', () => {
    expect(idealBodyWeightKg(150, 'female')).toBeNull();
    expect(idealBodyWeightKg(null, 'male')).toBeNull();
    expect(idealBodyWeightKg(170, null)).toBeNull();
  });
});

describe('sexFromGender', () => {
  it('reads FHIR, single-letter and Spanish gender texts', () => {
    expect(['male', 'M', ' Masculino ', 'hombre'].map(sexFromGender)).toEqual(['male', 'male', 'male', 'male']);
    expect(['female', 'f', 'FEMENINO', 'mujer'].map(sexFromGender)).toEqual(['female', 'female', 'female', 'female']);
    expect(['', 'other', 'unknown', null].map(sexFromGender)).toEqual([null, null, null, null]);
  });
});
