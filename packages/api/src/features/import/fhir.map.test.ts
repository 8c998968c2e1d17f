import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Role, UserStatus, usernameSchema } from '@vigil/contract';
import { repoRoot } from '../../config/index';
import {
  MappingError,
  classifyObservation,
  cleanName,
  countryCode,
  deriveUsername,
  languageOf,
  latestBodyMeasures,
  mapLocation,
  mapOrganization,
  mapPatient,
  mapPractitioner,
  parseReference,
  pickPhone,
  timeZoneForState,
  toCentimetres,
  toKilograms,
} from './fhir.map';
import {
  locationSchema,
  observationSchema,
  organizationSchema,
  patientSchema,
  practitionerRoleSchema,
  practitionerSchema,
  type FhirObservation,
} from './fhir.schemas';

// The shared data beside the repository, else the copies kept in test/fixtures (NOTICE.md there).
const sharedData = path.resolve(repoRoot, '../shared/data');
const data = fs.existsSync(path.join(sharedData, 'us-core-examples')) ? sharedData : path.join(repoRoot, 'packages/api/test/fixtures');
const usCore = (f: string) => JSON.parse(fs.readFileSync(path.join(data, 'us-core-examples', f), 'utf8')) as unknown;
const syntheaDir = fs.existsSync(path.join(sharedData, 'synthea-r4/fhir')) ? path.join(sharedData, 'synthea-r4/fhir') : path.join(repoRoot, 'demo-data/synthea-r4/fhir');
const BARNEY = 'Barney639_Cormier289_9808a1c3-5354-de5f-bfe5-7fdbd39bb426.json';

const observation = (code: string, value: number, unit: string, at = '2020-01-01T00:00:00Z', system = 'http://loinc.org'): FhirObservation =>
  observationSchema.parse({
    resourceType: 'Observation',
    id: `o-${code}-${value}`,
    status: 'final',
    code: { coding: [{ system, code }] },
    subject: { reference: 'Patient/p1' },
    effectiveDateTime: at,
    valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
  });

describe('names, places and codes', () => {
  it("strips Synthea's digits and normalises names to an initial capital per word", () => {
    expect(cleanName('Barney639')).toBe('Barney');
    expect(cleanName('mARY ann')).toBe('Mary Ann');
    expect(cleanName("O'Keefe54")).toBe("O'Keefe");
    expect(cleanName('123')).toBe('');
  });

  it('derives the time zone from the state: Massachusetts is America/New_York, unknown states default to it', () => {
    expect(timeZoneForState('MA')).toBe('America/New_York');
    expect(timeZoneForState('Massachusetts')).toBe('America/New_York');
    expect(timeZoneForState('OK')).toBe('America/Chicago');
    expect(timeZoneForState('CA')).toBe('America/Los_Angeles');
    expect(timeZoneForState('AZ')).toBe('America/Phoenix');
    expect(timeZoneForState(undefined)).toBe('America/New_York');
    expect(timeZoneForState('Nowhere')).toBe('America/New_York');
  });

  it('turns FHIR country text into ISO alpha-2', () => {
    expect(countryCode('USA')).toBe('US');
    expect(countryCode('us')).toBe('US');
    expect(countryCode('Mexico')).toBe('MX');
    expect(countryCode(undefined)).toBe('US');
  });

  it("stores phones in E.164, tries each part of Synthea's 'x Or y' and drops invalid 555 numbers", () => {
    expect(pickPhone([{ system: 'phone', value: '978-342-9781 Or 978-342-9781' }])).toBe('+19783429781');
    expect(pickPhone([{ system: 'phone', value: '(508) 660-3080' }])).toBe('+15086603080');
    expect(pickPhone([{ system: 'phone', value: '555-963-9875' }])).toBe('');
    expect(pickPhone([{ system: 'email', value: 'a@b.org' }])).toBe('');
  });

  it('maps the communication language: en -> ENG, es -> ESP, missing -> ENG', () => {
    expect(languageOf([{ language: { coding: [{ code: 'en-US' }] } }])).toBe('ENG');
    expect(languageOf([{ language: { coding: [{ code: 'es' }] } }])).toBe('ESP');
    expect(languageOf([{ language: { coding: [{ code: 'en' }] } }, { language: { coding: [{ code: 'es-MX' }] }, preferred: true }])).toBe('ESP');
    expect(languageOf(undefined)).toBe('ENG');
  });

  it('derives a deterministic username that the username rule accepts', () => {
    const a = deriveUsername('José', "O'Brien", 'Patient/abc');
    expect(a).toBe(deriveUsername('José', "O'Brien", 'Patient/abc'));
    expect(a).toMatch(/^jose\.obrien\.[0-9a-f]{6}$/);
    expect(usernameSchema.safeParse(a).success).toBe(true);
    expect(deriveUsername('José', "O'Brien", 'Patient/abd')).not.toBe(a);
  });

  it('parses literal, urn:uuid, conditional and identifier references', () => {
    const fullUrls = new Map([['urn:uuid:9808a1c3', { type: 'Patient', id: '9808a1c3' }]]);
    expect(parseReference({ reference: 'Organization/holy-healthcare' }, 'Organization', fullUrls)).toEqual({ type: 'Organization', id: 'holy-healthcare' });
    expect(parseReference({ reference: 'https://fhir.example.org/r4/Location/l1/_history/2' }, 'Location', fullUrls)).toEqual({ type: 'Location', id: 'l1' });
    expect(parseReference({ reference: 'urn:uuid:9808a1c3' }, 'Patient', fullUrls)).toEqual({ type: 'Patient', id: '9808a1c3' });
    expect(parseReference({ reference: 'Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|9999977397' }, 'Practitioner', fullUrls)).toEqual({
      type: 'Practitioner',
      system: 'http://hl7.org/fhir/sid/us-npi',
      value: '9999977397',
    });
    expect(parseReference({ identifier: { system: 's', value: 'v' } }, 'Organization', fullUrls)).toEqual({ type: 'Organization', system: 's', value: 'v' });
    expect(parseReference({ reference: 'Organization/x' }, 'Location', fullUrls)).toBeNull();
    expect(parseReference(undefined, 'Location', fullUrls)).toBeNull();
  });
});

describe('observations: body height (8302-2) and weight (29463-7)', () => {
  it('reads the US Core height and weight examples in cm and kg', () => {
    expect(classifyObservation(observationSchema.parse(usCore('vitals/height.json')))).toMatchObject({ kind: 'height', value: 111.51 });
    expect(classifyObservation(observationSchema.parse(usCore('vitals/weight.json')))).toMatchObject({ kind: 'weight', value: 20.09 });
    expect(classifyObservation(observationSchema.parse(usCore('vitals/heart-rate.json')))).toEqual({ kind: 'other' });
  });

  it('converts UCUM inches and pounds', () => {
    expect(toCentimetres(70, '[in_i]')).toBeCloseTo(177.8, 5);
    expect(toKilograms(200, '[lb_av]')).toBeCloseTo(90.718474, 5);
    expect(classifyObservation(observation('8302-2', 70, '[in_i]'))).toMatchObject({ kind: 'height', value: 177.8 });
    expect(classifyObservation(observation('29463-7', 200, '[lb_av]'))).toMatchObject({ kind: 'weight', value: 90.72 });
  });

  it('keeps the latest value of each measure', () => {
    const m = latestBodyMeasures([
      observation('8302-2', 150, 'cm', '2019-05-01T00:00:00Z'),
      observation('8302-2', 152.5, 'cm', '2023-05-01T00:00:00Z'),
      observation('8302-2', 151, 'cm', '2021-05-01T00:00:00Z'),
      observation('29463-7', 60, 'kg', '2023-05-01T00:00:00Z'),
    ]);
    expect(m).toEqual({ heightInCm: 152.5, weightInKg: 60 });
  });

  it('rejects OpenMRS concept ids filed under the LOINC system, unknown units and implausible values', () => {
    const fail = (o: FhirObservation) => {
      try {
        classifyObservation(o);
        return null;
      } catch (err) {
        expect(err).toBeInstanceOf(MappingError);
        return (err as MappingError).reason;
      }
    };
    expect(fail(observation('5089AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 80, 'kg'))).toMatch(/is not a LOINC code/);
    expect(fail(observation('8302-2', 170, 'furlong'))).toMatch(/not a UCUM length unit/);
    expect(fail(observation('8302-2', 400, 'cm'))).toMatch(/not plausible/);
    expect(fail(observation('29463-7', 0, 'kg'))).toMatch(/not plausible/);
  });
});

describe('resources', () => {
  it('maps the US Core patient: current name and address, Spanish, MRN, time zone of Oklahoma', () => {
    const m = mapPatient(patientSchema.parse(usCore('admin/patient-example.json')), []);
    expect(m.person).toMatchObject({
      firstName: 'Amy',
      lastName: 'Baxter',
      email: 'amy.shaw@example.com',
      phone: '',
      gender: '',
      birthdate: '1987-02-20',
      address: '183 MOUNTAIN VIEW ST',
      city: 'MOUNDS',
      state: 'OK',
      zip: '74048',
      country: 'US',
      userTimezone: 'America/Chicago',
    });
    expect(m.language).toBe('ESP');
    expect(m.status).toBe(UserStatus.ACTIVE);
    expect(m.metadata).toEqual({ heightInCm: null, weightInKg: null, medicalRegistrationNumber: '1032702', patientIdentifier: '1032702', ssn: '' });
  });

  it('marks a deceased patient as deceased', () => {
    expect(mapPatient(patientSchema.parse(usCore('admin/patient-deceased-example.json')), []).status).toBe(UserStatus.DECEASED);
  });

  it("maps Synthea's Barney639 Cormier289 with SSN, MRN and his latest height and weight", () => {
    const bundle = JSON.parse(fs.readFileSync(path.join(syntheaDir, BARNEY), 'utf8')) as { entry: { resource: { resourceType: string } }[] };
    const resources = bundle.entry.map((e) => e.resource);
    const patient = patientSchema.parse(resources.find((r) => r.resourceType === 'Patient'));
    const obs = resources.filter((r) => r.resourceType === 'Observation').map((r) => observationSchema.parse(r));
    const m = mapPatient(patient, obs);
    expect(m.person).toMatchObject({ firstName: 'Barney', lastName: 'Cormier', gender: 'male', birthdate: '1986-01-13', city: 'Boston', state: 'MA', phone: '' });
    expect(m.person.addressLatitude).toBeCloseTo(42.3136, 3);
    expect(m.language).toBe('ENG');
    expect(m.metadata).toEqual({
      heightInCm: 176.1,
      weightInKg: 90.4,
      medicalRegistrationNumber: '9808a1c3-5354-de5f-bfe5-7fdbd39bb426',
      patientIdentifier: '9808a1c3-5354-de5f-bfe5-7fdbd39bb426',
      ssn: '999-38-2615',
    });
  });

  it('rejects a patient without a name', () => {
    expect(patientSchema.safeParse({ resourceType: 'Patient', id: 'x' }).success).toBe(false);
    expect(() => mapPatient(patientSchema.parse({ resourceType: 'Patient', id: 'x', name: [{ family: 'Doe' }] }), [])).toThrow(MappingError);
  });

  it('maps organizations: E.164 contact phone, e-mail, ISO country', () => {
    expect(mapOrganization(organizationSchema.parse(usCore('admin/organization-acme-lab.json')))).toEqual({
      institutionName: 'Acme Labs',
      contactPhone: '+17346777777',
      contactEmail: 'hq@acme.org',
      address: '3300 WASHTENAW AVE STE 227',
      city: 'AMHERST',
      state: 'MA',
      zip: '01002',
      country: 'US',
      status: 1,
    });
    expect(mapOrganization(organizationSchema.parse(usCore('admin/organization-holy-healthcare.json'))).contactPhone).toBe('');
  });

  it('maps a Location to an office with the state time zone; a kind of location is not an office', () => {
    expect(mapLocation(locationSchema.parse(usCore('admin/location-hospital.json')))).toMatchObject({
      hospitalName: 'Holy Family Hospital',
      phone: '+19786870156',
      city: 'METHUEN',
      timeZone: 'America/New_York',
      status: 1,
    });
    expect(mapLocation(locationSchema.parse({ resourceType: 'Location', id: 'home', mode: 'kind', description: "Patient's Home" }))).toBeNull();
  });

  it('maps practitioners to doctors with their NPI, and to nurses when a role is nursing', () => {
    const p = practitionerSchema.parse(usCore('admin/practitioner-1.json'));
    const doctor = mapPractitioner(p, []);
    expect(doctor).toMatchObject({ roleId: Role.DOCTOR, npi: '9941339100', person: { firstName: 'Ronald', lastName: 'Bone', state: 'MA' } });
    const nursing = practitionerRoleSchema.parse({
      resourceType: 'PractitionerRole',
      id: 'r1',
      practitioner: { reference: 'Practitioner/practitioner-1' },
      code: [{ coding: [{ system: 'http://nucc.org/provider-taxonomy', code: '163W00000X', display: 'Registered Nurse' }] }],
    });
    const nurse = mapPractitioner(p, [nursing]);
    expect(nurse.roleId).toBe(Role.NURSE);
    expect(nurse.specialty).toEqual({ system: 'http://nucc.org/provider-taxonomy', code: '163W00000X', display: 'Registered Nurse' });
    const gp = practitionerRoleSchema.parse({
      resourceType: 'PractitionerRole',
      id: 'r2',
      practitioner: { reference: 'Practitioner/practitioner-1' },
      specialty: [{ coding: [{ system: 'http://nucc.org/provider-taxonomy', code: '208D00000X', display: 'General Practice Physician' }] }],
    });
    expect(mapPractitioner(p, [gp]).roleId).toBe(Role.DOCTOR);
    // CMS NPI check digit (Luhn over 80840 + the first nine digits): a mistyped NPI refuses the record.
    const typo = { ...p, identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '9941339101' }] };
    expect(() => mapPractitioner(typo, [])).toThrow('identifier: NPI 9941339101 fails the CMS check digit');
  });
});
