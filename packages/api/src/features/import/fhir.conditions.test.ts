import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conditionSchema, mapCondition } from './fhir.conditions';

const usCore = path.join(import.meta.dirname, '../../../test/fixtures/us-core-examples');

const condition = (over: Record<string, unknown> = {}) =>
  conditionSchema.parse({
    resourceType: 'Condition',
    id: 'c1',
    subject: { reference: 'Patient/p1' },
    clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] },
    code: { coding: [{ system: 'http://snomed.info/sct', code: '44054006', display: 'Diabetes mellitus type 2 (disorder)' }], text: 'Diabetes mellitus type 2 (disorder)' },
    onsetDateTime: '2003-03-03T15:04:05-05:00',
    ...over,
  });

describe('mapCondition', () => {
  it('keeps a SNOMED CT Condition as an uncoded problem with its text and source coding, never mapped to ICD-10-CM', () => {
    const m = mapCondition(condition());
    expect(m).toEqual({
      kind: 'mapped',
      value: { fhirId: 'c1', icd10cm: null, description: 'Diabetes mellitus type 2 (disorder)', onsetDate: '2003-03-03', status: 'active', sourceSystem: 'http://snomed.info/sct', sourceCode: '44054006' },
    });
  });

  it('takes an ICD-10-CM coding (dotted or not) among others', () => {
    const m = mapCondition(condition({ code: { coding: [{ system: 'http://snomed.info/sct', code: '44054006' }, { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E119', display: 'Type 2 diabetes' }] } }));
    expect(m.kind === 'mapped' && m.value).toMatchObject({ icd10cm: 'E11.9', sourceSystem: 'http://hl7.org/fhir/sid/icd-10-cm', sourceCode: 'E119', description: 'Type 2 diabetes' });
  });

  it('maps the clinical status, skips refuted or mistaken Conditions, and refuses one without a code or text', () => {
    const status = (code: string) => {
      const m = mapCondition(condition({ clinicalStatus: { coding: [{ code }] } }));
      return m.kind === 'mapped' ? m.value.status : m.reason;
    };
    expect([status('resolved'), status('remission'), status('inactive'), status('recurrence')]).toEqual(['resolved', 'inactive', 'inactive', 'active']);
    expect(mapCondition(condition({ clinicalStatus: undefined, abatementDateTime: '2010-01-01' }))).toMatchObject({ value: { status: 'resolved' } });
    expect(mapCondition(condition({ verificationStatus: { coding: [{ code: 'entered-in-error' }] } }))).toEqual({ kind: 'skipped', reason: 'verificationStatus: entered-in-error' });
    expect(() => mapCondition(condition({ code: {} }))).toThrow('code: a Condition needs a coding or a text');
  });

  it('reads the US Core example Condition (problem-list item, SNOMED CT) as an uncoded problem', () => {
    const file = fs.readdirSync(usCore, { recursive: true }).map(String).find((f) => f.endsWith('condition-duodenal-ulcer.json'));
    expect(file).toBeDefined();
    const m = mapCondition(conditionSchema.parse(JSON.parse(fs.readFileSync(path.join(usCore, file!), 'utf8'))));
    expect(m).toMatchObject({ kind: 'mapped', value: { icd10cm: null, description: 'Active Duodenal Ulcer', sourceCode: '51868009', status: 'active' } });
  });
});
