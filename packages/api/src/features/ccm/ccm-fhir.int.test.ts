/**
 * The CCM record as a FHIR R4 Bundle of US Core resources (docs/ccm.md "FHIR"): every subsection
 * filled, each resource valid against the R4 StructureDefinitions (test/fhir-r4.ts), references
 * resolving inside the Bundle; 404 for other offices and organizations (no permission, no export: the authorization matrix).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccm } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { fhirR4Validator } from '../../../test/fhir-r4';
import { patientDiagnoses, prescriptions } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let validate: (resource: unknown) => void;
let recordId: number;
type Who = { id: number };
const callAs = callerFor(() => t);

/** Asserts a create call answered 201 and returns the new row's id. */
async function created(call: Promise<{ status: number; body: { id: number }; reply: { body: string } }>) {
  const res = await call;
  expect(res.status, res.reply.body).toBe(201);
  return res.body.id;
}
/** The record's FHIR export as `who` asks for it (a Bundle, not an envelope). */
function exportFhir(who: Who, id = recordId) {
  return callAs(who, ccm.exportCcmRecordFhir, { params: { id } });
}

beforeAll(async () => {
  validate = await fhirR4Validator();
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
  recordId = await created(callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate: '2026-01-05' } }));
  const [dx] = await t.ctx.db.insert(patientDiagnoses).values({ patientId: f.patientA1.id, code: 'I10', description: 'Essential (primary) hypertension' }).returning({ id: patientDiagnoses.id });
  const [rx] = await t.ctx.db.insert(prescriptions).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, medicationName: 'Metformin 500 mg tablet', dose: '500 mg', frequency: 'TWICE_DAILY' }).returning({ id: prescriptions.id });
  await created(callAs(f.nurseA1, ccm.createCcmCondition, { body: { ccmRecordId: recordId, name: 'Type 2 diabetes mellitus without complications', icd10Code: 'E11.9', isPrimary: true, severity: 'MODERATE', onsetDate: '2019-04-01', historyStatus: 'STABLE', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmDiagnosis, { body: { ccmRecordId: recordId, diagnosisId: dx!.id, diagnosisType: 'CM', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmCarePlan, { body: {
    ccmRecordId: recordId,
    title: 'Comprehensive care plan 2026',
    planType: 'comprehensive',
    status: 'active',
    problemList: 'Type 2 diabetes (E11.9); hypertension (I10)',
    expectedOutcome: 'Stable glucose & blood pressure at home',
    prognosis: 'Good with adherence',
    goals: [
      { description: 'HbA1c below 7 %', measure: 'HbA1c', target: '< 7 %', targetDate: '2026-12-31', status: 'IN_PROGRESS' },
      { description: 'Blood pressure below 130/80', status: 'PROPOSED' },
    ],
    symptomManagement: 'Check glucose before breakfast',
    interventions: [{ description: 'Monthly CCM call', responsible: 'Nora Nurse, RN' }],
    medicationManagement: 'Metformin twice daily',
    communityServices: 'Meals on Wheels',
    coordination: 'Endocrinology, Dr. Stone',
    reviewDate: '2026-06-30',
  } }));
  await created(callAs(f.nurseA1, ccm.createCcmMedicationEvent, { body: { ccmRecordId: recordId, prescriptionId: rx!.id, eventType: 'DOSE_CHANGED', eventDate: '2026-01-02', frequency: 'TWICE_DAILY', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: recordId, vitalType: '85354-9', value: 142, value2: 91, unit: 'mm[Hg]', measuredAt: '2026-01-03T14:00:00.000Z', includeInMedicalNote: false, notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: recordId, vitalType: '29463-7', value: 81.5, value2: null, unit: 'kg', measuredAt: '2026-01-03T14:05:00.000Z', includeInMedicalNote: false, notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmObservation, { body: { ccmRecordId: recordId, category: 'social-history', loincCode: '72166-2', name: 'Tobacco smoking status', value: 'Former smoker', unit: '', observedOn: '2026-01-02', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmAllergy, { body: { ccmRecordId: recordId, allergen: 'Penicillin', allergenCodeSystem: 'TEXT', category: 'MEDICATION', reaction: 'Hives', severity: 'SEVERE', status: 'ACTIVE' } }));
  await created(callAs(f.nurseA1, ccm.createCcmVaccine, { body: { ccmRecordId: recordId, cvxCode: '150', manufacturer: 'SEQ', lotNumber: 'AB123', administeredOn: '2025-10-01', site: 'LD', route: 'C28161', dose: 'ANNUAL', status: 'COMPLETED', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmImaging, { body: { ccmRecordId: recordId, modality: 'DX', bodyPart: 'CHEST', studyDate: '2026-01-02', description: 'Chest X-ray, 2 views', findings: 'No acute process' } }));
  await created(callAs(f.nurseA1, ccm.createCcmLab, { body: { ccmRecordId: recordId, panel: '24323-8', specimen: 'SER', testName: 'Potassium', loincCode: '2823-3', value: '4.1', unit: 'mmol/L', referenceRange: '3.5-5.1', interpretation: 'N', source: 'HOSPITAL', collectedOn: '2026-01-02', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmLab, { body: { ccmRecordId: recordId, panel: '24323-8', specimen: 'SER', testName: 'Glucose', loincCode: '2345-7', value: 'see note', unit: null, referenceRange: '', interpretation: null, source: 'HOSPITAL', collectedOn: '2026-01-02', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmAttachment, { body: { ccmRecordId: recordId, title: 'Discharge summary', documentType: '18842-5', documentDate: '2026-01-02', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ccmRecordId: recordId, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: '2026-01-05', obtainedBy: 'Nora Nurse, RN', status: 'ACTIVE', notes: '' } }));
  const sdoh = await callAs(f.nurseA1, ccm.setCcmSocialDeterminants, { params: { id: recordId }, body: { codes: ['Z56.0'] } });
  expect(sdoh.status, sdoh.reply.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

type Entry = { fullUrl: string; resource: { resourceType: string; meta?: { profile?: string[] } } & Record<string, unknown> };

describe('GET ccmrecord/{id}/fhir', () => {
  it('exports every subsection as US Core resources, each valid FHIR R4, references resolving in the Bundle', async () => {
    const res = await exportFhir(f.doctorA1);
    expect(res.status, res.reply.body).toBe(200);
    expect(res.reply.headers['content-type']).toContain('application/fhir+json');
    const bundle = JSON.parse(res.reply.body) as { resourceType: string; type: string; entry: Entry[] };
    validate(bundle);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    for (const e of bundle.entry) { validate(e.resource); }
    const types = bundle.entry.map((e) => e.resource.resourceType);
    const count = (type: string) => types.filter((x) => x === type).length;
    expect(count('Patient')).toBe(1);
    expect(count('Condition')).toBe(3); // a CCM condition, a diagnosis, a social determinant
    expect(count('CarePlan')).toBe(1);
    expect(count('Goal')).toBe(2);
    expect(count('CareTeam')).toBe(1);
    expect(count('MedicationRequest')).toBe(1);
    expect(count('AllergyIntolerance')).toBe(1);
    expect(count('Immunization')).toBe(1);
    expect(count('Observation')).toBe(5); // observation, 2 vitals, 2 labs
    expect(count('DiagnosticReport')).toBe(2); // the imaging study and the lab panel
    expect(count('DocumentReference')).toBe(1);
    expect(count('Consent')).toBe(1);
    // Every reference names an entry of the Bundle.
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    const refs = JSON.stringify(bundle).match(/"reference":"([^"]+)"/g)!.map((m) => m.slice(13, -1));
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) { expect(urls.has(ref), ref).toBe(true); }
    // Standard codes are kept.
    const of = (type: string) => bundle.entry.filter((e) => e.resource.resourceType === type).map((e) => e.resource);
    expect(JSON.stringify(of('Condition'))).toContain('"system":"http://hl7.org/fhir/sid/icd-10-cm","code":"E11.9"');
    expect(of('Immunization')[0]).toMatchObject({ vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '150' }] }, status: 'completed', occurrenceDateTime: '2025-10-01' });
    const bp = of('Observation').find((o) => JSON.stringify(o.code).includes('85354-9'))!;
    expect(bp.component).toEqual([
      expect.objectContaining({ valueQuantity: { value: 142, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' } }),
      expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 91 }) }),
    ]);
    expect(of('CarePlan')[0]!.goal).toHaveLength(2);
    expect((of('CarePlan')[0]!.text as { div: string }).div).toContain('Stable glucose &amp; blood pressure');
    expect(of('Consent')[0]).toMatchObject({ status: 'active', dateTime: '2026-01-05' });
    expect(of('Patient')[0]!.meta!.profile).toEqual(['http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient']);
  });

  it('exports the same ids twice (stable urn:uuid from the record and rows)', async () => {
    const a = JSON.parse((await exportFhir(f.nurseA1)).reply.body) as { entry: Entry[] };
    const b = JSON.parse((await exportFhir(f.nurseA1)).reply.body) as { entry: Entry[] };
    expect(a.entry.map((e) => e.fullUrl)).toEqual(b.entry.map((e) => e.fullUrl));
    expect(new Set(a.entry.map((e) => e.fullUrl)).size).toBe(a.entry.length);
  });

  it('answers 404 to another office and another organization and to an unknown record', async () => {
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) { expect((await exportFhir(who)).status).toBe(404); }
    expect((await exportFhir(f.nurseA1, 999999)).status).toBe(404);
  });
});
