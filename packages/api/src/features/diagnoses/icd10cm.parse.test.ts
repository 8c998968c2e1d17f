import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Icd10cmFileError, indexTermsByCode, needsSeventhCharacter, parseOfficialCodeFile, parseVendoredCodes, withDot } from './icd10cm.parse';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/icd10cm');

describe('parseVendoredCodes', () => {
  const codes = 'Code,Description,ChapterID,SectionID\nE11,Type 2 diabetes mellitus,4,E08-E13\nE11.9,Type 2 diabetes mellitus without complications,4,E08-E13\nS72.001,Fracture of unspecified part of neck of right femur,19,S70-S79\nT31.0,Burns involving less than 10% of body surface,19,T30-T32\n';
  const index = 'RowID,Letter,Level,Term,See,SeeAlso,NonEssModif,Code\n1,D,0,"Diabetes, diabetic",,,(mellitus),E11.9\n2,D,1,type 2,,,,E11.9\n3,D,1,type 1,,,,E10.9\n';

  it('marks leaves billable, parents not, and leaves that need a 7th character not', () => {
    const rows = parseVendoredCodes(codes, index);
    expect(rows.map((r) => [r.code, r.billable])).toEqual([
      ['E11', false],
      ['E11.9', true],
      ['S72.001', false],
      ['T31.0', true],
    ]);
    expect(rows[1]).toMatchObject({ codeCompact: 'E119', category: 'E11', chapter: 4, terms: 'Diabetes, diabetic | Diabetes, diabetic type 2' });
  });

  it('names the line of a row without a code', () => {
    expect(() => parseVendoredCodes('Code,Description\nE11,ok\n,missing\n', '')).toThrow(new Icd10cmFileError(3, 'a code and its description are required'));
  });
});

describe('parseOfficialCodeFile', () => {
  it('reads the order file layout: code, billable flag, long description', () => {
    const rows = parseOfficialCodeFile(fs.readFileSync(path.join(fixtures, 'icd10cm_order_2026.txt'), 'utf8'), indexTermsByCode(''), new Map([['E11', 4]]));
    expect(rows).toHaveLength(79);
    expect(rows.find((r) => r.code === 'E11.9')).toMatchObject({ billable: true, description: 'Type 2 diabetes mellitus without complications', chapter: 4 });
    expect(rows.find((r) => r.code === 'E11')).toMatchObject({ billable: false, description: 'Type 2 diabetes mellitus' });
  });

  it('reads the codes file layout (billable codes only)', () => {
    const rows = parseOfficialCodeFile(fs.readFileSync(path.join(fixtures, 'icd10cm_codes_2026.txt'), 'utf8'), new Map(), new Map());
    expect(rows).toHaveLength(58);
    expect(rows.every((r) => r.billable)).toBe(true);
  });

  it('refuses a bad flag, a bad code, a repeated code and an empty file, naming the line', () => {
    expect(() => parseOfficialCodeFile('00001 E119    2 x\n', new Map(), new Map())).toThrow('line 1: the billable flag must be 0 or 1');
    expect(() => parseOfficialCodeFile('E119 ok\n12345 bad\n', new Map(), new Map())).toThrow('line 2: not an ICD-10-CM code');
    expect(() => parseOfficialCodeFile('E119 ok\nE119 again\n', new Map(), new Map())).toThrow('line 2: the code is listed twice');
    expect(() => parseOfficialCodeFile('\n\n', new Map(), new Map())).toThrow('the file is empty');
  });
});

describe('needsSeventhCharacter and withDot', () => {
  it('knows the 7th-character chapters and exceptions', () => {
    expect(needsSeventhCharacter('S72001')).toBe(true);
    expect(needsSeventhCharacter('T360X1')).toBe(true);
    expect(needsSeventhCharacter('T310')).toBe(false);
    expect(needsSeventhCharacter('Y389')).toBe(true);
    expect(needsSeventhCharacter('Y92')).toBe(false);
    expect(needsSeventhCharacter('M8000')).toBe(true);
    expect(needsSeventhCharacter('E119')).toBe(false);
    expect(withDot('E119')).toBe('E11.9');
    expect(withDot('I10')).toBe('I10');
  });
});
