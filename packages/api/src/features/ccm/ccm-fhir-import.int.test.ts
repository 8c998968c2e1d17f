/**
 * The FHIR import into a CCM record (docs/ccm.md "FHIR"): a Synthea patient bundle fills the
 * record; a bundle with one bad resource imports nothing (one transaction); tenancy and permission.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ccm, message } from '@vigil/contract';
import { callerFor, type CallUser } from '../../../test/call-as';
import { repoRoot } from '../../config/index';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { ccmAllergies, ccmAttachments, ccmConditions, ccmLabs, ccmMedicationEvents, ccmObservations, ccmVaccines, prescriptions } from '../../db/schema/index';

const shared = path.resolve(repoRoot, '../shared/data/synthea-r4/fhir');
const syntheaDir = fs.existsSync(shared) ? shared : path.join(repoRoot, 'demo-data/synthea-r4/fhir');
const SYNTHEA = path.join(syntheaDir, 'Christeen33_Beier427_edcd074e-b20a-2826-ff28-4677579314b1.json');

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);

function multipart(filename: string, content: Buffer) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/fhir+json\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function importInto(recordId: number, who: CallUser, content: Buffer, lang: 'en' | 'es' = 'en') {
  const m = multipart('bundle.json', content);
  return callAs(who, ccm.importCcmRecordFhir, { params: { id: recordId }, payload: m.payload, extraHeaders: m.headers, lang });
}
async function openRecord(recordDate: string) {
  const res = await callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body.id;
}
async function rowsOf(recordId: number) {
  const count = async (table: typeof ccmConditions | typeof ccmAllergies | typeof ccmVaccines | typeof ccmObservations | typeof ccmAttachments | typeof ccmLabs) => (await t.ctx.db.select({ id: table.id }).from(table).where(eq(table.ccmRecordId, recordId))).length;
  return { conditions: await count(ccmConditions), allergies: await count(ccmAllergies), vaccines: await count(ccmVaccines), observations: await count(ccmObservations), attachments: await count(ccmAttachments), labs: await count(ccmLabs) };
}
const nothing = { conditions: 0, allergies: 0, vaccines: 0, observations: 0, attachments: 0, labs: 0 };

/** A small bundle of every mapped type, in the CCM lists. */
function smallBundle() {
  const patient = { reference: 'urn:uuid:p1' };
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'Patient', id: 'p1' } },
      { resource: { resourceType: 'Condition', clinicalStatus: { coding: [{ code: 'active' }] }, code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.9', display: 'Type 2 diabetes mellitus without complications' }] }, subject: patient, onsetDateTime: '2019-04-01' } },
      { resource: { resourceType: 'AllergyIntolerance', code: { text: 'Peanut' }, category: ['food'], criticality: 'high', patient } },
      { resource: { resourceType: 'Immunization', status: 'completed', vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '150' }] }, patient, occurrenceDateTime: '2025-10-01T10:00:00-04:00' } },
      { resource: { resourceType: 'Immunization', status: 'completed', vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '52' }] }, patient, occurrenceDateTime: '2022-09-20' } },
      { resource: { resourceType: 'Observation', status: 'final', category: [{ coding: [{ code: 'laboratory' }] }], code: { coding: [{ system: 'http://loinc.org', code: '4548-4', display: 'Hemoglobin A1c' }] }, subject: patient, effectiveDateTime: '2025-12-01', valueQuantity: { value: 7.9, unit: '%' } } },
      { resource: { resourceType: 'DocumentReference', status: 'current', type: { coding: [{ system: 'http://loinc.org', code: '18842-5' }] }, description: 'Discharge summary', date: '2025-11-02T08:00:00Z', subject: patient, content: [] } },
      { resource: { resourceType: 'Encounter', status: 'finished' } },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
}, 60_000);
afterAll(async () => t?.close());

describe('POST ccmrecord/{id}/fhir', () => {
  it('fills a record from a Synthea patient bundle, in one go', async () => {
    const id = await openRecord('2026-01-05');
    // Two of the bundle's five MedicationRequests are the patient's prescriptions in this office:
    // one imported by the prescriptions' FHIR import (its external ref), one typed by hand (its name).
    await t.ctx.db.insert(prescriptions).values([
      { patientId: f.patientA1.id, hospitalId: f.a1.id, medicationName: 'Errin 28 Day Pack', source: 'fhir', externalRef: 'MedicationRequest/a1e2c406-6b3f-72cd-39d2-80e84d6dae64' },
      { patientId: f.patientA1.id, hospitalId: f.a1.id, medicationName: 'naproxen sodium 220 mg oral tablet' },
    ]);
    const res = await importInto(id, f.nurseA1, fs.readFileSync(SYNTHEA));
    expect(res.status, res.reply.body).toBe(200);
    const result = res.body;
    const stored = await rowsOf(id);
    expect(stored.conditions).toBe(20);
    expect(stored.conditions).toBe(result.imported.ccmconditions);
    expect(stored.observations).toBeGreaterThan(40);
    expect(stored.observations).toBe(result.imported.ccmobservation);
    // The results of the 3 basic metabolic (8 each), 2 lipid (4 each) and 2 CBC (11 each) panels are lab rows.
    expect(stored.labs).toBe(3 * 8 + 2 * 4 + 2 * 11);
    expect(result.imported.ccmlab).toBe(stored.labs);
    expect(result.imported.ccmmedicationevent).toBe(2);
    const events = await t.ctx.db.select().from(ccmMedicationEvents).where(eq(ccmMedicationEvents.ccmRecordId, id));
    expect(events.map((e) => [e.eventType, e.eventDate]).sort()).toEqual([['STOPPED', '2014-09-16'], ['STOPPED', '2015-02-25']]);
    const reasons = (type: string) => [...new Set(result.skipped.filter((s) => s.resourceType === type).map((s) => s.reason))];
    expect(reasons('MedicationRequest')).toEqual(['no prescription of the patient in this office names this medication']);
    // Synthea care plans name no expected outcome, prognosis, ...: skipped, nothing invented; their care teams with them.
    expect(result.skipped.filter((s) => s.resourceType === 'CarePlan')).toHaveLength(6);
    for (const reason of reasons('CarePlan')) { expect(reason).toMatch(/^the care plan lacks the CMS elements: (problem list, )?expected outcome, prognosis, symptom management, medication management, measurable goals/); }
    expect(reasons('CareTeam')).toEqual(['no imported care plan names this care team']);
    expect(result.notMapped).toBeGreaterThan(100); // Encounter, Claim, Procedure, ...
    // Each condition carries its course from clinicalStatus, with its first history entry.
    const record = (await callAs(f.doctorA1, ccm.getCcmRecordById, { params: { id } })).body;
    const conditions = record.sections.ccmconditions;
    expect(new Set(conditions.map((c) => c.historyStatus))).toEqual(new Set(['STABLE', 'RESOLVED']));
    expect(conditions.every((c) => c.history.length === 1 && c.name !== '')).toBe(true);
  });

  it('maps every supported type, skips codes outside the CCM lists and counts the rest as not mapped', async () => {
    const id = await openRecord('2026-01-06');
    const res = await importInto(id, f.nurseA1, Buffer.from(JSON.stringify(smallBundle())));
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toEqual({
      imported: { ccmconditions: 1, ccmallergy: 1, ccmvaccine: 1, ccmobservation: 1, ccmattachment: 1 },
      skipped: [{ index: 4, resourceType: 'Immunization', reason: 'CVX 52 is not in the CCM vaccine list' }],
      skippedCount: 1,
      notMapped: 2,
    });
    const [vaccine] = await t.ctx.db.select().from(ccmVaccines).where(eq(ccmVaccines.ccmRecordId, id));
    expect(vaccine).toMatchObject({ cvxCode: '150', administeredOn: '2025-10-01', status: 'COMPLETED' });
    const [condition] = await t.ctx.db.select().from(ccmConditions).where(eq(ccmConditions.ccmRecordId, id));
    expect(condition).toMatchObject({ icd10Code: 'E11.9', onsetDate: '2019-04-01', historyStatus: 'STABLE' });
  });

  it('imports nothing from a bundle with one bad resource (a malformed date; a date in the future), naming the entry in English and Spanish', async () => {
    const id = await openRecord('2026-01-07');
    const malformed = smallBundle();
    (malformed.entry[5]!.resource as Record<string, unknown>).effectiveDateTime = '12/01/2025';
    const res = await importInto(id, f.nurseA1, Buffer.from(JSON.stringify(malformed)), 'es');
    expect(res.status).toBe(400);
    expect(res.msg).toBe(message('ccmFhirBadEntry', 'es', { index: 5, resourceType: 'Observation' }));
    expect(await rowsOf(id)).toEqual(nothing);
    // A future date passes the mapping and fails inside the transaction, after rows were added: all rolled back.
    const future = smallBundle();
    (future.entry[6]!.resource as Record<string, unknown>).date = '2999-01-01';
    const late = await importInto(id, f.nurseA1, Buffer.from(JSON.stringify(future)));
    expect(late.status).toBe(400);
    expect(late.msg).toBe(message('ccmFhirBadEntry', 'en', { index: 6, resourceType: 'DocumentReference' }));
    expect(await rowsOf(id)).toEqual(nothing);
    // Not JSON, not a Bundle.
    for (const body of ['not json', JSON.stringify({ resourceType: 'Patient' })]) {
      const bad = await importInto(id, f.nurseA1, Buffer.from(body));
      expect(bad.status).toBe(400);
      expect(bad.msg).toBe(message('ccmFhirNotBundle', 'en'));
    }
    expect(await rowsOf(id)).toEqual(nothing);
  });

  it('answers 404 to another office and another organization and 403 to a patient, importing nothing', async () => {
    const id = await openRecord('2026-01-08');
    const body = Buffer.from(JSON.stringify(smallBundle()));
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) { expect((await importInto(id, who, body)).status).toBe(404); }
    expect((await importInto(id, f.patientA1, body)).status).toBe(403);
    expect(await rowsOf(id)).toEqual(nothing);
  });
});
