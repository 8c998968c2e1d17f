import { describe, expect, it } from 'vitest';
import { rankIcd10cm, readIcd10cmQuery, type Icd10cmCandidate } from './icd10cm-search';

const c = (code: string, description: string, billable = true, terms = ''): Icd10cmCandidate => ({
  code,
  codeCompact: code.replace('.', ''),
  description,
  billable,
  category: code.slice(0, 3),
  terms,
});

describe('readIcd10cmQuery', () => {
  it('reads codes with or without their dot, in any case, as a code prefix', () => {
    expect(readIcd10cmQuery(' e11.9 ')).toEqual({ kind: 'code', compact: 'E119' });
    expect(readIcd10cmQuery('E119')).toEqual({ kind: 'code', compact: 'E119' });
    expect(readIcd10cmQuery('I1')).toEqual({ kind: 'code', compact: 'I1' });
    expect(readIcd10cmQuery('E11.')).toEqual({ kind: 'code', compact: 'E11' });
  });

  it('reads anything else as words (accents removed); words all shorter than 3 characters search only the clinical terms', () => {
    expect(readIcd10cmQuery('Type 2 diab')).toEqual({ kind: 'words', tokens: ['type', '2', 'diab'], lexical: true });
    expect(readIcd10cmQuery('copd')).toEqual({ kind: 'words', tokens: ['copd'], lexical: true });
    expect(readIcd10cmQuery('Insuficiencia cardíaca')).toEqual({ kind: 'words', tokens: ['insuficiencia', 'cardiaca'], lexical: true });
    expect(readIcd10cmQuery('ty 2')).toEqual({ kind: 'words', tokens: ['ty', '2'], lexical: false });
    expect(readIcd10cmQuery(' - ')).toEqual({ kind: 'none' });
    expect(readIcd10cmQuery('diabetes, diabetes')).toEqual({ kind: 'words', tokens: ['diabetes'], lexical: true });
  });
});

describe('rankIcd10cm', () => {
  it('puts the exact code first, then billable codes of the prefix, shorter first', () => {
    const ranked = rankIcd10cm({ kind: 'code', compact: 'E11' }, [c('E11.65', 'x'), c('E11.6', 'x', false), c('E11', 'x', false), c('E11.9', 'x')], 10);
    expect(ranked.map((r) => r.code)).toEqual(['E11', 'E11.9', 'E11.65', 'E11.6']);
  });

  it('ranks billable codes before categories whatever their words', () => {
    const ranked = rankIcd10cm(readIcd10cmQuery('type 2 diabetes'), [c('E11', 'Type 2 diabetes mellitus', false), c('E11.69', 'Type 2 diabetes mellitus with other specified complication')], 10);
    expect(ranked.map((r) => r.code)).toEqual(['E11.69', 'E11']);
  });

  it('prefers the words typed together ("type 2") over the same words apart ("type 1 ... stage 2"), then the shorter code', () => {
    const ranked = rankIcd10cm(
      readIcd10cmQuery('type 2 diab'),
      [c('E10.A2', 'Type 1 diabetes mellitus, presymptomatic, Stage 2'), c('E11.65', 'Type 2 diabetes mellitus with hyperglycemia'), c('E11.9', 'Type 2 diabetes mellitus without complications')],
      10,
    );
    expect(ranked.map((r) => r.code)).toEqual(['E11.9', 'E11.65', 'E10.A2']);
  });

  it('ranks a description match above an index-term match, and an index main term equal to the query above one that only contains it', () => {
    const ranked = rankIcd10cm(
      readIcd10cmQuery('dyslipidemia'),
      [
        c('E78.1', 'Pure hyperglyceridemia', true, 'Dyslipidemia, with high triglycerides'),
        c('E78.5', 'Hyperlipidemia, other form', true, 'Dyslipidemia'),
        c('E78.9', 'Dyslipidemia of lipoprotein metabolism'),
      ],
      10,
    );
    expect(ranked.map((r) => r.code)).toEqual(['E78.9', 'E78.5', 'E78.1']);
    expect(ranked[1]!.matchedTerm).toBe('Dyslipidemia');
    expect(ranked[0]!.matchedTerm).toBeNull();
  });

  it('keeps a typo-tolerant match (found by the trigram index) below every exact word match, and applies the limit', () => {
    const ranked = rankIcd10cm(readIcd10cmQuery('hypertenson'), [c('I10', 'Essential (primary) hypertension'), c('I15.0', 'Renovascular hypertenson typo')], 1);
    expect(ranked.map((r) => r.code)).toEqual(['I15.0']);
    expect(rankIcd10cm({ kind: 'none' }, [c('I10', 'x')], 5)).toEqual([]);
  });
});
