import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config/index';
import { MappingError } from './fhir.map';
import { dateOf, frequencyOf, mapMedicationRequest, medicationOf, RXNORM_SYSTEM } from './fhir.medications';

const usCore = path.join(repoRoot, 'packages/api/test/fixtures/us-core-examples/clinical');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(usCore, name), 'utf8')) as Record<string, unknown>;

// A Synthea MedicationRequest as the demo bundles carry it (shared/data/synthea-r4, Jennie425).
const synthea = {
  resourceType: 'MedicationRequest',
  id: '5b9c2b1e-0000-4000-8000-000000000001',
  status: 'active',
  intent: 'order',
  medicationCodeableConcept: { coding: [{ system: RXNORM_SYSTEM, code: '860975', display: '24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet' }], text: '24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet' },
  subject: { reference: 'urn:uuid:4237be97-a13d-18b8-6e01-df3ee076675f' },
  authoredOn: '2024-02-11T21:34:03-05:00',
  requester: { reference: 'Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|9999978395', display: 'Dr. Anthony633 Toy286' },
};

describe('mapMedicationRequest', () => {
  it('maps a Synthea request: RxNorm code and text, status, start from authoredOn', () => {
    expect(mapMedicationRequest(synthea)).toEqual({
      externalRef: 'MedicationRequest/5b9c2b1e-0000-4000-8000-000000000001',
      status: 'ACTIVE',
      medication: { rxcui: '860975', text: '24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet' },
      dose: '',
      frequency: null,
      route: '',
      startDate: '2024-02-11',
      endDate: null,
      instructions: '',
    });
  });

  it('maps the US Core coded example: dose, twice a day, bounds start', () => {
    const m = mapMedicationRequest(read('medicationrequest-coded-oral-axid.json'));
    expect(m).toMatchObject({
      status: 'ACTIVE',
      medication: { rxcui: '476872', text: 'Nizatidine 15 MG/ML Oral Solution' },
      dose: '10 ml',
      frequency: 'TWICE_DAILY',
      startDate: '2008-04-05',
      instructions: '10 mL bid',
    });
  });

  it('keeps a medicationReference to resolve against the run, and the route display', () => {
    expect(mapMedicationRequest(read('medicationrequest-referenced-oral-axid.json'))).toMatchObject({ medication: { reference: 'Medication/uscore-med2' }, route: 'Oral route', dose: '10 ml' });
  });

  it('maps stopped and cancelled to STOPPED and skips what is not a prescription', () => {
    expect(mapMedicationRequest({ ...synthea, status: 'stopped' })).toMatchObject({ status: 'STOPPED' });
    expect(mapMedicationRequest({ ...synthea, status: 'cancelled' })).toMatchObject({ status: 'STOPPED' });
    expect(mapMedicationRequest({ ...synthea, status: 'on-hold' })).toMatchObject({ status: 'ON_HOLD' });
    expect(mapMedicationRequest({ ...synthea, status: 'entered-in-error' })).toEqual({ skip: 'status entered-in-error: not a prescription' });
    expect(mapMedicationRequest({ ...synthea, status: 'draft' })).toEqual({ skip: 'status draft: not a prescription' });
  });

  it('refuses a request without a medication or with an unknown status', () => {
    const { medicationCodeableConcept: _m, ...noMedication } = synthea;
    expect(() => mapMedicationRequest(noMedication)).toThrow(MappingError);
    expect(() => mapMedicationRequest({ ...synthea, status: 'taken' })).toThrow(MappingError);
    expect(() => mapMedicationRequest({ ...synthea, id: 'not an id!' })).toThrow(MappingError);
  });
});

describe('medicationOf, frequencyOf, dateOf', () => {
  it('takes the RxNorm coding and the text; no RxNorm coding keeps the text only', () => {
    expect(medicationOf({ coding: [{ system: 'http://snomed.info/sct', code: '1', display: 'Something' }] })).toEqual({ rxcui: '', text: 'Something' });
    expect(medicationOf({ coding: [{ system: RXNORM_SYSTEM, code: 'abc', display: 'Bad code' }], text: 'Text' })).toEqual({ rxcui: '', text: 'Text' });
    expect(medicationOf(undefined)).toEqual({ rxcui: '', text: '' });
  });

  it('reads timing as the spec frequencies, at their edges', () => {
    expect(frequencyOf({ frequency: 1, period: 1, periodUnit: 'd' })).toBe('ONCE_DAILY');
    expect(frequencyOf({ frequency: 1, period: 24, periodUnit: 'h' })).toBe('ONCE_DAILY');
    expect(frequencyOf({ frequency: 1, period: 12, periodUnit: 'h' })).toBe('TWICE_DAILY');
    expect(frequencyOf({ frequency: 3, period: 1, periodUnit: 'd' })).toBe('THREE_TIMES_DAILY');
    expect(frequencyOf({ frequency: 1, period: 6, periodUnit: 'h' })).toBe('FOUR_TIMES_DAILY');
    expect(frequencyOf({ frequency: 1, period: 4, periodUnit: 'h' })).toBeNull(); // six a day: not a spec frequency
    expect(frequencyOf({ frequency: 1, period: 1, periodUnit: 'wk' })).toBe('WEEKLY');
    expect(frequencyOf({ frequency: 1, period: 1, periodUnit: 'mo' })).toBe('MONTHLY');
    expect(frequencyOf({ frequency: 2, period: 1, periodUnit: 'wk' })).toBeNull();
    expect(frequencyOf({ frequency: 1, period: 1, periodUnit: 'a' })).toBeNull();
    expect(frequencyOf(undefined)).toBeNull();
  });

  it('takes the calendar date of a date or dateTime', () => {
    expect(dateOf('2014-03-07T04:59:54-05:00')).toBe('2014-03-07');
    expect(dateOf('2008-04-05')).toBe('2008-04-05');
    expect(dateOf('2008')).toBeNull();
    expect(dateOf(undefined)).toBeNull();
  });
});
