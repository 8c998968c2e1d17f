import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, prescriptions as prescriptionsApi } from '@vigil/contract';
import { repoRoot } from '../../config/index';
import { callerFor, invalid, type CallInput, type CallQuery, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { drugProducts, prescriptions } from '../../db/schema/index';

// Prescriptions (spec section 7 "Diagnosis and prescriptions", section 8 "Prescriptions"): every
// endpoint with its success, validation, permission and other-tenant cases, and the drug-product
// import. The app loads the test fixture of the default drug data set (default-drugs.ts).

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let doctorA1b: { id: number };
let inactiveDoctorA1: { id: number };

const callAs = callerFor(() => t);

async function productId(sourceKey: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: drugProducts.id }).from(drugProducts).where(eq(drugProducts.sourceKey, sourceKey));
  return row!.id;
}

let metformin500: number;
let metformin1000: number;
let lisinopril10: number;
type PrescriptionBody = NonNullable<CallInput<typeof prescriptionsApi.createPrescription>['body']>;
const form = (over: Partial<PrescriptionBody> = {}): PrescriptionBody => ({
  patientId: f.patientA1.id,
  drugProductId: metformin500,
  dose: '500 mg',
  frequency: 'TWICE_DAILY',
  route: 'ORAL',
  startDate: '2025-03-01',
  endDate: null,
  prescriberId: f.doctorA1.id,
  status: 'ACTIVE',
  instructions: 'With meals',
  ...over,
});
const fields = (body: PrescriptionBody) => {
  const { patientId: _p, hospitalId: _h, ...rest } = body;
  return rest;
};

interface PrescriptionView {
  id: number;
  patientId: number;
  hospitalId: number;
  drugProductId: number | null;
  medicationName: string;
  status: string;
  duplicateWarning: { ingredients: string[]; prescriptions: { id: number; medicationName: string }[] } | null;
  [k: string]: unknown;
}
async function create(over: Partial<PrescriptionBody> = {}, who: CallUser = f.doctorA1) {
  const res = await callAs(who, prescriptionsApi.createPrescription, { body: form(over) });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}
const list = (patientId: number, who: CallUser, query: CallQuery<typeof prescriptionsApi.getPrescriptionListForPatient> = {}) =>
  callAs(who, prescriptionsApi.getPrescriptionListForPatient, { headers: { patientid: patientId }, query });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  doctorA1b = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id] });
  inactiveDoctorA1 = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id], status: 0 });
  metformin500 = await productId('metformin-500');
  metformin1000 = await productId('metformin-1000');
  lisinopril10 = await productId('lisinopril-10');
});
afterAll(async () => t.close());

describe('POST patientprescription', () => {
  it('adds a prescription of the selected product for a patient of the office, with its name, ingredients and prescriber', async () => {
    const p = await create({ patientId: f.patientA2.id, drugProductId: lisinopril10, dose: '10 mg', frequency: 'ONCE_DAILY', prescriberId: f.doctorA2.id }, f.doctorA2);
    expect(p).toBeDefined();
    const mine = await create({ prescriberId: doctorA1b.id }, f.nurseA1);
    expect(mine).toMatchObject({
      patientId: f.patientA1.id,
      hospitalId: f.a1.id,
      drugProductId: metformin500,
      medicationName: 'metformin hydrochloride 500 mg tablet, film coated',
      activeIngredients: [{ name: 'METFORMIN HYDROCHLORIDE', strength: '500 mg/1' }],
      dose: '500 mg',
      frequency: 'TWICE_DAILY',
      route: 'ORAL',
      startDate: '2025-03-01',
      endDate: null,
      prescriberId: doctorA1b.id,
      status: 'ACTIVE',
      instructions: 'With meals',
      source: 'manual',
      createdBy: f.nurseA1.id,
      duplicateWarning: null,
    });
    expect(mine.prescriberName).toMatch(/^Test User/);
    const [row] = await t.ctx.db.select().from(prescriptions).where(eq(prescriptions.id, mine.id));
    expect(row!.ingredientKeys).toEqual(['metformin']);
  });

  it('answers a duplicate warning for a second active prescription of the same ingredient, and not for another ingredient', async () => {
    const first = (await list(f.patientA1.id, f.doctorA1)).body.items[0] as PrescriptionView;
    const second = await create({ drugProductId: metformin1000, dose: '1000 mg', frequency: 'ONCE_DAILY' });
    expect(second.duplicateWarning).toEqual({ ingredients: ['metformin'], prescriptions: [{ id: first.id, medicationName: first.medicationName }] });
    const other = await create({ drugProductId: lisinopril10, dose: '10 mg' });
    expect(other.duplicateWarning).toBeNull();
    // The list shows it on both metformin rows.
    const items = (await list(f.patientA1.id, f.doctorA1)).body.items as PrescriptionView[];
    expect(items.filter((i) => i.duplicateWarning !== null).map((i) => i.id).sort()).toEqual([first.id, second.id].sort());
    // A stopped one warns about nothing and is not warned about.
    const stopped = await create({ drugProductId: metformin1000, status: 'STOPPED', endDate: '2025-04-01' });
    expect(stopped.duplicateWarning).toBeNull();
    expect((await callAs(f.doctorA1, prescriptionsApi.getPrescription, { params: { id: second.id } })).body.duplicateWarning!.prescriptions).toHaveLength(1);
  });

  it('refuses each missing field with the form message, and a selected product is required', async () => {
    const res = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: invalid({ patientId: f.patientA1.id }) });
    expect(res.status).toBe(400);
    const errors = res.errors as Record<string, string>;
    for (const field of ['drugProductId', 'dose', 'frequency', 'route', 'startDate', 'prescriberId', 'status']) { expect(errors[field], field).toBe('This field is required'); }
    expect(errors.endDate).toBeUndefined();
    expect(errors.instructions).toBeUndefined();
  });

  it('refuses an end before the start, a frequency not of the spec, an over-long dose', async () => {
    const res = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ startDate: '2025-03-02', endDate: '2025-03-01', frequency: invalid('HOURLY'), dose: 'x'.repeat(101) }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ frequency: 'This field needs to be formatted', dose: 'This field must be 100 characters or less' });
    const end = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ startDate: '2025-03-02', endDate: '2025-03-01' }) });
    expect(end.errors).toEqual({ endDate: 'The end date cannot be before the start date' });
    const es = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ startDate: '2025-03-02', endDate: '2025-03-01' }), lang: 'es' });
    expect(es.errors).toEqual({ endDate: 'La fecha de fin no puede ser anterior a la de inicio' });
    // The same day is allowed (a one-day course).
    await create({ startDate: '2025-05-01', endDate: '2025-05-01', status: 'COMPLETED' });
  });

  it('refuses a prescriber who is not an active doctor of the office, a route the product lacks, an unknown product', async () => {
    for (const [prescriberId, why] of [
      [f.nurseA1.id, 'a nurse'],
      [inactiveDoctorA1.id, 'an inactive doctor'],
    ] as const) {
      const res = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ prescriberId }) });
      expect(res.status, why).toBe(400);
      expect(res.reply.json(), why).toMatchObject({ msg: 'Error adding prescription', errors: { prescriberId: "The prescriber must be an active doctor of the patient's office" } });
    }
    // A doctor outside the caller's offices (another office's, another organization's) reads as not found (docs/first-day.md).
    for (const [prescriberId, why] of [
      [f.doctorA2.id, 'a doctor of another office'],
      [f.doctorB1.id, 'a doctor of another organization'],
    ] as const) {
      const res = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ prescriberId }) });
      expect(res.status, why).toBe(404);
    }
    const route = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ route: 'INTRAVENOUS' }) });
    expect(route.reply.json()).toMatchObject({ msg: 'Error adding prescription', errors: { route: "This route is not one of the product's routes" } });
    const product = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ drugProductId: 999_999 }) });
    expect(product.status).toBe(400);
    expect(product.reply.json()).toMatchObject({ msg: 'Error adding prescription', errors: { drugProductId: 'Invalid id' } });
  });

  it('answers 404 "Error adding prescription" for a patient of another office or organization, and in Spanish', async () => {
    for (const patient of [f.patientA2, f.patientB1, f.doctorA1]) {
      const res = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ patientId: patient.id }) });
      expect(res.status).toBe(404);
      expect(res.msg).toBe('Error adding prescription');
    }
    const es = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: form({ patientId: f.patientB1.id }), lang: 'es' });
    expect(es.msg).toBe('Error al añadir la receta');
    const office = await callAs(f.doctorA1, prescriptionsApi.createPrescription, { body: { ...form(), hospitalId: f.a2.id } });
    expect(office.status).toBe(404);
    const notAssigned = await callAs(f.orgAdminA, prescriptionsApi.createPrescription, { body: { ...form(), hospitalId: f.a2.id } });
    expect(notAssigned.status).toBe(400);
    expect(notAssigned.errors).toEqual({ hospitalId: 'Invalid id' });
  });

});

describe('GET patientprescription/getprescriptionlistforpatient', () => {
  it('lists the active ones by default and every status with filter=all, paged and sorted', async () => {
    const active = (await list(f.patientA1.id, f.nurseA1)).body;
    expect(active.items.every((i: PrescriptionView) => i.status === 'ACTIVE')).toBe(true);
    const all = (await list(f.patientA1.id, f.nurseA1, { filter: 'all', pageSize: 200 })).body;
    expect(all.total).toBeGreaterThan(active.total);
    expect(all.items.map((i: PrescriptionView) => i.status)).toContain('STOPPED');
    const byName = (await list(f.patientA1.id, f.nurseA1, { filter: 'all', sort: 'medicationName', pageSize: 2, page: 1 })).body;
    expect(byName.items).toHaveLength(2);
    expect(byName.pageSize).toBe(2);
    const names = byName.items.map((i: PrescriptionView) => i.medicationName);
    expect([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(names);
    expect((await list(f.patientA1.id, f.nurseA1, { sort: invalid('dose') })).status).toBe(400);
    expect((await list(f.patientA1.id, f.nurseA1, { filter: invalid('some') })).status).toBe(400);
  });

  it('is the same list for the office admin and the organization admin; 404 "Error getting prescriptions" for other tenants', async () => {
    const nurse = (await list(f.patientA1.id, f.nurseA1)).body.total;
    expect((await list(f.patientA1.id, f.officeAdminA1)).body.total).toBe(nurse);
    expect((await list(f.patientA1.id, f.orgAdminA)).body.total).toBe(nurse);
    for (const who of [f.doctorA2, f.officeAdminA2, f.doctorB1, f.orgAdminB]) {
      const res = await list(f.patientA1.id, who);
      expect(res.status).toBe(404);
      expect(res.msg).toBe('Error getting prescriptions');
    }
    expect((await callAs(f.nurseA1, prescriptionsApi.getPrescriptionListForPatient)).status).toBe(400);
  });
});

describe('GET, PUT and DELETE patientprescription/{id}', () => {
  it('reads one; 404 "Error getting prescription info" for other offices and organizations', async () => {
    const p = await create({ drugProductId: lisinopril10, dose: '10 mg' });
    expect((await callAs(f.nurseA1, prescriptionsApi.getPrescription, { params: { id: p.id } })).body).toMatchObject({ id: p.id, medicationName: p.medicationName });
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      const res = await callAs(who, prescriptionsApi.getPrescription, { params: { id: p.id } });
      expect(res.status).toBe(404);
      expect(res.msg).toBe('Error getting prescription info');
    }
    expect((await callAs(f.nurseA1, prescriptionsApi.getPrescription, { params: { id: invalid('abc') } })).status).toBe(400);
    expect((await callAs(f.nurseA1, prescriptionsApi.getPrescription, { params: { id: 999999 } })).msg).toBe('Error getting prescription info');
  });

  it('updates the form fields and answers the warning as it stands after the change', async () => {
    const a = await create({ drugProductId: lisinopril10, dose: '10 mg', patientId: f.patientA1.id, startDate: '2025-06-01' });
    const res = await callAs(f.doctorA1, prescriptionsApi.updatePrescription, {
      params: { id: a.id },
      body: fields(form({ drugProductId: metformin1000, dose: '1000 mg', frequency: 'THREE_TIMES_DAILY', startDate: '2025-06-01', endDate: '2025-12-31', status: 'ON_HOLD', instructions: '' })),
    });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, drugProductId: metformin1000, dose: '1000 mg', frequency: 'THREE_TIMES_DAILY', endDate: '2025-12-31', status: 'ON_HOLD', instructions: '', duplicateWarning: null });
    const active = await callAs(f.doctorA1, prescriptionsApi.updatePrescription, { params: { id: a.id }, body: fields(form({ drugProductId: metformin1000, dose: '1000 mg' })) });
    expect(active.body.duplicateWarning!.ingredients).toEqual(['metformin']);
  });

  it('refuses an update with a bad form (400 "Error updating prescription") or out of scope (404)', async () => {
    const p = await create({ drugProductId: lisinopril10, dose: '10 mg' });
    const bad = await callAs(f.doctorA1, prescriptionsApi.updatePrescription, { params: { id: p.id }, body: fields(form({ prescriberId: f.nurseA1.id })) });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('Error updating prescription');
    const badStatus = await callAs(f.doctorA1, prescriptionsApi.updatePrescription, { params: { id: p.id }, body: fields(form({ status: invalid('DONE') })) });
    expect(badStatus.errors).toEqual({ status: 'This field needs to be formatted' });
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await callAs(who, prescriptionsApi.updatePrescription, { params: { id: p.id }, body: fields(form({ prescriberId: f.doctorA2.id })) });
      expect(res.status).toBe(404);
      expect(res.msg).toBe('Error updating prescription');
    }
    const [row] = await t.ctx.db.select().from(prescriptions).where(eq(prescriptions.id, p.id));
    expect(row!.dose).toBe('10 mg');
  });

  it('deletes; 404 "Error deleting prescription" for other tenants and once deleted', async () => {
    const p = await create({ drugProductId: lisinopril10, dose: '10 mg' });
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      const res = await callAs(who, prescriptionsApi.deletePrescription, { params: { id: p.id } });
      expect(res.status).toBe(404);
      expect(res.msg).toBe('Error deleting prescription');
    }
    expect((await t.ctx.db.select().from(prescriptions).where(eq(prescriptions.id, p.id))).length).toBe(1);
    const res = await callAs(f.nurseA1, prescriptionsApi.deletePrescription, { params: { id: p.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: p.id });
    expect((await callAs(f.nurseA1, prescriptionsApi.deletePrescription, { params: { id: p.id } })).msg).toBe('Error deleting prescription');
    expect((await callAs(f.nurseA1, prescriptionsApi.getPrescription, { params: { id: p.id } })).status).toBe(404);
  });
});

describe('POST patientprescription/fdasearch', () => {
  it('answers openFDA\'s shape with meta.results and the product fields', async () => {
    const res = await callAs(f.nurseA1, prescriptionsApi.searchDrugProducts, { body: { search: 'metformin', limit: 2 } });
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.meta.results).toEqual({ skip: 0, limit: 2, total: 4 });
    expect(data.results).toHaveLength(2);
    expect(data.results[0]).toMatchObject({
      drug_product_id: expect.any(Number),
      product_ndc: '',
      generic_name: 'metformin hydrochloride',
      active_ingredients: [{ name: 'METFORMIN HYDROCHLORIDE', strength: expect.any(String) }],
      route: ['ORAL'],
      finished: true,
    });
    const page2 = (await callAs(f.nurseA1, prescriptionsApi.searchDrugProducts, { body: { search: 'metformin', limit: 2, skip: 2 } })).body;
    expect(page2.meta.results).toEqual({ skip: 2, limit: 2, total: 4 });
    expect(page2.results.map((r: { drug_product_id: number }) => r.drug_product_id)).not.toContain(data.results[0]!.drug_product_id);
  });

  it('refuses a blank or over-long search and a limit above 50', async () => {
    for (const body of [{ search: '   ' }, { search: 'x'.repeat(101) }, { search: 'a', limit: 51 }, { search: 'a', skip: -1 }]) {
      expect((await callAs(f.nurseA1, prescriptionsApi.searchDrugProducts, { body })).status).toBe(400);
    }
  });
});

// The drug-product import (system admin) -------------------------------------------------------

const fixtures = path.join(repoRoot, 'packages/api/test/fixtures/fda-ndc');
function multipart(filename: string, content: Buffer) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
function upload(name: string, who: CallUser = f.sysadmin) {
  const m = multipart(name, fs.readFileSync(path.join(fixtures, name)));
  return callAs(who, prescriptionsApi.importDrugProducts, { extraHeaders: m.headers, payload: m.payload });
}
async function finished(runId: number) {
  for (let i = 0; i < 100; i++) {
    const runs = (await callAs(f.sysadmin, prescriptionsApi.findDrugImportRuns)).body as { id: number; status: string }[];
    const run = runs.find((r) => r.id === runId);
    if (run && (run.status === 'done' || run.status === 'failed')) { return run as Record<string, unknown>; }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

describe('POST drugproduct/import and GET drugproduct/importruns', () => {
  it('loads the FDA product file as a queued run: products searchable by NDC, bad rows reported', async () => {
    const res = await upload('product_trimmed.txt');
    expect(res.status, res.reply.body).toBe(201);
    expect(res.body).toMatchObject({ fileName: 'product_trimmed.txt', status: 'queued', startedBy: f.sysadmin.id });
    const run = await finished(res.body.id);
    expect(run).toMatchObject({ status: 'done', fileKind: 'finished', rowsTotal: 3, rowsDone: 3, loaded: 3, rejected: 0, warnings: 1, error: null });
    expect((run.problems as { level: string }[])[0]).toMatchObject({ line: 3, level: 'warning' });
    const search = (await callAs(f.doctorA1, prescriptionsApi.searchDrugProducts, { body: { search: '0002-1407' } })).body;
    expect(search.results[0]).toMatchObject({ product_ndc: '0002-1407', brand_name: 'Quinidine Gluconate', route: ['INTRAVENOUS'], active_ingredients: [{ name: 'QUINIDINE GLUCONATE', strength: '80 mg/mL' }], pharm_class: expect.arrayContaining(['Antiarrhythmic [EPC]']) });
    expect(search.results[0]!.product_id).toBe('0002-1407_14757f9d-f641-4836-acf3-229265588d1d');
    // Loading the same file again writes nothing new.
    const again = await finished((await upload('product_trimmed.txt')).body.id);
    expect(again).toMatchObject({ status: 'done', loaded: 3 });
    expect((await t.ctx.db.select().from(drugProducts).where(eq(drugProducts.source, 'fda-ndc'))).length).toBe(3);
  });

  it('keeps unfinished products out of the prescribing search', async () => {
    const run = await finished((await upload('unfinished_product_trimmed.txt')).body.id);
    expect(run).toMatchObject({ status: 'done', fileKind: 'unfinished', loaded: 3 });
    const search = (await callAs(f.doctorA1, prescriptionsApi.searchDrugProducts, { body: { search: 'dulaglutide' } })).body;
    expect(search.meta.results.total).toBe(0);
  });

  it('fails a file that is not a product file with the reason, and stores nothing of it', async () => {
    const before = (await t.ctx.db.select().from(drugProducts)).length;
    const run = await finished((await upload('badutf8.txt')).body.id);
    expect(run).toMatchObject({ status: 'failed', loaded: 0 });
    expect(run.error).toMatch(/^not an FDA NDC Directory product file: the first line lacks the column\(s\) PRODUCTID/);
    expect((await t.ctx.db.select().from(drugProducts)).length).toBe(before);
  });

  it('refuses a request without a file', async () => {
    const boundary = '----vigilnofile';
    const empty = await callAs(f.sysadmin, prescriptionsApi.importDrugProducts, {
      extraHeaders: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe('Choose a product.txt file to load');
    expect((await callAs(f.sysadmin, prescriptionsApi.importDrugProducts, { payload: JSON.stringify({ file: 'x' }), extraHeaders: { 'content-type': 'application/json' } })).status).toBe(415);
  });
});
