import { describe, expect, it } from 'vitest';
import { Icd10cmIndex, type Icd10cmIndexRow } from './icd10cm-index';
import { readVendoredFiles } from './icd10cm.loader';
import { parseVendoredCodes, searchTextOf } from './icd10cm.parse';

const row = (code: string, description: string, billable = true, terms = ''): Icd10cmIndexRow => ({
  code,
  codeCompact: code.replace('.', ''),
  description,
  billable,
  category: code.slice(0, 3),
  terms,
  searchText: searchTextOf({ description, terms }),
});

const small = new Icd10cmIndex([
  row('E11', 'Type 2 diabetes mellitus', false),
  row('E11.9', 'Type 2 diabetes mellitus without complications'),
  row('E11.65', 'Type 2 diabetes mellitus with hyperglycemia'),
  row('E10.9', 'Type 1 diabetes mellitus without complications'),
  row('E12', 'a neighbouring category, only to test the prefix range', false),
  row('K21.9', 'Gastro-esophageal reflux disease without esophagitis', true, 'GERD | Reflux, gastroesophageal'),
  row('K20.9', 'Gastroesophagitis, unspecified', true, 'Esophagitis'),
  row('S62.600A', 'Fracture of unspecified phalanx of unspecified finger, initial encounter'),
  row('I10', 'Essential (primary) hypertension', true, 'Hypertension, hypertensive (accelerated) (benign)'),
]);
const codes = (hits: { code: string }[]) => hits.map((h) => h.code);

describe('Icd10cmIndex.findByCode', () => {
  it('answers the codes of the prefix only: the exact code first, then billable, shorter, by code', () => {
    expect(codes(small.findByCode('E11', 10))).toEqual(['E11', 'E11.9', 'E11.65']);
    expect(codes(small.findByCode('E1', 10))).toEqual(['E10.9', 'E11.9', 'E11.65', 'E11', 'E12']);
    expect(codes(small.findByCode('E1', 2))).toEqual(['E10.9', 'E11.9']);
    expect(codes(small.findByCode('E119', 10))).toEqual(['E11.9']);
    expect(small.findByCode('E13', 10)).toEqual([]);
    expect(small.findByCode('Z', 10)).toEqual([]);
  });
});

describe('Icd10cmIndex.findByWords', () => {
  it('finds codes where every typed word starts a word of the description or index terms', () => {
    expect(codes(small.findByWords([['type'], ['2'], ['diab']], 10))).toEqual(['E11.9', 'E11.65', 'E11']);
    expect(codes(small.findByWords([['ger']], 10))).toEqual(['K21.9']); // "GERD", not "finger"
    expect(codes(small.findByWords([['accelerated']], 10))).toEqual(['I10']); // an index term
    expect(small.findByWords([['type'], ['3']], 10)).toEqual([]);
    expect(small.findByWords([['nger']], 10)).toEqual([]); // inside a word only
  });

  it('takes any of a group (a typed word and its corrections), and pre-ranks billable, description points, shorter code', () => {
    expect(codes(small.findByWords([['hypertenson', 'hypertension']], 10))).toEqual(['I10']);
    // Billable before the category; the phrase in the description (2 points a word) before fewer points.
    expect(codes(small.findByWords([['mellitus']], 10))).toEqual(['E10.9', 'E11.9', 'E11.65', 'E11']);
    expect(codes(small.findByWords([['diabetes'], ['without']], 10))).toEqual(['E10.9', 'E11.9']);
    expect(codes(small.findByWords([['diabetes']], 1))).toEqual(['E10.9']);
    // A description word that starts with the typed word (2 points) before the word inside one (1), though longer.
    expect(codes(small.findByWords([['esophag']], 10))).toEqual(['K21.9', 'K20.9']);
  });

  it('matches as the SQL it replaced on the vendored test subset (search_text LIKE \'% word%\' for every word)', () => {
    const { codes: csv, index: terms } = readVendoredFiles('fixture');
    const rows = parseVendoredCodes(csv, terms).map((r) => row(r.code, r.description, r.billable, r.terms));
    const index = new Icd10cmIndex(rows);
    expect(index.size).toBe(rows.length);
    for (const words of [['diab'], ['type', '2', 'diab'], ['heart', 'fail'], ['chronic', 'kidney'], ['hyper'], ['2'], ['gerd'], ['obes'], ['zzz']]) {
      const expected = rows.filter((r) => words.every((w) => r.searchText.includes(` ${w}`))).map((r) => r.code);
      const found = index.findByWords(
        words.map((w) => [w]),
        rows.length,
      );
      expect(codes(found).sort(), words.join(' ')).toEqual(expected.sort());
    }
  });
});
