import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { diagnoses } from '@vigil/contract';
import { callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { hospitals, icd10cmCodes, icd10cmReleases, patientDiagnoses } from '../../db/schema/index';
import { addDays, localDate } from '../../lib/office-calendar';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const NO_DIAGNOSIS = 'No diagnosis data!';
const COULD_NOT_GET = 'Could not get the diagnosis data!';

const callAs = callerFor(() => t);

interface DiagnosisView {
  id: number;
  patientId: number;
  code: string | null;
  description: string;
  isPrimary: boolean;
  onsetDate: string | null;
  status: string;
  isChronic: boolean;
  toBeCoded: boolean;
  chronicConditions: { id: string }[];
}

type DiagnosisBody = NonNullable<CallInput<typeof diagnoses.createDiagnosis>['body']>;
async function add(body: Partial<DiagnosisBody> & { code: string }, who: CallUser = f.doctorA1) {
  const res = await callAs(who, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, status: 'active', ...body } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

type ListStatus = NonNullable<CallInput<typeof diagnoses.getDiagnosisListForPatient>['query']>['status'];
const list = async (patientId: number, who: CallUser = f.doctorA1, status?: ListStatus) =>
  callAs(who, diagnoses.getDiagnosisListForPatient, { headers: { patientid: patientId }, query: { status } });

const rowCount = async () => (await t.ctx.db.select({ n: count() }).from(patientDiagnoses))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t?.close());

describe('the ICD-10-CM release', () => {
  it('loads the vendored test subset at start and records it as the current release', async () => {
    const res = await callAs(f.doctorA1, diagnoses.findIcd10cmReleases);
    expect(res.status).toBe(200);
    const [current] = res.body;
    expect(current).toMatchObject({ source: 'vendored', status: 'done', isCurrent: true });
    expect(current!.label).toMatch(/FY2025/);
    const [total] = await t.ctx.db.select({ n: count() }).from(icd10cmCodes);
    expect(current!.codeCount).toBe(total!.n);
    const [e119] = await t.ctx.db.select().from(icd10cmCodes).where(eq(icd10cmCodes.code, 'E11.9'));
    expect(e119).toMatchObject({ billable: true, category: 'E11', description: 'Type 2 diabetes mellitus without complications' });
    expect(e119!.terms).toContain('Diabetes, diabetic type 2');
    const [e11] = await t.ctx.db.select().from(icd10cmCodes).where(eq(icd10cmCodes.code, 'E11'));
    expect(e11!.billable).toBe(false);
    // The vendored list has no 7th characters: a leaf of an injury category is not billable without one.
    const [s72] = await t.ctx.db.select().from(icd10cmCodes).where(eq(icd10cmCodes.code, 'S72.001'));
    expect(s72!.billable).toBe(false);
  });
});

describe('GET icd10cm/search', () => {
  const search = async (q: string, who: CallUser = f.doctorA1) => {
    const res = await callAs(who, diagnoses.searchIcd10cm, { query: { q } });
    expect(res.status, res.reply.body).toBe(200);
    return res.body;
  };

  it('finds "type 2 diab" with E11.9 first, billable codes before categories', async () => {
    const { items, release } = await search('type 2 diab');
    expect(items[0]!.code).toBe('E11.9');
    expect(release).toMatch(/FY2025/);
    expect(items[0]!.chronicConditions.map((c) => c.id)).toEqual(['diabetes']);
    const firstCategory = items.findIndex((i) => !i.billable);
    if (firstCategory >= 0) { expect(items.slice(firstCategory).every((i) => !i.billable)).toBe(true); }
    // "type 2" typed together outranks a type 1 code that has a "stage 2" (E10.A2).
    expect(items.slice(0, 10).every((i) => i.code.startsWith('E11')), JSON.stringify(items)).toBe(true);
  });

  it('answers an exact code first ("E11.9", "e119"), then the billable codes of a prefix', async () => {
    expect((await search('E11.9')).items[0]!.code).toBe('E11.9');
    expect((await search('e119')).items[0]!.code).toBe('E11.9');
    const prefix = (await search('E11')).items;
    expect(prefix[0]!.code).toBe('E11');
    expect(prefix[1]!.billable).toBe(true);
  });

  it('tolerates typos ("hypertenson", "diabtes") and finds words ("hypertens") with I10 first', async () => {
    expect((await search('hypertens')).items[0]!.code).toBe('I10');
    expect((await search('hypertenson')).items.map((i) => i.code)).toContain('I10');
    expect((await search('diabtes type 2')).items.map((i) => i.code)).toContain('E11.9');
  });

  it('uses the alphabetic index: "GERD" and "dyslipidemia" find K21.9 and E78.5 through their index terms', async () => {
    expect((await search('GERD')).items[0]).toMatchObject({ code: 'K21.9', matchedTerm: 'GERD' });
    expect((await search('dyslipidemia')).items[0]).toMatchObject({ code: 'E78.5', matchedTerm: 'Dyslipidemia' });
  });

  it('reads clinical abbreviations and combinations over HTTP: "htn with chf" -> I11.0, "diabetes with ckd" -> E11.22, "chf" -> I50.9', async () => {
    expect((await search('htn with chf')).items[0]).toMatchObject({ code: 'I11.0', descriptionEs: null });
    expect((await search('diabetes with ckd')).items[0]).toMatchObject({ code: 'E11.22' });
    expect((await search('chf')).items[0]).toMatchObject({ code: 'I50.9', matchedTerm: 'chf' });
  });

  it('on the Spanish interface (Accept-Language: es) reads Spanish terms and answers the Spanish description beside the official one', async () => {
    const es = async (q: string) => (await callAs(f.doctorA1, diagnoses.searchIcd10cm, { query: { q }, lang: 'es' })).body.items;
    expect((await es('EPOC'))[0]).toMatchObject({ code: 'J44.9', description: 'Chronic obstructive pulmonary disease, unspecified', descriptionEs: 'Enfermedad pulmonar obstructiva crónica, no especificada' });
    expect((await es('insuficiencia cardíaca'))[0]).toMatchObject({ code: 'I50.9', descriptionEs: 'Insuficiencia cardiaca, no especificada' });
    expect((await es('diabetes tipo 2'))[0]).toMatchObject({ code: 'E11.9' });
    // The same query in English is not read as Spanish, and the answers are kept apart per language.
    expect((await search('insuficiencia cardiaca')).items[0]?.descriptionEs ?? null).toBeNull();
  });

  it('answers no hits for one- or two-letter words, 400 for an empty or too long query', async () => {
    expect((await search('ty')).items).toEqual([]);
    const empty = await callAs(f.doctorA1, diagnoses.searchIcd10cm, { query: { q: '' } });
    expect(empty.status).toBe(400);
    expect(empty.errors).toEqual({ q: REQUIRED });
    expect((await callAs(f.doctorA1, diagnoses.searchIcd10cm, { query: { q: 'a'.repeat(101) } })).status).toBe(400);
  });
});

describe('POST patientdiagnosis', () => {
  it('adds a billable diagnosis with the release description, chronic flag and onset', async () => {
    const d = await add({ code: 'e119', isPrimary: true, onsetDate: '2024-02-01' });
    expect(d).toMatchObject({ code: 'E11.9', description: 'Type 2 diabetes mellitus without complications', isPrimary: true, onsetDate: '2024-02-01', status: 'active', isChronic: true, toBeCoded: false });
    expect((await callAs(f.nurseA1, diagnoses.getDiagnosis, { params: { id: d.id } })).body).toMatchObject({ id: d.id, code: 'E11.9' });
    await callAs(f.doctorA1, diagnoses.deleteDiagnosis, { params: { id: d.id } });
  });

  it('refuses a category with children in both languages, and an unknown code', async () => {
    const before = await rowCount();
    const en = await callAs(f.doctorA1, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, code: 'E11', status: 'active' } });
    expect(en.status).toBe(400);
    expect(en.reply.json()).toMatchObject({ msg: 'E11 is a category with more specific codes: choose one of its billable codes' });
    expect(en.errors?.code).toBe('E11 is a category with more specific codes: choose one of its billable codes');
    const es = await callAs(f.doctorA1, diagnoses.createDiagnosis, { lang: 'es', body: { patientId: f.patientA1.id, code: 'E11.6', status: 'active' } });
    expect(es.msg).toBe('E11.6 es una categoría con códigos más específicos: elija uno de sus códigos facturables');
    const unknown = await callAs(f.doctorA1, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, code: 'Q99.9', status: 'active' } });
    expect(unknown.status).toBe(400);
    expect(unknown.errors).toEqual({ code: 'Unknown ICD-10-CM diagnosis code' });
    expect(await rowCount()).toBe(before);
  });

  it('validates the form: required, formats and status', async () => {
    const res = await callAs(f.doctorA1, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, code: '', status: invalid('cured'), onsetDate: '2024-13-01' } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ code: REQUIRED, status: FORMAT, onsetDate: FORMAT });
    const missing = await callAs(f.doctorA1, diagnoses.createDiagnosis, { body: invalid({}) });
    expect(missing.errors).toMatchObject({ patientId: REQUIRED, code: REQUIRED, status: REQUIRED });
  });

  it("refuses an onset after today in the patient's office's calendar, accepts today", async () => {
    await t.ctx.db.update(hospitals).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(hospitals.id, f.a1.id));
    const today = localDate(new Date(), 'Pacific/Kiritimati');
    const future = await callAs(f.doctorA1, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, code: 'I10', status: 'active', onsetDate: addDays(today, 1) } });
    expect(future.status).toBe(400);
    expect(future.errors).toEqual({ onsetDate: 'The date cannot be in the future' });
    const ok = await add({ code: 'I10', onsetDate: today });
    expect(ok.onsetDate).toBe(today);
    await callAs(f.doctorA1, diagnoses.deleteDiagnosis, { params: { id: ok.id } });
    await t.ctx.db.update(hospitals).set({ timeZone: 'America/New_York' }).where(eq(hospitals.id, f.a1.id));
  });

  it('keeps one primary per patient (a new primary demotes the old) and a code once', async () => {
    const a = await add({ code: 'I10', isPrimary: true });
    const b = await add({ code: 'J44.9', isPrimary: true });
    expect((await callAs(f.doctorA1, diagnoses.getDiagnosis, { params: { id: a.id } })).body.isPrimary).toBe(false);
    expect(b.isPrimary).toBe(true);
    const twice = await callAs(f.doctorA1, diagnoses.createDiagnosis, { body: { patientId: f.patientA1.id, code: 'I10', status: 'active' } });
    expect(twice.status).toBe(409);
    expect(twice.msg).toBe('This patient already has a diagnosis with this code');
    await callAs(f.doctorA1, diagnoses.deleteDiagnosis, { params: { id: a.id } });
    await callAs(f.doctorA1, diagnoses.deleteDiagnosis, { params: { id: b.id } });
  });

  it("answers 404 for another office's or organization's patient and writes nothing", async () => {
    const before = await rowCount();
    for (const patient of [f.patientA2, f.patientB1]) {
      const res = await callAs(f.doctorA1, diagnoses.createDiagnosis, { body: { patientId: patient.id, code: 'I10', status: 'active' } });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(COULD_NOT_GET);
    }
    expect(await rowCount()).toBe(before);
  });
});

describe('GET patientdiagnosis/getdiagnosislistforpatient', () => {
  it('lists primary first, filters by status, and counts distinct chronic conditions of the active ones', async () => {
    const dm = await add({ code: 'E11.9', isPrimary: true });
    const dm2 = await add({ code: 'E11.65' });
    const htn = await add({ code: 'I10', status: 'resolved' });
    const copd = await add({ code: 'J44.9' });
    const acute = await add({ code: 'A00.1' });
    const res = await list(f.patientA1.id);
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.items[0]!.id).toBe(dm.id);
    expect(data.items.map((i: DiagnosisView) => i.id)).toEqual(expect.arrayContaining([dm2.id, htn.id, copd.id, acute.id]));
    // Diabetes (two codes, one condition) and COPD; the resolved hypertension does not count.
    expect(data.chronic.count).toBe(2);
    expect(data.chronic.conditions).toEqual([
      expect.objectContaining({ id: 'copd', codes: ['J44.9'] }),
      expect.objectContaining({ id: 'diabetes', codes: ['E11.9', 'E11.65'] }),
    ]);
    const resolved = (await list(f.patientA1.id, f.doctorA1, 'resolved')).body;
    expect(resolved.items.map((i: DiagnosisView) => i.id)).toEqual([htn.id]);
    expect(resolved.chronic.count).toBe(2);
    expect((await list(f.patientA1.id, f.doctorA1, invalid('gone'))).status).toBe(400);
    for (const d of [dm, dm2, htn, copd, acute]) { await callAs(f.doctorA1, diagnoses.deleteDiagnosis, { params: { id: d.id } }); }
  });

  it('answers 404 "Could not get the diagnosis data!" for a patient of another office or organization, in Spanish too', async () => {
    await add({ code: 'I10' });
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await list(f.patientA1.id, who);
      expect(res.status).toBe(404);
      expect(res.msg).toBe(COULD_NOT_GET);
    }
    const es = await callAs(f.doctorB1, diagnoses.getDiagnosisListForPatient, { lang: 'es', headers: { patientid: f.patientA1.id } });
    expect(es.msg).toBe('¡No se pudieron obtener los datos de diagnóstico!');
    expect((await callAs(f.doctorA1, diagnoses.getDiagnosisListForPatient)).errors).toEqual({ patientid: REQUIRED });
  });
});

describe('GET, PUT and DELETE patientdiagnosis', () => {
  it('updates code, status, onset and primary; codes an uncoded problem', async () => {
    const [uncoded] = await t.ctx.db
      .insert(patientDiagnoses)
      .values({ patientId: f.patientA1.id, code: null, description: 'Prediabetes (finding)', source: 'fhir', sourceSystem: 'http://snomed.info/sct', sourceCode: '714628002', fhirId: 'cond-1' })
      .returning();
    const before = (await list(f.patientA1.id, f.doctorA1, 'toBeCoded')).body.items;
    expect(before.map((i: DiagnosisView) => i.id)).toEqual([uncoded!.id]);
    expect(before[0]).toMatchObject({ toBeCoded: true, code: null, sourceSystem: 'http://snomed.info/sct' });
    const res = await callAs(f.nurseA1, diagnoses.updateDiagnosisForPatient, { body: { id: uncoded!.id, code: 'R73.03', status: 'inactive', onsetDate: '2020-05-05', isPrimary: false } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ code: 'R73.03', description: 'Prediabetes', status: 'inactive', onsetDate: '2020-05-05', toBeCoded: false, sourceCode: '714628002' });
    expect((await list(f.patientA1.id, f.doctorA1, 'toBeCoded')).body.items).toEqual([]);
    const category = await callAs(f.nurseA1, diagnoses.updateDiagnosisForPatient, { body: { id: uncoded!.id, code: 'R73', status: 'active' } });
    expect(category.status).toBe(400);
    await callAs(f.doctorA1, diagnoses.deleteDiagnosis, { params: { id: uncoded!.id } });
  });

  it('answers 404 "No diagnosis data!" to other offices and organizations, changing nothing', async () => {
    const d = await add({ code: 'J45.909' });
    for (const who of [f.doctorA2, f.doctorB1, f.officeAdminA2]) {
      const answers = {
        get: await callAs(who, diagnoses.getDiagnosis, { params: { id: d.id } }),
        delete: await callAs(who, diagnoses.deleteDiagnosis, { params: { id: d.id } }),
        update: await callAs(who, diagnoses.updateDiagnosisForPatient, { body: { id: d.id, code: 'I10', status: 'resolved' } }),
      };
      for (const [name, res] of Object.entries(answers)) {
        expect(res.status, name).toBe(404);
        expect(res.msg).toBe(NO_DIAGNOSIS);
      }
    }
    const [row] = await t.ctx.db.select().from(patientDiagnoses).where(eq(patientDiagnoses.id, d.id));
    expect(row).toMatchObject({ code: 'J45.909', status: 'active' });
    expect((await callAs(f.doctorA1, diagnoses.getDiagnosis, { params: { id: 99999999 } })).status).toBe(404);
    expect((await callAs(f.doctorA1, diagnoses.getDiagnosis, { params: { id: invalid('abc') } })).errors).toEqual({ id: FORMAT });
  });

  it('deletes for the care team; the organization admin sees it', async () => {
    const d = await add({ code: 'K21.9' });
    expect((await callAs(f.orgAdminA, diagnoses.getDiagnosis, { params: { id: d.id } })).status).toBe(200);
    const res = await callAs(f.officeAdminA1, diagnoses.deleteDiagnosis, { params: { id: d.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: d.id });
    expect((await callAs(f.doctorA1, diagnoses.getDiagnosis, { params: { id: d.id } })).status).toBe(404);
  });
});

describe('POST icd10cm/import (official code file, queued job)', () => {
  const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/icd10cm', name));
  function multipart(filename: string, content: Buffer) {
    const boundary = `----vigilicd${Date.now().toString(16)}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = (who: CallUser, filename: string, content: Buffer, lang: 'en' | 'es' = 'en') => {
    const m = multipart(filename, content);
    return callAs(who, diagnoses.importIcd10cmRelease, { extraHeaders: m.headers, payload: m.payload, lang });
  };
  async function waitDone(id: number) {
    for (let i = 0; i < 200; i++) {
      const [row] = await t.ctx.db.select().from(icd10cmReleases).where(eq(icd10cmReleases.id, id));
      if (row!.status === 'done' || row!.status === 'failed') { return row!; }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the import did not finish');
  }

  it('refuses a bad file with its first bad line (400), storing nothing', async () => {
    const releases = async () => (await t.ctx.db.select({ n: count() }).from(icd10cmReleases))[0]!.n;
    const before = await releases();
    const bad = await upload(f.sysadmin, 'icd10cm_order_2026.txt', Buffer.from('00001 E119    1 Type 2\n00002 E11.99X 7 Bad flag\n'));
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^The file is not an ICD-10-CM order or codes file \(line 2: /);
    const es = await upload(f.sysadmin, 'x.txt', Buffer.from('{"not": "codes"}'), 'es');
    expect(es.msg).toMatch(/^El archivo no es un archivo de orden o de códigos de la CIE-10-MC/);
    const none = await upload(f.sysadmin, 'empty.txt', Buffer.alloc(0));
    expect(none.errors).toEqual({ file: REQUIRED });
    expect(await releases()).toBe(before);
  });

  it('loads a gzipped order file as a job: its billable flags, the index terms, the new current release', async () => {
    // Searched before the load (and so kept in the process's search cache under the old release).
    const heartFailure = async () => (await callAs(f.doctorA1, diagnoses.searchIcd10cm, { query: { q: 'heart failure' } })).body.items.map((i: { code: string }) => i.code);
    expect(await heartFailure()).toContain('I50.9');
    const res = await upload(f.sysadmin, 'icd10cm_order_2026.txt.gz', gzipSync(fixture('icd10cm_order_2026.txt')));
    expect(res.status, res.reply.body).toBe(201);
    expect(res.body).toMatchObject({ status: 'queued', source: 'upload', label: 'ICD-10-CM FY2026 (icd10cm_order_2026.txt.gz)' });
    const done = await waitDone(res.body.id);
    expect(done).toMatchObject({ status: 'done', isCurrent: true, codeCount: 79, billableCount: 58, upload: null });
    const listed = await callAs(f.doctorA1, diagnoses.findIcd10cmReleases);
    expect(listed.status, listed.reply.body).toBe(200);
    const releases = listed.body;
    expect(releases.filter((r: { isCurrent: boolean }) => r.isCurrent).map((r: { id: number }) => r.id)).toEqual([done.id]);
    const [e119] = await t.ctx.db.select().from(icd10cmCodes).where(eq(icd10cmCodes.code, 'E11.9'));
    expect(e119).toMatchObject({ billable: true, chapter: 4 });
    expect(e119!.terms).toContain('Diabetes, diabetic type 2');
    // A code the new file does not list is gone from the search; the problem list keeps its own copy.
    expect((await t.ctx.db.select().from(icd10cmCodes).where(eq(icd10cmCodes.code, 'I50.9'))).length).toBe(0);
    expect(await heartFailure()).not.toContain('I50.9');
    const search = (await callAs(f.doctorA1, diagnoses.searchIcd10cm, { query: { q: 'type 2 diab' } })).body;
    expect(search.items[0]!.code).toBe('E11.9');
    expect(search.release).toBe('ICD-10-CM FY2026 (icd10cm_order_2026.txt.gz)');
  });

  it('loads a codes file (billable codes only)', async () => {
    const res = await upload(f.sysadmin, 'icd10cm_codes_2026.txt', fixture('icd10cm_codes_2026.txt'));
    expect(res.status, res.reply.body).toBe(201);
    const done = await waitDone(res.body.id);
    expect(done, done.error ?? '').toMatchObject({ status: 'done', codeCount: 58, billableCount: 58 });
  });
});
