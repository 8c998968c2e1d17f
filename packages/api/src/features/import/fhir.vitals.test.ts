import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config/index';
import { MappingError } from './fhir.map';
import { observationSchema, type FhirObservation } from './fhir.schemas';
import { countingCode, instantOf, mapVitalObservation } from './fhir.vitals';

// The shared data beside the repository, else the copies kept in test/fixtures (NOTICE.md there).
const sharedData = path.resolve(repoRoot, '../shared/data');
const data = fs.existsSync(path.join(sharedData, 'us-core-examples')) ? sharedData : path.join(repoRoot, 'packages/api/test/fixtures');
const usCore = (f: string) => observationSchema.parse(JSON.parse(fs.readFileSync(path.join(data, 'us-core-examples/vitals', f), 'utf8')));

const obs = (id: string, code: string, value: number | undefined, unit: string, at = '2024-03-01T09:15:00-05:00', extra: Record<string, unknown> = {}): FhirObservation =>
  observationSchema.parse({
    resourceType: 'Observation',
    id,
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code }] },
    subject: { reference: 'Patient/p1' },
    effectiveDateTime: at,
    ...(value === undefined ? {} : { valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit } }),
    ...extra,
  });
const component = (code: string, value: number, unit = 'mm[Hg]') => ({ code: { coding: [{ system: 'http://loinc.org', code }] }, valueQuantity: { value, code: unit } });
const bpPanel = (id: string, sys: number, dia: number, at?: string, code = '85354-9') =>
  obs(id, code, undefined, '', at, { component: [component('8480-6', sys), component('8462-4', dia)] });

const fail = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(MappingError);
    return (err as MappingError).reason;
  }
  return null;
};

describe('mapVitalObservation: US Core vital signs to measurements', () => {
  it('maps the US Core examples: blood pressure, SpO2 (2708-6 + 59408-5), serum glucose 2345-7, temperature', () => {
    expect(mapVitalObservation(usCore('blood-pressure.json'))).toEqual({
      kind: 'measurement',
      deviceType: 'BLOOD_PRESSURE',
      values: { '8480-6': 109, '8462-4': 44 },
      measuredAt: new Date('1999-07-02T00:00:00Z'),
      measuredAtOffset: '+00:00',
    });
    expect(mapVitalObservation(usCore('oxygen-saturation.json'))).toMatchObject({ kind: 'measurement', deviceType: 'SPO2', values: { '59408-5': 99 } });
    expect(mapVitalObservation(usCore('observation-serum-glucose.json'))).toMatchObject({ kind: 'measurement', deviceType: 'GLUCOSE', values: { '2339-0': 76 } });
    expect(mapVitalObservation(usCore('temperature.json'))).toMatchObject({ kind: 'measurement', deviceType: 'TEMPERATURE', values: { '8310-5': 36.56 } });
  });

  it('merges height into the metadata and counts BMI, respiratory rate, a lone heart rate and the average blood pressure by code', () => {
    expect(mapVitalObservation(usCore('height.json'))).toEqual({ kind: 'merged' });
    expect(mapVitalObservation(usCore('bmi.json'))).toEqual({ kind: 'unmapped', code: '39156-5' });
    expect(mapVitalObservation(usCore('respiratory-rate.json'))).toEqual({ kind: 'unmapped', code: '9279-1' });
    expect(mapVitalObservation(usCore('heart-rate.json'))).toEqual({ kind: 'unmapped', code: '8867-4' });
    expect(mapVitalObservation(usCore('Observation-average-blood-pressure.json'))).toEqual({ kind: 'unmapped', code: '96607-7' });
  });

  it('takes the pulse of a heart-rate Observation of the same time into the blood pressure, and merges that heart rate', () => {
    const bp = bpPanel('bp1', 150, 95);
    const hr = obs('hr1', '8867-4', 88, '/min');
    const other = obs('hr2', '8867-4', 60, '/min', '2024-03-02T09:15:00-05:00');
    expect(mapVitalObservation(bp, [bp, hr, other])).toEqual({
      kind: 'measurement',
      deviceType: 'BLOOD_PRESSURE',
      values: { '8480-6': 150, '8462-4': 95, '8867-4': 88 },
      measuredAt: new Date('2024-03-01T14:15:00Z'),
      measuredAtOffset: '-05:00',
    });
    expect(mapVitalObservation(hr, [bp, hr, other])).toEqual({ kind: 'merged' });
    expect(mapVitalObservation(other, [bp, hr, other])).toEqual({ kind: 'unmapped', code: '8867-4' });
  });

  it('maps the 55284-4 panel, weight in pounds and glucose in mmol/L to canonical units', () => {
    expect(mapVitalObservation(bpPanel('bp2', 120, 80, undefined, '55284-4'))).toMatchObject({ deviceType: 'BLOOD_PRESSURE', values: { '8480-6': 120, '8462-4': 80 } });
    expect(mapVitalObservation(obs('w', '29463-7', 200, '[lb_av]'))).toMatchObject({ deviceType: 'WEIGHT', values: { '29463-7': 90.72 } });
    expect(mapVitalObservation(obs('g', '2339-0', 7, 'mmol/L'))).toMatchObject({ deviceType: 'GLUCOSE', values: { '2339-0': 126.11 } });
  });

  it('fails a blood pressure without its diastolic, a value in a wrong unit, an impossible value and a reading without a time', () => {
    expect(fail(() => mapVitalObservation(obs('bp3', '85354-9', undefined, '', undefined, { component: [component('8480-6', 120)] })))).toBe(
      'component: a blood pressure needs systolic 8480-6 and diastolic 8462-4',
    );
    expect(fail(() => mapVitalObservation(obs('s', '59408-5', 97, '%O2')))).toBe("valueQuantity: '%O2' is not a UCUM unit of 59408-5 (%)");
    expect(fail(() => mapVitalObservation(obs('s2', '59408-5', 101, '%')))).toBe('valueQuantity: 59408-5 outside the plausible range 50-100 %');
    expect(fail(() => mapVitalObservation(obs('t', '8310-5', 37, 'Cel', '')))).toBe('effectiveDateTime: a measurement needs the time it was taken');
  });

  it('skips Observations entered in error', () => {
    expect(mapVitalObservation(obs('e', '29463-7', 70, 'kg', undefined, { status: 'entered-in-error' }))).toEqual({ kind: 'skipped', reason: 'status entered-in-error: not imported' });
  });
});

describe('helpers', () => {
  it('reads FHIR dateTimes with their offset; a day alone is UTC midnight; a month alone is refused', () => {
    expect(instantOf('2024-03-01T09:15:00+05:30')).toEqual({ at: new Date('2024-03-01T03:45:00Z'), offset: '+05:30' });
    expect(instantOf('2024-03-01')).toEqual({ at: new Date('2024-03-01T00:00:00Z'), offset: '+00:00' });
    expect(fail(() => instantOf('2024-03'))).toMatch(/^effectiveDateTime: not a date and time/);
  });

  it('counts a code of another system as system|code', () => {
    expect(countingCode({ code: { coding: [{ system: 'http://snomed.info/sct', code: '271649006' }] } })).toBe('http://snomed.info/sct|271649006');
    expect(countingCode({ code: { text: 'free text' } })).toBe('no code');
  });
});
