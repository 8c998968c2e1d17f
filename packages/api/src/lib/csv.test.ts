import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { buildCsv, csvCell, numericText } from './csv';

describe('csvCell (OWASP CSV injection)', () => {
  it('prefixes text a spreadsheet would run as a formula with an apostrophe', () => {
    for (const text of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")', '-5']) {
      expect(csvCell(text), JSON.stringify(text)).toBe(`'${text}`);
    }
  });

  it('keeps other text, numbers (negative ones too) and empty cells as they are', () => {
    expect(csvCell('Núñez, María')).toBe('Núñez, María');
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(numericText('-12.50'))).toBe('-12.50');
    expect(csvCell(numericText('-=1'))).toBe("'-=1"); // not a number after all: neutralised as text
  });
});

describe('buildCsv', () => {
  it('writes a BOM, quotes where needed and reads back with every formula cell neutralised', () => {
    const csv = buildCsv(['Name', 'Value'], [['=cmd|\' /C calc\'!A0', -1.5], ['Smith, "Jo"', 2]], { crlf: true });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('\r\n');
    const rows = parse(csv.slice(1)) as string[][];
    expect(rows).toEqual([
      ['Name', 'Value'],
      ["'=cmd|' /C calc'!A0", '-1.5'],
      ['Smith, "Jo"', '2'],
    ]);
  });
});
