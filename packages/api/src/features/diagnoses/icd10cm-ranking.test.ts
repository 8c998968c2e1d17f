import { beforeAll, describe, expect, it } from 'vitest';
import { searchIcd10cm } from './icd10cm-search';
import { clinicalTerms, type SearchLang } from './icd10cm-terms';
import type { Icd10cmIndex } from './icd10cm-index';
import { fullCodeSet } from './icd10cm-full.fixture';

// The search's user-facing rules (icd10cm-search.ts file comment; docs/diagnoses.md "Search") on the
// full FY2025 code set: each case asserts the first hit a clinician gets for what they type.
let index: Icd10cmIndex;
beforeAll(() => {
  index = fullCodeSet().index;
});

const top = (q: string, lang: SearchLang = 'en') => searchIcd10cm(index, clinicalTerms(), q, lang, 20)[0]?.code;
const codes = (q: string, lang: SearchLang = 'en', n = 5) => searchIcd10cm(index, clinicalTerms(), q, lang, 20).slice(0, n).map((h) => h.code);

describe('the unspecified default when no detail is given', () => {
  it.each([
    ['diabetes', 'E11.9'],
    ['essential hypertension', 'I10'],
    ['copd', 'J44.9'],
    ['ckd stage 3', 'N18.30'],
    ['chf', 'I50.9'],
    ['congestive heart failure', 'I50.9'],
    ['asthma', 'J45.909'],
    ['obstructive sleep apnea', 'G47.33'],
    ['atrial fibrillation', 'I48.91'],
    ['hyperlipidemia', 'E78.5'],
  ])('%s -> %s first', (q, code) => {
    expect(top(q)).toBe(code);
  });

  it('puts diabetes mellitus before diabetes insipidus, which still comes when asked for', () => {
    const hits = codes('diabetes', 'en', 20);
    expect(hits[0]).toBe('E11.9');
    expect(hits.slice(0, 5)).not.toContain('E23.2');
    expect(top('diabetes insipidus')).toBe('E23.2');
  });
});

describe('combination codes when the query names both conditions (guidelines I.A.15, I.C.9.a)', () => {
  it.each([
    ['diabetes with ckd', 'E11.22'],
    ['t2dm with ckd stage 3', 'E11.22'],
    ['type 1 diabetes with ckd', 'E10.22'],
    ['htn with chf', 'I11.0'],
    ['hypertension with chronic kidney disease', 'I12.9'],
    ['htn with esrd', 'I12.0'],
    ['htn chf ckd', 'I13.0'],
    ['diabetes with polyneuropathy', 'E11.42'],
  ])('%s -> %s first', (q, code) => {
    expect(top(q)).toBe(code);
  });

  it('hypertensive heart and chronic kidney disease -> an I13 code first', () => {
    expect(top('hypertensive heart and chronic kidney disease')).toMatch(/^I13\./);
  });

  it('lists the parts of a combination after it (the stage of "diabetes with ckd stage 3" is N18.30)', () => {
    expect(codes('diabetes with ckd stage 3')).toEqual(expect.arrayContaining(['E11.22', 'N18.30']));
  });
});

describe('obstetric, perinatal and family-history codes after the common ones, unless the query says so', () => {
  it('lists pregnancy codes after every other code for hypertension, and first for gestational hypertension', () => {
    const hits = codes('essential hypertension', 'en', 20);
    expect(hits[0]).toBe('I10');
    const firstPregnancy = hits.findIndex((c) => c.startsWith('O'));
    const lastOther = hits.findLastIndex((c) => !c.startsWith('O'));
    expect(firstPregnancy === -1 || firstPregnancy > lastOther).toBe(true);
    expect(top('gestational hypertension')).toMatch(/^O13\./);
  });

  it('asthma is not family history (Z82.5) unless asked', () => {
    expect(codes('asthma')).not.toContain('Z82.5');
    expect(top('family history of asthma')).toBe('Z82.5');
  });

  it('a newborn code only for a newborn ("insuficiencia cardiaca" in Spanish too)', () => {
    expect(codes('obstructive sleep apnea', 'en', 1)).toEqual(['G47.33']);
    expect(codes('insuficiencia cardiaca', 'es').some((c) => c.startsWith('P'))).toBe(false);
    expect(top('newborn jaundice')).toBe('P59.9');
  });
});

describe('abbreviations and lay terms (clinical-terms.json)', () => {
  it.each([
    ['htn', 'I10'],
    ['high blood pressure', 'I10'],
    ['t2dm', 'E11.9'],
    ['DM2', 'E11.9'],
    ['sugar', 'E11.9'],
    ['HFrEF', 'I50.22'],
    ['hfpef', 'I50.32'],
    ['ckd 3a', 'N18.31'],
    ['ckd 3b', 'N18.32'],
    ['afib', 'I48.91'],
    ['cad', 'I25.10'],
    ['pad', 'I73.9'],
    ['osa', 'G47.33'],
    ['gerd', 'K21.9'],
    ['bph', 'N40.0'],
    ['hld', 'E78.5'],
    ['mdd', 'F32.9'],
    ['esrd', 'N18.6'],
    ['af', 'I48.91'],
  ])('%s -> %s first', (q, code) => {
    expect(top(q)).toBe(code);
  });

  it('answers a clinical term while it is still being typed ("hyperten", "congestive hea")', () => {
    expect(top('hyperten')).toBe('I10');
    expect(top('congestive hea')).toBe('I50.9');
  });
});

describe('Spanish queries on the Spanish interface', () => {
  it.each([
    ['diabetes tipo 2', 'E11.9'],
    ['EPOC', 'J44.9'],
    ['insuficiencia cardiaca', 'I50.9'],
    ['hipertensión arterial', 'I10'],
    ['erc estadio 3b', 'N18.32'],
    ['fa', 'I48.91'],
    ['apnea del sueño', 'G47.30'],
    ['erge', 'K21.9'],
    ['hpb', 'N40.0'],
    ['hipotiroidismo', 'E03.9'],
    ['diabetes con enfermedad renal crónica', 'E11.22'],
    ['hipertencion', 'I10'],
  ])('%s -> %s first', (q, code) => {
    expect(top(q, 'es')).toBe(code);
  });

  it('gives the Spanish description for a Spanish caller only', () => {
    expect(searchIcd10cm(index, clinicalTerms(), 'epoc', 'es', 1)[0]).toMatchObject({ code: 'J44.9', descriptionEs: 'Enfermedad pulmonar obstructiva crónica, no especificada' });
    expect(searchIcd10cm(index, clinicalTerms(), 'copd', 'en', 1)[0]).toMatchObject({ code: 'J44.9', descriptionEs: null });
  });

  it('does not read Spanish terms for an English caller', () => {
    expect(top('epoc')).not.toBe('J44.9');
  });
});

describe('typed codes and typos keep working', () => {
  it('answers a typed code first, with or without its dot, in any case', () => {
    expect(top('E11.9')).toBe('E11.9');
    expect(top('e119')).toBe('E11.9');
    expect(top('i10')).toBe('I10');
    expect(codes('N18.3')).toEqual(expect.arrayContaining(['N18.30', 'N18.31', 'N18.32']));
  });

  it('reads a code-like word that is no code ("t2dm") as words', () => {
    expect(top('t2dm')).toBe('E11.9');
  });

  it.each([
    ['hypertenson', 'I10'],
    ['diabtes', 'E11.9'],
    ['astma', 'J45.909'],
    ['anxeity', 'F41.9'],
    ['congestive hart failure', 'I50.9'],
    ['pnemonia', 'J18.9'],
  ])('%s -> %s first', (q, code) => {
    expect(top(q)).toBe(code);
  });
});
