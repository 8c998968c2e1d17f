import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, medicalNotes } from '@vigil/contract';
import { callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createOffice, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { medicalNoteCategoryTemplates } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const REQUIRED = 'This field is required';
const TEMPLATES_FORBIDDEN = 'You do not have permission to manage medical note category templates';
const DUPLICATE = 'This office already has a category template with this title';
const IN_USE = 'This category template is used by medical notes and cannot be deleted; deactivate it instead';

const callAs = callerFor(() => t);

interface TemplateView {
  id: number;
  hospitalId: number;
  title: string;
  status: number;
  inUse: boolean;
  program: string;
}

let seq = 0;
type TemplateBody = NonNullable<CallInput<typeof medicalNotes.createMedicalNoteCategoryTemplate>['body']>;
async function createTemplate(hospitalId: number, values: Partial<TemplateBody> = {}, who: CallUser = f.officeAdminA1) {
  const res = await callAs(who, medicalNotes.createMedicalNoteCategoryTemplate, { body: { hospitalId, title: `Template ${++seq}`, program: 'RPM', ...values } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

async function stored(id: number) {
  const [row] = await t.ctx.db.select().from(medicalNoteCategoryTemplates).where(eq(medicalNoteCategoryTemplates.id, id));
  return row;
}

/** A note detail that uses `templateId` (through the API, as the a1 nurse). */
async function useTemplate(templateId: number) {
  const res = await callAs(f.nurseA1, medicalNotes.createMedicalNote, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, month: 5, year: 2025, text: 'Uses it', categoryTemplateId: templateId } });
  expect(res.status, res.reply.body).toBe(201);
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
    const res = await callAs(f.officeAdminA1, medicalNotes.createMedicalNoteCategoryTemplate, { body: { hospitalId: f.a1.id, title: 'MEDICATION REVIEW' } });
    expect(res.status).toBe(409);
    expect(res.msg).toBe(DUPLICATE);
    expect((await createTemplate(f.b1.id, { title: 'Medication review' }, f.orgAdminB)).title).toBe('Medication review');
  });

  it('answers the form messages for a missing or too long title', async () => {
    const missing = await callAs(f.officeAdminA1, medicalNotes.createMedicalNoteCategoryTemplate, { body: invalid({ hospitalId: f.a1.id }) });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ title: REQUIRED });
    const long = await callAs(f.officeAdminA1, medicalNotes.createMedicalNoteCategoryTemplate, { body: { hospitalId: f.a1.id, title: 'x'.repeat(101) } });
    expect(long.errors).toEqual({ title: 'This field must be 100 characters or less' });
  });

  it('refuses a doctor with a message naming what was refused (403), and answers 404 for another office', async () => {
    const res = await callAs(f.doctorA1, medicalNotes.createMedicalNoteCategoryTemplate, { body: { hospitalId: f.a1.id, title: 'Nope' } });
    expect(res.status).toBe(403);
    expect(res.reply.json()).toEqual({ resFlag: false, data: null, msg: TEMPLATES_FORBIDDEN, code: 'noteTemplatesForbidden' });
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await callAs(who, medicalNotes.createMedicalNoteCategoryTemplate, { body: { hospitalId: f.a1.id, title: 'Intruder' } })).status).toBe(404);
    }
  });
});

describe('GET medicalnotecategorytemplate and forhospital', () => {
  it("lists the templates of the caller's offices only, filtered by status", async () => {
    const a1 = await createTemplate(f.a1.id);
    const a2 = await createTemplate(f.a2.id, {}, f.officeAdminA2);
    const b1 = await createTemplate(f.b1.id, {}, f.orgAdminB);
    await callAs(f.officeAdminA1, medicalNotes.changeMedicalNoteCategoryTemplateStatus, { params: { id: a1.id }, body: { status: 0 } });
    const all = (await callAs(f.nurseA1, medicalNotes.getMedicalNoteCategoryTemplates)).body.map((x: TemplateView) => x.id);
    expect(all).toContain(a1.id);
    expect(all).not.toContain(a2.id);
    expect(all).not.toContain(b1.id);
    const active = (await callAs(f.nurseA1, medicalNotes.getMedicalNoteCategoryTemplates, { query: { status: 1 } })).body.map((x: TemplateView) => x.id);
    expect(active).not.toContain(a1.id);
    const orgA = (await callAs(f.orgAdminA, medicalNotes.getMedicalNoteCategoryTemplates)).body.map((x: TemplateView) => x.id);
    expect(orgA).toEqual(expect.arrayContaining([a1.id, a2.id]));
    expect(orgA).not.toContain(b1.id);
  });

  it("lists one office's templates, 404 for another office, 400 without the office", async () => {
    const a1 = await createTemplate(f.a1.id);
    const res = await callAs(f.nurseA1, medicalNotes.getMedicalNoteCategoryTemplatesForHospital, { headers: { hospitalid: f.a1.id } });
    expect(res.body.map((x: TemplateView) => x.id)).toContain(a1.id);
    expect(res.body.every((x: TemplateView) => x.hospitalId === f.a1.id)).toBe(true);
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, medicalNotes.getMedicalNoteCategoryTemplatesForHospital, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    }
    expect((await callAs(f.nurseA1, medicalNotes.getMedicalNoteCategoryTemplatesForHospital)).errors).toEqual({ hospitalid: REQUIRED });
  });
});

describe('PUT medicalnotecategorytemplate/{id}', () => {
  it('edits a template, keeping its own title allowed and refusing another one of the office', async () => {
    const tpl = await createTemplate(f.a1.id, { title: 'Diet' });
    const other = await createTemplate(f.a1.id, { title: 'Exercise' });
    const res = await callAs(f.officeAdminA1, medicalNotes.updateMedicalNoteCategoryTemplate, { params: { id: tpl.id }, body: { title: 'diet', program: 'CCM', bodyTemplate: 'Meals:' } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ id: tpl.id, title: 'diet', program: 'CCM', bodyTemplate: 'Meals:' });
    const dup = await callAs(f.officeAdminA1, medicalNotes.updateMedicalNoteCategoryTemplate, { params: { id: tpl.id }, body: { title: other.title } });
    expect(dup.status).toBe(409);
  });

  it("returns the server's message on a 403 and 404 for another office's template", async () => {
    const tpl = await createTemplate(f.a1.id);
    const res = await callAs(f.nurseA1, medicalNotes.updateMedicalNoteCategoryTemplate, { params: { id: tpl.id }, body: { title: 'Nurse edit' } });
    expect(res.status).toBe(403);
    expect(res.msg).toBe(TEMPLATES_FORBIDDEN);
    expect((await callAs(f.nurseA1, medicalNotes.updateMedicalNoteCategoryTemplate, { params: { id: tpl.id }, body: { title: 'Nurse edit' }, lang: 'es' })).msg).toBe(
      'No tiene permiso para gestionar las plantillas de categoría de notas médicas',
    );
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await callAs(who, medicalNotes.updateMedicalNoteCategoryTemplate, { params: { id: tpl.id }, body: { title: 'Other' } })).status).toBe(404);
    }
    expect((await callAs(f.officeAdminA1, medicalNotes.updateMedicalNoteCategoryTemplate, { params: { id: tpl.id }, body: { title: '' } })).errors).toEqual({ title: REQUIRED });
    expect((await stored(tpl.id))!.title).toBe(tpl.title);
  });
});

describe('PUT medicalnotecategorytemplate/changestatus/{id}', () => {
  it('deactivates and reactivates a template; an inactive one is not offered for new notes', async () => {
    const tpl = await createTemplate(f.a1.id);
    const off = await callAs(f.officeAdminA1, medicalNotes.changeMedicalNoteCategoryTemplateStatus, { params: { id: tpl.id }, body: { status: 0 } });
    expect(off.body.status).toBe(0);
    const note = await callAs(f.nurseA1, medicalNotes.createMedicalNote, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, month: 5, year: 2025, text: 'x', categoryTemplateId: tpl.id } });
    expect(note.errors).toEqual({ categoryTemplateId: 'Invalid id' });
    expect((await callAs(f.officeAdminA1, medicalNotes.changeMedicalNoteCategoryTemplateStatus, { params: { id: tpl.id }, body: { status: 1 } })).body.status).toBe(1);
  });

  it('answers 400 for an unknown status, 403 for a doctor, 404 for another office', async () => {
    const tpl = await createTemplate(f.a1.id);
    expect((await callAs(f.officeAdminA1, medicalNotes.changeMedicalNoteCategoryTemplateStatus, { params: { id: tpl.id }, body: { status: invalid(2) } })).errors).toEqual({
      status: 'This field needs to be formatted',
    });
    expect((await callAs(f.doctorA1, medicalNotes.changeMedicalNoteCategoryTemplateStatus, { params: { id: tpl.id }, body: { status: 0 } })).msg).toBe(TEMPLATES_FORBIDDEN);
    expect((await callAs(f.orgAdminB, medicalNotes.changeMedicalNoteCategoryTemplateStatus, { params: { id: tpl.id }, body: { status: 0 } })).status).toBe(404);
    expect((await stored(tpl.id))!.status).toBe(1);
  });
});

describe('DELETE medicalnotecategorytemplate/{id}', () => {
  it('deletes an unused template', async () => {
    const tpl = await createTemplate(f.a1.id);
    const res = await callAs(f.officeAdminA1, medicalNotes.deleteMedicalNoteCategoryTemplate, { params: { id: tpl.id } });
    expect(res.reply.json()).toEqual({ resFlag: true, data: { id: tpl.id }, msg: 'OK' });
    expect(await stored(tpl.id)).toBeUndefined();
  });

  it('refuses a template a note detail uses (409), which the lists show as inUse', async () => {
    const tpl = await createTemplate(f.a1.id);
    await useTemplate(tpl.id);
    const res = await callAs(f.officeAdminA1, medicalNotes.deleteMedicalNoteCategoryTemplate, { params: { id: tpl.id } });
    expect(res.status).toBe(409);
    expect(res.msg).toBe(IN_USE);
    const listed = (await callAs(f.officeAdminA1, medicalNotes.getMedicalNoteCategoryTemplatesForHospital, { headers: { hospitalid: f.a1.id } })).body;
    expect(listed.find((x: TemplateView) => x.id === tpl.id)!.inUse).toBe(true);
    expect(await stored(tpl.id)).toBeDefined();
  });

  it('answers 403 with a message for a doctor and 404 for another office or organization', async () => {
    const tpl = await createTemplate(f.a1.id);
    const res = await callAs(f.doctorA1, medicalNotes.deleteMedicalNoteCategoryTemplate, { params: { id: tpl.id } });
    expect(res.status).toBe(403);
    expect(res.msg).toBe(TEMPLATES_FORBIDDEN);
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await callAs(who, medicalNotes.deleteMedicalNoteCategoryTemplate, { params: { id: tpl.id } })).status).toBe(404); }
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
    await callAs(f.orgAdminA, medicalNotes.changeMedicalNoteCategoryTemplateStatus, { params: { id: inactive.id }, body: { status: 0 } });
    await createTemplate(to.id, { title: 'SHARED TITLE' }, f.orgAdminA);
    const res = await callAs(f.orgAdminA, medicalNotes.copyMedicalNoteCategoryTemplates, {
      body: { fromHospitalId: from.id, toHospitalId: to.id },
    });
    expect(res.status, res.reply.body).toBe(201);
    expect(res.body.skippedTitles).toEqual(['Shared title']);
    expect(res.body.copied).toMatchObject([{ hospitalId: to.id, title: keep.title, program: 'RTM', bodyTemplate: 'Body', status: 1, inUse: false }]);
    const again = await callAs(f.orgAdminA, medicalNotes.copyMedicalNoteCategoryTemplates, {
      body: { fromHospitalId: from.id, toHospitalId: to.id },
    });
    expect(again.body).toEqual({ copied: [], skippedTitles: ['Shared title', 'Vitals review'] });
  });

  it('answers 404 when either office is out of scope, 400 for the same office, 403 with a message for a doctor', async () => {
    const mine = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgA.id, offices: [f.a1.id] });
    const out = await callAs(mine, medicalNotes.copyMedicalNoteCategoryTemplates, { body: { fromHospitalId: f.a1.id, toHospitalId: f.b1.id } });
    expect(out.status).toBe(404);
    const inb = await callAs(mine, medicalNotes.copyMedicalNoteCategoryTemplates, { body: { fromHospitalId: f.b1.id, toHospitalId: f.a1.id } });
    expect(inb.status).toBe(404);
    expect(await t.ctx.db.select().from(medicalNoteCategoryTemplates).where(eq(medicalNoteCategoryTemplates.hospitalId, f.b1.id))).not.toHaveLength(0);
    const same = await callAs(mine, medicalNotes.copyMedicalNoteCategoryTemplates, { body: { fromHospitalId: f.a1.id, toHospitalId: f.a1.id } });
    expect(same.status).toBe(400);
    expect(same.errors).toEqual({ toHospitalId: 'Invalid' });
    const missing = await callAs(mine, medicalNotes.copyMedicalNoteCategoryTemplates, { body: invalid({ fromHospitalId: f.a1.id }) });
    expect(missing.errors).toEqual({ toHospitalId: REQUIRED });
    const doctor = await callAs(f.doctorA1, medicalNotes.copyMedicalNoteCategoryTemplates, { body: { fromHospitalId: f.a1.id, toHospitalId: f.a2.id } });
    expect(doctor.status).toBe(403);
    expect(doctor.msg).toBe(TEMPLATES_FORBIDDEN);
  });
});
