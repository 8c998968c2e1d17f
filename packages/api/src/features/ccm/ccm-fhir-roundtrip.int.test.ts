/**
 * FHIR export then import gives the same record (docs/ccm.md "FHIR", "Round trip"): a record with
 * every section the Bundle carries back (conditions, care plan with goals and its care team,
 * medication event of a prescription, allergy, vaccine, observations, lab panel, imaging study,
 * attachment, consent) is exported, imported into a fresh record of the same patient and read
 * back equal, section by section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccm, message } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { prescriptions } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);

/** Asserts a create call answered 201 and returns the new row's id. */
async function created(call: Promise<{ status: number; body: { id: number }; reply: { body: string } }>) {
  const res = await call;
  expect(res.status, res.reply.body).toBe(201);
  return res.body.id;
}
async function openRecord(recordDate: string) {
  return created(callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate } }));
}
/** The record's FHIR export as the a1 nurse reads it: the Bundle's JSON text. */
async function exportText(recordId: number) {
  const res = await callAs(f.nurseA1, ccm.exportCcmRecordFhir, { params: { id: recordId } });
  expect(res.status, res.reply.body).toBe(200);
  return res.reply.body;
}
async function importInto(recordId: number, content: string) {
  const boundary = '----vigilroundtrip';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bundle.json"\r\nContent-Type: application/fhir+json\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return callAs(f.nurseA1, ccm.importCcmRecordFhir, { params: { id: recordId }, payload, extraHeaders: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
/** The record's sections by group, as the a1 nurse reads them. */
async function sectionsOf(recordId: number) {
  return (await callAs(f.nurseA1, ccm.getCcmRecordById, { params: { id: recordId } })).body.sections as unknown as Record<string, Record<string, unknown>[]>;
}

/** The groups the Bundle carries back into a record (docs/ccm.md lists the others and why). */
const roundTripGroups = ['ccmconditions', 'ccmcareplan', 'ccmmedicationevent', 'ccmallergy', 'ccmvaccine', 'ccmobservation', 'ccmlab', 'ccmimaging', 'ccmattachment', 'ccmconsentform'];
/** A section's rows without what belongs to the row rather than to its content (ids, times, the record). */
function content(rows: Record<string, unknown>[]) {
  return rows
    .map(({ id: _id, ccmRecordId: _r, createdAt: _c, updatedAt: _u, createdBy: _b, patientId: _p, hospitalId: _h, history, ...rest }) => ({
      ...rest,
      ...(Array.isArray(history) ? { history: (history as { status: string }[]).map((h) => h.status) } : {}),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

let sourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
  sourceId = await openRecord('2026-01-05');
  const [rx] = await t.ctx.db.insert(prescriptions).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, medicationName: 'Metformin 500 mg tablet', dose: '500 mg', frequency: 'TWICE_DAILY' }).returning({ id: prescriptions.id });
  await created(callAs(f.nurseA1, ccm.createCcmCondition, { body: { ccmRecordId: sourceId, name: 'Type 2 diabetes mellitus without complications', icd10Code: 'E11.9', isPrimary: false, severity: 'MODERATE', onsetDate: '2019-04-01', historyStatus: 'STABLE', notes: 'Diet and metformin' } }));
  await created(callAs(f.nurseA1, ccm.createCcmCondition, { body: { ccmRecordId: sourceId, name: 'Essential (primary) hypertension', icd10Code: 'I10', isPrimary: false, severity: null, onsetDate: null, historyStatus: 'RESOLVED', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmCarePlan, { body: {
    ccmRecordId: sourceId,
    title: 'Comprehensive care plan 2026',
    planType: 'comprehensive',
    status: 'active',
    problemList: 'Type 2 diabetes (E11.9); hypertension <controlled> (I10)',
    expectedOutcome: 'Stable glucose & blood pressure at home',
    prognosis: 'Good with adherence',
    goals: [
      { description: 'HbA1c below 7 %', measure: 'HbA1c', target: '< 7 %', targetDate: '2026-12-31', status: 'IN_PROGRESS' },
      { description: 'Walk 30 minutes a day', measure: 'Minutes walked', target: '30 per day', targetDate: null, status: 'ACHIEVED' },
    ],
    symptomManagement: 'Check glucose before breakfast',
    interventions: [
      { description: 'Monthly CCM call', responsible: 'Nora Nurse, RN' },
      { description: 'Quarterly visit', responsible: 'Dr. Stone' },
    ],
    medicationManagement: 'Metformin twice daily',
    communityServices: 'Meals on Wheels',
    coordination: 'Endocrinology, Dr. Stone',
    reviewDate: '2026-06-30',
  } }));
  await created(callAs(f.nurseA1, ccm.createCcmMedicationEvent, { body: { ccmRecordId: sourceId, prescriptionId: rx!.id, eventType: 'STARTED', eventDate: '2026-01-02', frequency: 'TWICE_DAILY', notes: 'With meals' } }));
  await created(callAs(f.nurseA1, ccm.createCcmAllergy, { body: { ccmRecordId: sourceId, allergen: 'Penicillin', allergenCodeSystem: 'RXNORM', allergenCode: '7980', category: 'MEDICATION', reaction: 'Hives', severity: 'SEVERE', status: 'ACTIVE', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmVaccine, { body: { ccmRecordId: sourceId, cvxCode: '150', manufacturer: 'SEQ', lotNumber: 'AB123', administeredOn: '2025-10-01', site: 'LD', route: 'C28161', dose: null, status: 'COMPLETED', notes: 'No reaction' } }));
  await created(callAs(f.nurseA1, ccm.createCcmObservation, { body: { ccmRecordId: sourceId, category: 'social-history', loincCode: '72166-2', name: 'Tobacco smoking status', value: 'Former smoker', unit: '', observedOn: '2026-01-02', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmObservation, { body: { ccmRecordId: sourceId, category: 'exam', loincCode: '', name: 'Waist circumference', value: '102.5', unit: 'cm', observedOn: '2026-01-02', notes: 'Measured standing' } }));
  await created(callAs(f.nurseA1, ccm.createCcmImaging, { body: { ccmRecordId: sourceId, modality: 'DX', bodyPart: 'CHEST', studyDate: '2026-01-02', description: 'Chest X-ray, 2 views', findings: 'No acute process' } }));
  await created(callAs(f.nurseA1, ccm.createCcmLab, { body: { ccmRecordId: sourceId, panel: '24323-8', specimen: 'SER', testName: 'Potassium', loincCode: '2823-3', value: '4.1', unit: 'mmol/L', referenceRange: '3.5-5.1', interpretation: 'N', source: 'HOSPITAL', collectedOn: '2026-01-02', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmLab, { body: { ccmRecordId: sourceId, panel: '24323-8', specimen: 'SER', testName: 'Glucose', loincCode: '2345-7', value: 'see note', unit: null, referenceRange: '', interpretation: 'H', source: 'HOSPITAL', collectedOn: '2026-01-02', notes: 'Hemolysed sample' } }));
  await created(callAs(f.nurseA1, ccm.createCcmAttachment, { body: { ccmRecordId: sourceId, title: 'Discharge summary', documentType: '18842-5', documentDate: '2026-01-02', notes: '' } }));
  await created(callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ccmRecordId: sourceId, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: '2026-01-05', obtainedBy: 'Nora Nurse, RN', status: 'ACTIVE', notes: '' } }));
}, 120_000);
afterAll(async () => t?.close());

describe('FHIR round trip of a CCM record', () => {
  it('exports a filled record and imports it into a fresh record of the same patient: the same sections', async () => {
    const exported = await exportText(sourceId);
    const targetId = await openRecord('2026-01-20');
    const res = await importInto(targetId, exported);
    expect(res.status, res.reply.body).toBe(200);
    const result = res.body;
    expect(result.imported).toEqual({ ccmconditions: 2, ccmcareplan: 1, ccmmedicationevent: 1, ccmallergy: 1, ccmvaccine: 1, ccmobservation: 2, ccmlab: 2, ccmimaging: 1, ccmattachment: 1, ccmconsentform: 1 });
    expect(result.skipped).toEqual([]);
    expect(result.notMapped).toBe(1); // the Patient
    const source = await sectionsOf(sourceId);
    const target = await sectionsOf(targetId);
    for (const group of roundTripGroups) {
      expect(source[group]!.length, group).toBeGreaterThan(0);
      expect(content(target[group]!), group).toEqual(content(source[group]!));
    }
  });

  it('skips a medication whose prescription is not the patient\'s in this office, importing the rest', async () => {
    const exported = JSON.parse(await exportText(sourceId)) as { entry: { resource: Record<string, unknown> }[] };
    const med = exported.entry.findIndex((e) => e.resource.resourceType === 'MedicationRequest');
    exported.entry[med]!.resource.medicationCodeableConcept = { text: 'Lisinopril 10 mg tablet' };
    const targetId = await openRecord('2026-01-21');
    const res = await importInto(targetId, JSON.stringify(exported));
    expect(res.status, res.reply.body).toBe(200);
    const result = res.body;
    expect(result.imported.ccmmedicationevent).toBeUndefined();
    expect(result.imported.ccmcareplan).toBe(1);
    expect(result.skipped).toEqual([{ index: med, resourceType: 'MedicationRequest', reason: 'no prescription of the patient in this office names this medication' }]);
  });

  it('refuses the whole bundle when one care plan goal has a malformed date, naming the Goal entry', async () => {
    const exported = JSON.parse(await exportText(sourceId)) as { entry: { resource: Record<string, unknown> }[] };
    const goal = exported.entry.findIndex((e) => e.resource.resourceType === 'Goal' && JSON.stringify(e.resource).includes('dueDate'));
    (exported.entry[goal]!.resource.target as { dueDate: string }[])[0]!.dueDate = '31/12/2026';
    const targetId = await openRecord('2026-01-22');
    const res = await importInto(targetId, JSON.stringify(exported));
    expect(res.status).toBe(400);
    expect(res.msg).toBe(message('ccmFhirBadEntry', 'en', { index: goal, resourceType: 'Goal' }));
    const after = await sectionsOf(targetId);
    expect(Object.values(after).every((rows) => rows.length === 0)).toBe(true);
  });
});
