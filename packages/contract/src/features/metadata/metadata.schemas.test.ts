import { describe, expect, it } from 'vitest';
import { isValidNpi, npiSchema, ssnSchema } from './metadata.schemas';

describe('isValidNpi (CMS check digit: Luhn over 80840 + the first nine digits)', () => {
  it('accepts NPIs with a correct check digit', () => {
    // CMS's worked example: 123456789 has check digit 3.
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1245319599')).toBe(true);
  });

  it('refuses a wrong check digit, wrong length and non-digits', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('12345b7893')).toBe(false);
  });

  it('npiSchema lets an empty value clear the NPI', () => {
    expect(npiSchema.parse('')).toBe('');
    expect(npiSchema.safeParse('1234567890').success).toBe(false);
  });
});

describe('ssnSchema', () => {
  it('takes ###-##-#### or nine digits and stores ###-##-####', () => {
    expect(ssnSchema.parse('123-45-6789')).toBe('123-45-6789');
    expect(ssnSchema.parse('123456789')).toBe('123-45-6789');
    expect(ssnSchema.parse('')).toBe('');
  });

  it('refuses other shapes', () => {
    for (const bad of ['12-345-6789', '12345678', '1234567890', '123 45 6789', 'abc-de-fghi']) {
      expect(ssnSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
