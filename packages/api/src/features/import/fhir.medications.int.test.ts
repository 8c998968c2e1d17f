import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { Role, prescriptions as prescriptionsApi } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { createTestApp, createUser, type TestApp } from '../../../test/setup';
import { drugProducts, prescriptions, users } from '../../db/schema/index';
import { RXNORM_SYSTEM } from './fhir.medications';
import { importFhir } from './import.service';

// MedicationRequests become prescriptions (fhir.medications.ts): RxNorm-coded ones name the loaded
// product (the tests' fixture of the default drug data set carries the demo's metformin, 860975),
// others keep their text; a referenced Medication gives its code; entered-in-error is skipped; a
// second import changes nothing.

const NPI = 'http://hl7.org/fhir/sid/us-npi';
const rx = (code: string, display: string) => ({ coding: [{ system: RXNORM_SYSTEM, code, display }], text: display });
const request = (id: string, medication: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  fullUrl: `urn:uuid:${id}`,
  resource: {
    resourceType: 'MedicationRequest',
    id,
    status: 'active',
    intent: 'order',
    ...medication,
    subject: { reference: 'urn:uuid:pat-1' },
    authoredOn: '2024-02-11T21:34:03-05:00',
    requester: { reference: `Practitioner?identifier=${NPI}|9999978395`, display: 'Dr. Anthony633 Toy286' },
    ...extra,
  },
});
const bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    { fullUrl: 'urn:uuid:org-1', resource: { resourceType: 'Organization', id: 'org-1', name: 'Medication Clinic' } },
    { fullUrl: 'urn:uuid:loc-1', resource: { resourceType: 'Location', id: 'loc-1', name: 'Medication Clinic Main', managingOrganization: { reference: 'urn:uuid:org-1' } } },
    { fullUrl: 'urn:uuid:prac-1', resource: { resourceType: 'Practitioner', id: 'prac-1', identifier: [{ system: NPI, value: '9999978395' }], name: [{ family: 'Toy', given: ['Anthony'] }] } },
    { fullUrl: 'urn:uuid:role-1', resource: { resourceType: 'PractitionerRole', id: 'role-1', practitioner: { reference: 'urn:uuid:prac-1' }, location: [{ reference: 'urn:uuid:loc-1' }] } },
    { fullUrl: 'urn:uuid:pat-1', resource: { resourceType: 'Patient', id: 'pat-1', name: [{ family: 'Heaney', given: ['Jennie'] }], gender: 'female', birthDate: '1950-01-01' } },
    { fullUrl: 'urn:uuid:med-1', resource: { resourceType: 'Medication', id: 'med-1', code: rx('206905', 'Ibuprofen 400 MG Oral Tablet [Ibu]') } },
    request('mr-known', { medicationCodeableConcept: rx('860975', '24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet') }),
    request('mr-unknown', { medicationCodeableConcept: rx('897122', '3 ML liraglutide 6 MG/ML Pen Injector') }, { status: 'stopped' }),
    request('mr-referenced', { medicationReference: { reference: 'urn:uuid:med-1' } }, {
      dosageInstruction: [{ text: 'Take as needed.', timing: { repeat: { frequency: 1, period: 6, periodUnit: 'h' } }, doseAndRate: [{ doseQuantity: { value: 1 } }] }],
    }),
    request('mr-error', { medicationCodeableConcept: rx('860975', 'Metformin') }, { status: 'entered-in-error' }),
  ],
};

let t: TestApp;
const callAs = callerFor(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('importing MedicationRequest resources', () => {
  it('writes the patient\'s medication list: coded to a product when one is loaded, else kept with its text', async () => {
    const report = await importFhir(t.ctx, bundle);
    expect(report.counts.error).toBe(0);
    expect(report.byType.MedicationRequest).toMatchObject({ created: 3, skipped: 1 });
    expect(report.byType.Medication).toMatchObject({ merged: 1 });
    expect(report.records.find((r) => r.id === 'mr-error')).toMatchObject({ status: 'skipped', reason: 'status entered-in-error: not a prescription' });

    const [patient] = await t.ctx.db.select().from(users).where(eq(users.roleId, Role.PATIENT));
    const [doctor] = await t.ctx.db.select().from(users).where(eq(users.roleId, Role.DOCTOR));
    const rows = await t.ctx.db.select().from(prescriptions).orderBy(asc(prescriptions.externalRef));
    const [metforminProduct] = await t.ctx.db.select().from(drugProducts).where(eq(drugProducts.rxcui, '860975'));
    const [ibuProduct] = await t.ctx.db.select().from(drugProducts).where(eq(drugProducts.rxcui, '206905'));
    expect(rows.map((r) => r.externalRef)).toEqual(['MedicationRequest/mr-known', 'MedicationRequest/mr-referenced', 'MedicationRequest/mr-unknown']);
    const [known, referenced, unknown] = rows;
    expect(known).toMatchObject({
      patientId: patient!.id,
      drugProductId: metforminProduct!.id,
      medicationName: 'metformin hydrochloride 500 mg tablet, extended release',
      rxcui: '860975',
      ingredientKeys: ['metformin'],
      route: 'ORAL',
      status: 'ACTIVE',
      startDate: '2024-02-11',
      prescriberId: doctor!.id,
      source: 'fhir',
    });
    expect(referenced).toMatchObject({ drugProductId: ibuProduct!.id, rxcui: '206905', dose: '1', frequency: 'FOUR_TIMES_DAILY', instructions: 'Take as needed.', status: 'ACTIVE' });
    expect(unknown).toMatchObject({ drugProductId: null, medicationName: '3 ML liraglutide 6 MG/ML Pen Injector', rxcui: '897122', ingredientKeys: [], status: 'STOPPED' });

    // Staff of the patient's office see it through the API.
    const nurse = await createUser(t, { role: Role.NURSE, organizationId: patient!.organizationId, offices: [known!.hospitalId] });
    const res = await callAs(nurse, prescriptionsApi.getPrescriptionListForPatient, { headers: { patientid: patient!.id }, query: { filter: 'all' } });
    expect(res.body.items.map((i) => i.medicationName)).toContain('metformin hydrochloride 500 mg tablet, extended release');
  });

  it('changes nothing on a second import', async () => {
    const before = await t.ctx.db.select().from(prescriptions).orderBy(asc(prescriptions.id));
    const again = await importFhir(t.ctx, bundle);
    expect(again.byType.MedicationRequest).toMatchObject({ created: 0, updated: 0, unchanged: 3, skipped: 1 });
    expect(await t.ctx.db.select().from(prescriptions).orderBy(asc(prescriptions.id))).toEqual(before);
  });
});
