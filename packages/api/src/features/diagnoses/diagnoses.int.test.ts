import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
import { hospitals, icd10cmCodes, icd10cmReleases, patientDiagnoses } from '../../db/schema/index';
import { addDays, localDate } from '../../lib/office-calendar';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const NO_DIAGNOSIS = 'No diagnosis data!';
const COULD_NOT_GET = 'Could not get the diagnosis data!';

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, who: { id: number }, opts: { headers?: Record<string, string | number>; payload?: unknown; lang?: 'en' | 'es' } = {}) {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': opts.lang ?? 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${url}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

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

async function add(payload: Record<string, unknown>, who: { id: number } = f.doctorA1) {
  const res = await call('POST', 'patientdiagnosis', who, { payload: { patientId: f.patientA1.id, status: 'active', ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as DiagnosisView;
}

const list = async (patientId: number, who: { id: number } = f.doctorA1, status?: string) =>
  call('GET', `patientdiagnosis/getdiagnosislistforpatient${status ? `?status=${status}` : ''}`, who, { headers: { patientid: patientId } });

const rowCount = async () => (await t.ctx.db.select({ n: count() }).from(patientDiagnoses))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t?.close());

describe('the ICD-10-CM release', () => {
  it('loads the vendored test subset at start and records it as the current release', async () => {
    const res = await call('GET', 'icd10cm/releases', f.doctorA1);
    expect(res.statusCode).toBe(200);
    const [current] = res.json().data;
    expect(current).toMatchObject({ source: 'vendored', status: 'done', isCurrent: true });
    expect(current.label).toMatch(/FY2025/);
    const [total] = await t.ctx.db.select({ n: count() }).from(icd10cmCodes);
    expect(current.codeCount).toBe(total!.n);
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
  const search = async (q: string, who: { id: number } = f.doctorA1) => {
    const res = await call('GET', `icd10cm/search?q=${encodeURIComponent(q)}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: { code: string; billable: boolean; matchedTerm: string | null; descriptionEs: string | null; chronicConditions: { id: string }[] }[]; release: string };
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
    const es = async (q: string) => (await call('GET', `icd10cm/search?q=${encodeURIComponent(q)}`, f.doctorA1, { lang: 'es' })).json().data.items;
    expect((await es('EPOC'))[0]).toMatchObject({ code: 'J44.9', description: 'Chronic obstructive pulmonary disease, unspecified', descriptionEs: 'Enfermedad pulmonar obstructiva crónica, no especificada' });
    expect((await es('insuficiencia cardíaca'))[0]).toMatchObject({ code: 'I50.9', descriptionEs: 'Insuficiencia cardiaca, no especificada' });
    expect((await es('diabetes tipo 2'))[0]).toMatchObject({ code: 'E11.9' });
    // The same query in English is not read as Spanish, and the answers are kept apart per language.
    expect((await search('insuficiencia cardiaca')).items[0]?.descriptionEs ?? null).toBeNull();
  });

  it('answers no hits for one- or two-letter words, 400 for an empty or too long query, 403 without diagnoses.read', async () => {
    expect((await search('ty')).items).toEqual([]);
    const empty = await call('GET', 'icd10cm/search?q=', f.doctorA1);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ q: REQUIRED });
    expect((await call('GET', `icd10cm/search?q=${'a'.repeat(101)}`, f.doctorA1)).statusCode).toBe(400);
    const partner = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
    expect((await call('GET', 'icd10cm/search?q=diab', partner)).statusCode).toBe(403);
  });
});

describe('POST patientdiagnosis', () => {
  it('adds a billable diagnosis with the release description, chronic flag and onset', async () => {
    const d = await add({ code: 'e119', isPrimary: true, onsetDate: '2024-02-01' });
    expect(d).toMatchObject({ code: 'E11.9', description: 'Type 2 diabetes mellitus without complications', isPrimary: true, onsetDate: '2024-02-01', status: 'active', isChronic: true, toBeCoded: false });
    expect((await call('GET', `patientdiagnosis/${d.id}`, f.nurseA1)).json().data).toMatchObject({ id: d.id, code: 'E11.9' });
    await call('DELETE', `patientdiagnosis/${d.id}`, f.doctorA1);
  });

  it('refuses a category with children in both languages, and an unknown code', async () => {
    const before = await rowCount();
    const en = await call('POST', 'patientdiagnosis', f.doctorA1, { payload: { patientId: f.patientA1.id, code: 'E11', status: 'active' } });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ msg: 'E11 is a category with more specific codes: choose one of its billable codes' });
    expect(en.json().errors.code).toBe('E11 is a category with more specific codes: choose one of its billable codes');
    const es = await call('POST', 'patientdiagnosis', f.doctorA1, { lang: 'es', payload: { patientId: f.patientA1.id, code: 'E11.6', status: 'active' } });
    expect(es.json().msg).toBe('E11.6 es una categoría con códigos más específicos: elija uno de sus códigos facturables');
    const unknown = await call('POST', 'patientdiagnosis', f.doctorA1, { payload: { patientId: f.patientA1.id, code: 'Q99.9', status: 'active' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ code: 'Unknown ICD-10-CM diagnosis code' });
    expect(await rowCount()).toBe(before);
  });

  it('validates the form: required, formats and status', async () => {
    const res = await call('POST', 'patientdiagnosis', f.doctorA1, { payload: { patientId: f.patientA1.id, code: '', status: 'cured', onsetDate: '2024-13-01' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ code: REQUIRED, status: FORMAT, onsetDate: FORMAT });
    const missing = await call('POST', 'patientdiagnosis', f.doctorA1, { payload: {} });
    expect(missing.json().errors).toMatchObject({ patientId: REQUIRED, code: REQUIRED, status: REQUIRED });
  });

  it("refuses an onset after today in the patient's office's calendar, accepts today", async () => {
    await t.ctx.db.update(hospitals).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(hospitals.id, f.a1.id));
    const today = localDate(new Date(), 'Pacific/Kiritimati');
    const future = await call('POST', 'patientdiagnosis', f.doctorA1, { payload: { patientId: f.patientA1.id, code: 'I10', status: 'active', onsetDate: addDays(today, 1) } });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual({ onsetDate: 'The date cannot be in the future' });
    const ok = await add({ code: 'I10', onsetDate: today });
    expect(ok.onsetDate).toBe(today);
    await call('DELETE', `patientdiagnosis/${ok.id}`, f.doctorA1);
    await t.ctx.db.update(hospitals).set({ timeZone: 'America/New_York' }).where(eq(hospitals.id, f.a1.id));
  });

  it('keeps one primary per patient (a new primary demotes the old) and a code once', async () => {
    const a = await add({ code: 'I10', isPrimary: true });
    const b = await add({ code: 'J44.9', isPrimary: true });
    expect((await call('GET', `patientdiagnosis/${a.id}`, f.doctorA1)).json().data.isPrimary).toBe(false);
    expect(b.isPrimary).toBe(true);
    const twice = await call('POST', 'patientdiagnosis', f.doctorA1, { payload: { patientId: f.patientA1.id, code: 'I10', status: 'active' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('This patient already has a diagnosis with this code');
    await call('DELETE', `patientdiagnosis/${a.id}`, f.doctorA1);
    await call('DELETE', `patientdiagnosis/${b.id}`, f.doctorA1);
  });

  it("answers 404 for another office's or organization's patient and writes nothing; 403 without diagnoses.manage", async () => {
    const before = await rowCount();
    for (const patient of [f.patientA2, f.patientB1]) {
      const res = await call('POST', 'patientdiagnosis', f.doctorA1, { payload: { patientId: patient.id, code: 'I10', status: 'active' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(COULD_NOT_GET);
    }
    expect((await call('POST', 'patientdiagnosis', f.caregiverA1, { payload: { patientId: f.patientA1.id, code: 'I10', status: 'active' } })).statusCode).toBe(403);
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
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.items[0].id).toBe(dm.id);
    expect(data.items.map((i: DiagnosisView) => i.id)).toEqual(expect.arrayContaining([dm2.id, htn.id, copd.id, acute.id]));
    // Diabetes (two codes, one condition) and COPD; the resolved hypertension does not count.
    expect(data.chronic.count).toBe(2);
    expect(data.chronic.conditions).toEqual([
      expect.objectContaining({ id: 'copd', codes: ['J44.9'] }),
      expect.objectContaining({ id: 'diabetes', codes: ['E11.9', 'E11.65'] }),
    ]);
    const resolved = (await list(f.patientA1.id, f.doctorA1, 'resolved')).json().data;
    expect(resolved.items.map((i: DiagnosisView) => i.id)).toEqual([htn.id]);
    expect(resolved.chronic.count).toBe(2);
    expect((await list(f.patientA1.id, f.doctorA1, 'gone')).statusCode).toBe(400);
    for (const d of [dm, dm2, htn, copd, acute]) { await call('DELETE', `patientdiagnosis/${d.id}`, f.doctorA1); }
  });

  it('answers 404 "Could not get the diagnosis data!" for a patient of another office or organization, in Spanish too', async () => {
    await add({ code: 'I10' });
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await list(f.patientA1.id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(COULD_NOT_GET);
    }
    const es = await call('GET', 'patientdiagnosis/getdiagnosislistforpatient', f.doctorB1, { lang: 'es', headers: { patientid: f.patientA1.id } });
    expect(es.json().msg).toBe('¡No se pudieron obtener los datos de diagnóstico!');
    expect((await call('GET', 'patientdiagnosis/getdiagnosislistforpatient', f.doctorA1)).json().errors).toEqual({ patientid: REQUIRED });
    const partner = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
    expect((await list(f.patientA1.id, partner)).statusCode).toBe(403);
  });
});

describe('GET, PUT and DELETE patientdiagnosis', () => {
  it('updates code, status, onset and primary; codes an uncoded problem', async () => {
    const [uncoded] = await t.ctx.db
      .insert(patientDiagnoses)
      .values({ patientId: f.patientA1.id, code: null, description: 'Prediabetes (finding)', source: 'fhir', sourceSystem: 'http://snomed.info/sct', sourceCode: '714628002', fhirId: 'cond-1' })
      .returning();
    const before = (await list(f.patientA1.id, f.doctorA1, 'toBeCoded')).json().data.items;
    expect(before.map((i: DiagnosisView) => i.id)).toEqual([uncoded!.id]);
    expect(before[0]).toMatchObject({ toBeCoded: true, code: null, sourceSystem: 'http://snomed.info/sct' });
    const res = await call('PUT', 'patientdiagnosis/updatediagnosisforpatient', f.nurseA1, { payload: { id: uncoded!.id, code: 'R73.03', status: 'inactive', onsetDate: '2020-05-05', isPrimary: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'R73.03', description: 'Prediabetes', status: 'inactive', onsetDate: '2020-05-05', toBeCoded: false, sourceCode: '714628002' });
    expect((await list(f.patientA1.id, f.doctorA1, 'toBeCoded')).json().data.items).toEqual([]);
    const category = await call('PUT', 'patientdiagnosis/updatediagnosisforpatient', f.nurseA1, { payload: { id: uncoded!.id, code: 'R73', status: 'active' } });
    expect(category.statusCode).toBe(400);
    await call('DELETE', `patientdiagnosis/${uncoded!.id}`, f.doctorA1);
  });

  it('answers 404 "No diagnosis data!" to other offices and organizations, changing nothing', async () => {
    const d = await add({ code: 'J45.909' });
    for (const who of [f.doctorA2, f.doctorB1, f.officeAdminA2]) {
      for (const [method, url, payload] of [
        ['GET', `patientdiagnosis/${d.id}`, undefined],
        ['DELETE', `patientdiagnosis/${d.id}`, undefined],
        ['PUT', 'patientdiagnosis/updatediagnosisforpatient', { id: d.id, code: 'I10', status: 'resolved' }],
      ] as const) {
        const res = await call(method, url, who, payload ? { payload } : {});
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().msg).toBe(NO_DIAGNOSIS);
      }
    }
    const [row] = await t.ctx.db.select().from(patientDiagnoses).where(eq(patientDiagnoses.id, d.id));
    expect(row).toMatchObject({ code: 'J45.909', status: 'active' });
    expect((await call('GET', 'patientdiagnosis/99999999', f.doctorA1)).statusCode).toBe(404);
    expect((await call('GET', 'patientdiagnosis/abc', f.doctorA1)).json().errors).toEqual({ id: FORMAT });
  });

  it('deletes for the care team; 403 for a caregiver; the organization admin sees it', async () => {
    const d = await add({ code: 'K21.9' });
    expect((await call('GET', `patientdiagnosis/${d.id}`, f.orgAdminA)).statusCode).toBe(200);
    expect((await call('DELETE', `patientdiagnosis/${d.id}`, f.caregiverA1)).statusCode).toBe(403);
    const res = await call('DELETE', `patientdiagnosis/${d.id}`, f.officeAdminA1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: d.id });
    expect((await call('GET', `patientdiagnosis/${d.id}`, f.doctorA1)).statusCode).toBe(404);
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
  const upload = async (who: { id: number }, filename: string, content: Buffer, lang: 'en' | 'es' = 'en') => {
    const m = multipart(filename, content);
    return t.app.inject({ method: 'POST', url: '/api/icd10cm/import', headers: { ...(await as(who)), 'accept-language': lang, ...m.headers }, payload: m.payload });
  };
  async function waitDone(id: number) {
    for (let i = 0; i < 200; i++) {
      const [row] = await t.ctx.db.select().from(icd10cmReleases).where(eq(icd10cmReleases.id, id));
      if (row!.status === 'done' || row!.status === 'failed') { return row!; }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the import did not finish');
  }

  it('refuses callers without icd10cm.import (403) and a bad file with its first bad line (400), storing nothing', async () => {
    const releases = async () => (await t.ctx.db.select({ n: count() }).from(icd10cmReleases))[0]!.n;
    const before = await releases();
    expect((await upload(f.officeAdminA1, 'icd10cm_order_2026.txt', fixture('icd10cm_order_2026.txt'))).statusCode).toBe(403);
    const bad = await upload(f.sysadmin, 'icd10cm_order_2026.txt', Buffer.from('00001 E119    1 Type 2\n00002 E11.99X 7 Bad flag\n'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^The file is not an ICD-10-CM order or codes file \(line 2: /);
    const es = await upload(f.sysadmin, 'x.txt', Buffer.from('{"not": "codes"}'), 'es');
    expect(es.json().msg).toMatch(/^El archivo no es un archivo de orden o de códigos de la CIE-10-MC/);
    const none = await upload(f.sysadmin, 'empty.txt', Buffer.alloc(0));
    expect(none.json().errors).toEqual({ file: REQUIRED });
    expect(await releases()).toBe(before);
  });

  it('loads a gzipped order file as a job: its billable flags, the index terms, the new current release', async () => {
    // Searched before the load (and so kept in the process's search cache under the old release).
    const heartFailure = async () => (await call('GET', 'icd10cm/search?q=heart%20failure', f.doctorA1)).json().data.items.map((i: { code: string }) => i.code);
    expect(await heartFailure()).toContain('I50.9');
    const res = await upload(f.sysadmin, 'icd10cm_order_2026.txt.gz', gzipSync(fixture('icd10cm_order_2026.txt')));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'queued', source: 'upload', label: 'ICD-10-CM FY2026 (icd10cm_order_2026.txt.gz)' });
    const done = await waitDone(res.json().data.id);
    expect(done).toMatchObject({ status: 'done', isCurrent: true, codeCount: 79, billableCount: 58, upload: null });
    const listed = await call('GET', 'icd10cm/releases', f.doctorA1);
    expect(listed.statusCode, listed.body).toBe(200);
    const releases = listed.json().data;
    expect(releases.filter((r: { isCurrent: boolean }) => r.isCurrent).map((r: { id: number }) => r.id)).toEqual([done.id]);
    const [e119] = await t.ctx.db.select().from(icd10cmCodes).where(eq(icd10cmCodes.code, 'E11.9'));
    expect(e119).toMatchObject({ billable: true, chapter: 4 });
    expect(e119!.terms).toContain('Diabetes, diabetic type 2');
    // A code the new file does not list is gone from the search; the problem list keeps its own copy.
    expect((await t.ctx.db.select().from(icd10cmCodes).where(eq(icd10cmCodes.code, 'I50.9'))).length).toBe(0);
    expect(await heartFailure()).not.toContain('I50.9');
    const search = (await call('GET', 'icd10cm/search?q=type%202%20diab', f.doctorA1)).json().data;
    expect(search.items[0].code).toBe('E11.9');
    expect(search.release).toBe('ICD-10-CM FY2026 (icd10cm_order_2026.txt.gz)');
  });

  it('loads a codes file (billable codes only)', async () => {
    const res = await upload(f.sysadmin, 'icd10cm_codes_2026.txt', fixture('icd10cm_codes_2026.txt'));
    expect(res.statusCode, res.body).toBe(201);
    const done = await waitDone(res.json().data.id);
    expect(done, done.error ?? '').toMatchObject({ status: 'done', codeCount: 58, billableCount: 58 });
  });
});
