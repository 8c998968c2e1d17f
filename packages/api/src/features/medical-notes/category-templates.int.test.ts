import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createOffice, createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
import { medicalNoteCategoryTemplates } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const REQUIRED = 'This field is required';
const TEMPLATES_FORBIDDEN = 'You do not have permission to manage medical note category templates';
const DUPLICATE = 'This office already has a category template with this title';
const IN_USE = 'This category template is used by medical notes and cannot be deleted; deactivate it instead';

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
async function call(method: Method, path: string, who: { id: number }, opts: { headers?: Record<string, string | number>; payload?: unknown; lang?: 'en' | 'es' } = {}) {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': opts.lang ?? 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

interface TemplateView {
  id: number;
  hospitalId: number;
  title: string;
  status: number;
  inUse: boolean;
  program: string;
}

let seq = 0;
async function createTemplate(hospitalId: number, values: Record<string, unknown> = {}, who: { id: number } = f.officeAdminA1) {
  const res = await call('POST', 'medicalnotecategorytemplate', who, { payload: { hospitalId, title: `Template ${++seq}`, program: 'RPM', ...values } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TemplateView;
}

async function stored(id: number) {
  const [row] = await t.ctx.db.select().from(medicalNoteCategoryTemplates).where(eq(medicalNoteCategoryTemplates.id, id));
  return row;
}

/** A note detail that uses `templateId` (through the API, as the a1 nurse). */
async function useTemplate(templateId: number) {
  const res = await call('POST', 'medicalnote', f.nurseA1, { payload: { patientId: f.patientA1.id, hospitalId: f.a1.id, month: 5, year: 2025, text: 'Uses it', categoryTemplateId: templateId } });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

describe('POST medicalnotecategorytemplate', () => {
  it('creates an active template in the office', async () => {
    const tpl = await createTemplate(f.a1.id, { title: 'Hypertension check-in', titleEsp: 'Control de hipertensión', categoryType: 'FOLLOW_UP', bodyTemplate: 'BP trend: ...' });
    expect(tpl).toMatchObject({
      hospitalId: f.a1.id,
      title: 'Hypertension check-in',
      titleEsp: 'Control de hipertensión',
      categoryType: 'FOLLOW_UP',
      program: 'RPM',
      bodyTemplate: 'BP trend: ...',
      status: 1,
      inUse: false,
      createdBy: f.officeAdminA1.id,
    });
  });

  it('refuses a title the office already has, whatever its case (409)', async () => {
    await createTemplate(f.a1.id, { title: 'Medication review' });
    const res = await call('POST', 'medicalnotecategorytemplate', f.officeAdminA1, { payload: { hospitalId: f.a1.id, title: 'MEDICATION REVIEW' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(DUPLICATE);
    expect((await createTemplate(f.b1.id, { title: 'Medication review' }, f.orgAdminB)).title).toBe('Medication review');
  });

  it('answers the form messages for a missing or too long title', async () => {
    const missing = await call('POST', 'medicalnotecategorytemplate', f.officeAdminA1, { payload: { hospitalId: f.a1.id } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ title: REQUIRED });
    const long = await call('POST', 'medicalnotecategorytemplate', f.officeAdminA1, { payload: { hospitalId: f.a1.id, title: 'x'.repeat(101) } });
    expect(long.json().errors).toEqual({ title: 'This field must be 100 characters or less' });
  });

  it('refuses a doctor with a message naming what was refused (403), and answers 404 for another office', async () => {
    const res = await call('POST', 'medicalnotecategorytemplate', f.doctorA1, { payload: { hospitalId: f.a1.id, title: 'Nope' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ resFlag: false, data: null, msg: TEMPLATES_FORBIDDEN, code: 'noteTemplatesForbidden' });
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await call('POST', 'medicalnotecategorytemplate', who, { payload: { hospitalId: f.a1.id, title: 'Intruder' } })).statusCode).toBe(404);
    }
  });
});

describe('GET medicalnotecategorytemplate and forhospital', () => {
  it("lists the templates of the caller's offices only, filtered by status", async () => {
    const a1 = await createTemplate(f.a1.id);
    const a2 = await createTemplate(f.a2.id, {}, f.officeAdminA2);
    const b1 = await createTemplate(f.b1.id, {}, f.orgAdminB);
    await call('PUT', `medicalnotecategorytemplate/changestatus/${a1.id}`, f.officeAdminA1, { payload: { status: 0 } });
    const all = (await call('GET', 'medicalnotecategorytemplate', f.nurseA1)).json().data.map((x: TemplateView) => x.id);
    expect(all).toContain(a1.id);
    expect(all).not.toContain(a2.id);
    expect(all).not.toContain(b1.id);
    const active = (await call('GET', 'medicalnotecategorytemplate?status=1', f.nurseA1)).json().data.map((x: TemplateView) => x.id);
    expect(active).not.toContain(a1.id);
    const orgA = (await call('GET', 'medicalnotecategorytemplate', f.orgAdminA)).json().data.map((x: TemplateView) => x.id);
    expect(orgA).toEqual(expect.arrayContaining([a1.id, a2.id]));
    expect(orgA).not.toContain(b1.id);
  });

  it("lists one office's templates, 404 for another office, 400 without the office", async () => {
    const a1 = await createTemplate(f.a1.id);
    const res = await call('GET', 'medicalnotecategorytemplate/forhospital', f.nurseA1, { headers: { hospitalid: f.a1.id } });
    expect(res.json().data.map((x: TemplateView) => x.id)).toContain(a1.id);
    expect(res.json().data.every((x: TemplateView) => x.hospitalId === f.a1.id)).toBe(true);
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await call('GET', 'medicalnotecategorytemplate/forhospital', who, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    }
    expect((await call('GET', 'medicalnotecategorytemplate/forhospital', f.nurseA1)).json().errors).toEqual({ hospitalid: REQUIRED });
  });

  it('refuses a caregiver and a patient (403)', async () => {
    for (const who of [f.caregiverA1, f.patientA1]) {
      expect((await call('GET', 'medicalnotecategorytemplate', who)).statusCode).toBe(403);
      expect((await call('GET', 'medicalnotecategorytemplate/forhospital', who, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(403);
    }
  });
});

describe('PUT medicalnotecategorytemplate/{id}', () => {
  it('edits a template, keeping its own title allowed and refusing another one of the office', async () => {
    const tpl = await createTemplate(f.a1.id, { title: 'Diet' });
    const other = await createTemplate(f.a1.id, { title: 'Exercise' });
    const res = await call('PUT', `medicalnotecategorytemplate/${tpl.id}`, f.officeAdminA1, { payload: { title: 'diet', program: 'CCM', bodyTemplate: 'Meals:' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: tpl.id, title: 'diet', program: 'CCM', bodyTemplate: 'Meals:' });
    const dup = await call('PUT', `medicalnotecategorytemplate/${tpl.id}`, f.officeAdminA1, { payload: { title: other.title } });
    expect(dup.statusCode).toBe(409);
  });

  it("returns the server's message on a 403 and 404 for another office's template", async () => {
    const tpl = await createTemplate(f.a1.id);
    const res = await call('PUT', `medicalnotecategorytemplate/${tpl.id}`, f.nurseA1, { payload: { title: 'Nurse edit' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(TEMPLATES_FORBIDDEN);
    expect((await call('PUT', `medicalnotecategorytemplate/${tpl.id}`, f.nurseA1, { payload: { title: 'Nurse edit' }, lang: 'es' })).json().msg).toBe(
      'No tiene permiso para gestionar las plantillas de categoría de notas médicas',
    );
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await call('PUT', `medicalnotecategorytemplate/${tpl.id}`, who, { payload: { title: 'Other' } })).statusCode).toBe(404);
    }
    expect((await call('PUT', `medicalnotecategorytemplate/${tpl.id}`, f.officeAdminA1, { payload: { title: '' } })).json().errors).toEqual({ title: REQUIRED });
    expect((await stored(tpl.id))!.title).toBe(tpl.title);
  });
});

describe('PUT medicalnotecategorytemplate/changestatus/{id}', () => {
  it('deactivates and reactivates a template; an inactive one is not offered for new notes', async () => {
    const tpl = await createTemplate(f.a1.id);
    const off = await call('PUT', `medicalnotecategorytemplate/changestatus/${tpl.id}`, f.officeAdminA1, { payload: { status: 0 } });
    expect(off.json().data.status).toBe(0);
    const note = await call('POST', 'medicalnote', f.nurseA1, { payload: { patientId: f.patientA1.id, hospitalId: f.a1.id, month: 5, year: 2025, text: 'x', categoryTemplateId: tpl.id } });
    expect(note.json().errors).toEqual({ categoryTemplateId: 'Invalid id' });
    expect((await call('PUT', `medicalnotecategorytemplate/changestatus/${tpl.id}`, f.officeAdminA1, { payload: { status: 1 } })).json().data.status).toBe(1);
  });

  it('answers 400 for an unknown status, 403 for a doctor, 404 for another office', async () => {
    const tpl = await createTemplate(f.a1.id);
    expect((await call('PUT', `medicalnotecategorytemplate/changestatus/${tpl.id}`, f.officeAdminA1, { payload: { status: 2 } })).json().errors).toEqual({
      status: 'This field needs to be formatted',
    });
    expect((await call('PUT', `medicalnotecategorytemplate/changestatus/${tpl.id}`, f.doctorA1, { payload: { status: 0 } })).json().msg).toBe(TEMPLATES_FORBIDDEN);
    expect((await call('PUT', `medicalnotecategorytemplate/changestatus/${tpl.id}`, f.orgAdminB, { payload: { status: 0 } })).statusCode).toBe(404);
    expect((await stored(tpl.id))!.status).toBe(1);
  });
});

describe('DELETE medicalnotecategorytemplate/{id}', () => {
  it('deletes an unused template', async () => {
    const tpl = await createTemplate(f.a1.id);
    const res = await call('DELETE', `medicalnotecategorytemplate/${tpl.id}`, f.officeAdminA1);
    expect(res.json()).toEqual({ resFlag: true, data: { id: tpl.id }, msg: 'OK' });
    expect(await stored(tpl.id)).toBeUndefined();
  });

  it('refuses a template a note detail uses (409), which the lists show as inUse', async () => {
    const tpl = await createTemplate(f.a1.id);
    await useTemplate(tpl.id);
    const res = await call('DELETE', `medicalnotecategorytemplate/${tpl.id}`, f.officeAdminA1);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(IN_USE);
    const listed = (await call('GET', 'medicalnotecategorytemplate/forhospital', f.officeAdminA1, { headers: { hospitalid: f.a1.id } })).json().data;
    expect(listed.find((x: TemplateView) => x.id === tpl.id).inUse).toBe(true);
    expect(await stored(tpl.id)).toBeDefined();
  });

  it('answers 403 with a message for a doctor and 404 for another office or organization', async () => {
    const tpl = await createTemplate(f.a1.id);
    const res = await call('DELETE', `medicalnotecategorytemplate/${tpl.id}`, f.doctorA1);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(TEMPLATES_FORBIDDEN);
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await call('DELETE', `medicalnotecategorytemplate/${tpl.id}`, who)).statusCode).toBe(404); }
    expect(await stored(tpl.id)).toBeDefined();
  });
});

describe('POST medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid', () => {
  it("copies the source office's active templates, skipping titles the target has", async () => {
    const from = await createOffice(t, f.orgA.id);
    const to = await createOffice(t, f.orgA.id);
    const keep = await createTemplate(from.id, { title: 'Vitals review', program: 'RTM', bodyTemplate: 'Body' }, f.orgAdminA);
    await createTemplate(from.id, { title: 'Shared title' }, f.orgAdminA);
    const inactive = await createTemplate(from.id, { title: 'Old one' }, f.orgAdminA);
    await call('PUT', `medicalnotecategorytemplate/changestatus/${inactive.id}`, f.orgAdminA, { payload: { status: 0 } });
    await createTemplate(to.id, { title: 'SHARED TITLE' }, f.orgAdminA);
    const res = await call('POST', 'medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid', f.orgAdminA, {
      payload: { fromHospitalId: from.id, toHospitalId: to.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.skippedTitles).toEqual(['Shared title']);
    expect(res.json().data.copied).toMatchObject([{ hospitalId: to.id, title: keep.title, program: 'RTM', bodyTemplate: 'Body', status: 1, inUse: false }]);
    const again = await call('POST', 'medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid', f.orgAdminA, {
      payload: { fromHospitalId: from.id, toHospitalId: to.id },
    });
    expect(again.json().data).toEqual({ copied: [], skippedTitles: ['Shared title', 'Vitals review'] });
  });

  it('answers 404 when either office is out of scope, 400 for the same office, 403 with a message for a doctor', async () => {
    const mine = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgA.id, offices: [f.a1.id] });
    const out = await call('POST', 'medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid', mine, { payload: { fromHospitalId: f.a1.id, toHospitalId: f.b1.id } });
    expect(out.statusCode).toBe(404);
    const inb = await call('POST', 'medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid', mine, { payload: { fromHospitalId: f.b1.id, toHospitalId: f.a1.id } });
    expect(inb.statusCode).toBe(404);
    expect(await t.ctx.db.select().from(medicalNoteCategoryTemplates).where(eq(medicalNoteCategoryTemplates.hospitalId, f.b1.id))).not.toHaveLength(0);
    const same = await call('POST', 'medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid', mine, { payload: { fromHospitalId: f.a1.id, toHospitalId: f.a1.id } });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ toHospitalId: 'Invalid' });
    const missing = await call('POST', 'medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid', mine, { payload: { fromHospitalId: f.a1.id } });
    expect(missing.json().errors).toEqual({ toHospitalId: REQUIRED });
    const doctor = await call('POST', 'medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid', f.doctorA1, { payload: { fromHospitalId: f.a1.id, toHospitalId: f.a2.id } });
    expect(doctor.statusCode).toBe(403);
    expect(doctor.json().msg).toBe(TEMPLATES_FORBIDDEN);
  });
});
