import { describe, expect, it } from 'vitest';
import { dictionaryWords, escapeRegex, parseDrugQuery } from './drug-search';

describe('parseDrugQuery', () => {
  it('reads digits and hyphens as an NDC or RxCUI, hyphens ignored', () => {
    expect(parseDrugQuery(' 0002-1407 ')).toEqual({ kind: 'code', text: '0002-1407', digits: '00021407' });
    expect(parseDrugQuery('860975')).toEqual({ kind: 'code', text: '860975', digits: '860975' });
  });

  it('reads words lower-cased, split on spaces and commas, without repeats, at most six', () => {
    expect(parseDrugQuery('Metformin  500,MG')).toEqual({ kind: 'words', text: 'metformin 500 mg', tokens: ['metformin', '500', 'mg'] });
    expect(parseDrugQuery('a a b c d e f g h').kind === 'words' && parseDrugQuery('a a b c d e f g h')).toMatchObject({ tokens: ['a', 'b', 'c', 'd', 'e', 'f'] });
  });

  it('answers empty for blank or control-only text, and a lone hyphen is a word', () => {
    expect(parseDrugQuery('  \t ')).toEqual({ kind: 'empty' });
    expect(parseDrugQuery('-')).toEqual({ kind: 'words', text: '-', tokens: ['-'] });
  });
});

describe('dictionaryWords / escapeRegex', () => {
  it('keeps letter words of three or more characters', () => {
    expect(dictionaryWords('glucophage metformin hydrochloride 500 mg/1 tablet, film coated 0087-6060')).toEqual([
      'glucophage',
      'metformin',
      'hydrochloride',
      'tablet',
      'film',
      'coated',
    ]);
  });

  it('quotes regular-expression characters', () => {
    expect(escapeRegex('a.b*(c)')).toBe('a\\.b\\*\\(c\\)');
  });
});
