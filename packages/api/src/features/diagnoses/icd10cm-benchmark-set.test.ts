import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config/index';
import type { Icd10cmCodeRow } from './icd10cm.parse';
import { clinicalTerms } from './icd10cm-terms';
import { fullCodeSet } from './icd10cm-full.fixture';

// The benchmark's query set (bench/icd10cm-search.queries.tsv) and the clinical terms
// (data/icd10cm/clinical-terms.json) name only codes that exist and are billable in the loaded
// (vendored FY2025) code set: a figure measured against a code no clinician could choose would mean nothing.
let byCode: Map<string, Icd10cmCodeRow>;
beforeAll(() => {
  byCode = new Map(fullCodeSet().rows.map((r) => [r.code, r]));
});

const notBillable = (codes: string[]) => codes.filter((c) => !byCode.get(c)?.billable).map((c) => `${c} (${byCode.has(c) ? 'a category' : 'not in the code set'})`);

describe('the ICD-10-CM benchmark query set', () => {
  const lines = fs
    .readFileSync(path.join(repoRoot, 'bench/icd10cm-search.queries.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'));

  it('has at least 300 queries, English and Spanish, of every kind, each with lang, kind, query and codes', () => {
    expect(lines.length).toBeGreaterThanOrEqual(300);
    for (const l of lines) { expect(l, l.join(' | ')).toHaveLength(4); }
    expect(new Set(lines.map((l) => l[0]))).toEqual(new Set(['en', 'es']));
    expect(new Set(lines.map((l) => l[1]))).toEqual(new Set(['term', 'abbrev', 'lay', 'typo', 'combo', 'code', 'context', 'detail', 'es']));
    expect(new Set(lines.map((l) => `${l[0]}|${l[2]}`)).size).toBe(lines.length);
  });

  it('names only codes that exist and are billable', () => {
    const bad = lines.flatMap((l) => notBillable(l[3]!.split(' ')).map((b) => `${l[2]}: ${b}`));
    expect(bad).toEqual([]);
  });
});

describe('the clinical terms', () => {
  it('name only codes that exist and are billable, each concept and combination with a known source', () => {
    const { data } = clinicalTerms();
    const bad = [...data.concepts.flatMap((c) => notBillable(c.codes)), ...notBillable(data.combinations.map((c) => c.code)), ...notBillable(Object.keys(data.descriptionsEs))];
    expect(bad).toEqual([]);
    const unknownSource = [...data.concepts, ...data.combinations].map((c) => c.codesFrom).filter((s) => !(s in data.sources));
    expect(unknownSource).toEqual([]);
  });

  it('name only groups some concept has, in their combinations', () => {
    const { data } = clinicalTerms();
    const groups = new Set(data.concepts.flatMap((c) => [c.id, ...(c.groups ?? [])]));
    expect(data.combinations.flatMap((c) => c.all).filter((g) => !groups.has(g))).toEqual([]);
  });
});
