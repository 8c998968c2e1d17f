import { describe, expect, it } from 'vitest';
import { formatMbi, isValidMbi, normaliseMbi } from './mbi';

describe('Medicare Beneficiary Identifier (CMS format)', () => {
  it("accepts CMS's published example, with or without dashes and in lower case", () => {
    expect(isValidMbi('1EG4-TE5-MK73')).toBe(true);
    expect(isValidMbi('1EG4TE5MK73')).toBe(true);
    expect(isValidMbi('1eg4 te5 mk73')).toBe(true);
    expect(normaliseMbi('1eg4-te5-mk73')).toBe('1EG4TE5MK73');
    expect(formatMbi('1EG4TE5MK73')).toBe('1EG4-TE5-MK73');
  });

  it('refuses a first character 0 or a letter', () => {
    expect(isValidMbi('0EG4TE5MK73')).toBe(false);
    expect(isValidMbi('AEG4TE5MK73')).toBe(false);
  });

  it('refuses the letters S, L, O, I, B and Z in any position', () => {
    for (const letter of ['S', 'L', 'O', 'I', 'B', 'Z']) {
      expect(isValidMbi(`1${letter}G4TE5MK73`), letter).toBe(false);
      expect(isValidMbi(`1E${letter}4TE5MK73`), letter).toBe(false);
      expect(isValidMbi(`1EG4TE5M${letter}73`), letter).toBe(false);
    }
  });

  it('refuses a letter where CMS puts a digit and a digit where it puts a letter', () => {
    expect(isValidMbi('1EGATE5MK73')).toBe(false); // position 4 numeric
    expect(isValidMbi('1EG44E5MK73')).toBe(false); // position 5 alphabetic
    expect(isValidMbi('1EG4TE5MK7A')).toBe(false); // position 11 numeric
  });

  it('refuses the wrong length and a Social Security number', () => {
    expect(isValidMbi('1EG4TE5MK7')).toBe(false);
    expect(isValidMbi('1EG4TE5MK733')).toBe(false);
    expect(isValidMbi('123-45-6789')).toBe(false);
    expect(isValidMbi('')).toBe(false);
  });
});
