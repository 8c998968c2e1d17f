import { describe, expect, it } from 'vitest';
import { DATE_INPUT_FORMATS, parseTypedDate } from '../lib/calendar';

describe('parseTypedDate: a typed date in the UI language’s order', () => {
  it('reads Spanish dates day first (dd/mm/aaaa)', () => {
    expect(parseTypedDate('02/06/1951', DATE_INPUT_FORMATS.es.format)).toBe('1951-06-02');
    expect(parseTypedDate(' 31/12/2025 ', DATE_INPUT_FORMATS.es.format)).toBe('2025-12-31');
  });

  it('reads English dates month first (mm/dd/yyyy)', () => {
    expect(parseTypedDate('06/02/1951', DATE_INPUT_FORMATS.en.format)).toBe('1951-06-02');
    expect(parseTypedDate('12/31/2025', DATE_INPUT_FORMATS.en.format)).toBe('2025-12-31');
  });

  it('refuses dates that do not exist, and the other language’s order when it cannot be a date', () => {
    expect(parseTypedDate('31/02/2026', DATE_INPUT_FORMATS.es.format)).toBeNull();
    expect(parseTypedDate('31/12/2025', DATE_INPUT_FORMATS.en.format)).toBeNull();
    expect(parseTypedDate('ayer', DATE_INPUT_FORMATS.es.format)).toBeNull();
    expect(parseTypedDate('', DATE_INPUT_FORMATS.es.format)).toBeNull();
  });

  it('accepts a pasted ISO date in either language', () => {
    expect(parseTypedDate('2026-02-28', DATE_INPUT_FORMATS.es.format)).toBe('2026-02-28');
    expect(parseTypedDate('2026-02-28', DATE_INPUT_FORMATS.en.format)).toBe('2026-02-28');
  });
});
