import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { billingAuthorizationTemplates, patientBillingProfiles, userBillingAuthorizations } from '../../db/schema/index';
import { authorize, caller, FORBIDDEN, giveNpi, INVALID_ID, REQUIRED, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';

let t: TestApp;
let f: Fixture;
const call = caller(() => t);
const FORMAT = 'This field needs to be formatted';
const NOT_AUTHORIZED = "The billing practitioner must be a doctor of the patient's office authorized to bill this program";

type Template = { id: number; organizationId: number; name: string; programs: string[]; usedBy: number };
type Authorization = { id: number; userId: number; hospitalId: number; templateId: number | null; programs: string[]; userFullname: string };

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
}, 120_000);
afterAll(async () => t?.close());

async function createTemplate(who: { id: number }, body: Record<string, unknown>) {
  const res = await call('POST', 'billingauthorizationtemplate', who, { payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Template;
}

describe('billing authorization templates', () => {
  it('creates a template for the caller organization with programs deduplicated in canonical order', async () => {
    const tpl = await createTemplate(f.orgAdminA, { name: 'Remote monitoring', programs: ['RTM', 'RPM', 'RPM'] });
    expect(tpl).toMatchObject({ organizationId: f.orgA.id, organizationName: f.orgA.institutionName, name: 'Remote monitoring', programs: ['RPM', 'RTM'], usedBy: 0 });
    const sys = await createTemplate(f.sysadmin, { organizationId: f.orgB.id, name: 'Care management', programs: ['CCM', 'PCM'] });
    expect(sys.organizationId).toBe(f.orgB.id);
  });

  it('refuses a name already used in the organization (409) but allows it in another', async () => {
    await createTemplate(f.orgAdminA, { name: 'Everything', programs: ['RPM', 'RTM', 'CCM', 'PCM', 'APCM', 'BHI', 'CPM'] });
    const dup = await call('POST', 'billingauthorizationtemplate', f.orgAdminA, { payload: { name: 'everything', programs: ['RPM'] } });
    expect(dup.statusCode).toBe(409);
    await createTemplate(f.orgAdminB, { name: 'Everything', programs: ['RPM'] });
  });

  it('answers 400 with field messages', async () => {
    const empty = await call('POST', 'billingauthorizationtemplate', f.orgAdminA, { payload: { name: '', programs: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ name: REQUIRED, programs: REQUIRED });
    const unknown = await call('POST', 'billingauthorizationtemplate', f.orgAdminA, { payload: { name: 'X', programs: ['XYZ'] } });
    expect(unknown.json().errors).toEqual({ 'programs.0': FORMAT });
    const sysNoOrg = await call('POST', 'billingauthorizationtemplate', f.sysadmin, { payload: { name: 'X', programs: ['RPM'] } });
    expect(sysNoOrg.json().errors).toEqual({ organizationId: REQUIRED });
  });

  it('lists, reads, updates and deletes within the organization', async () => {
    const tpl = await createTemplate(f.orgAdminA, { name: 'Lifecycle', programs: ['CCM'] });
    const list = (await call('GET', 'billingauthorizationtemplate', f.doctorA1, { query: { search: 'Life' } })).json().data;
    expect(list.items.map((x: Template) => x.id)).toEqual([tpl.id]);
    expect((await call('GET', `billingauthorizationtemplate/${tpl.id}`, f.nurseA1)).json().data).toMatchObject({ name: 'Lifecycle', programs: ['CCM'] });
    const updated = await call('PUT', `billingauthorizationtemplate/${tpl.id}`, f.orgAdminA, { payload: { name: 'Lifecycle 2', programs: ['PCM', 'CCM'] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Lifecycle 2', programs: ['CCM', 'PCM'] });
    const deleted = await call('DELETE', `billingauthorizationtemplate/${tpl.id}`, f.orgAdminA);
    expect(deleted.json().data.id).toBe(tpl.id);
    expect((await call('GET', `billingauthorizationtemplate/${tpl.id}`, f.orgAdminA)).statusCode).toBe(404);
  });

  it("hides another organization's templates (absent from lists, 404 by id, unchanged)", async () => {
    const tpl = await createTemplate(f.orgAdminA, { name: 'Private A', programs: ['RPM'] });
    const listB = (await call('GET', 'billingauthorizationtemplate', f.orgAdminB, { query: { pageSize: 200 } })).json().data.items as Template[];
    expect(listB.every((x) => x.organizationId === f.orgB.id)).toBe(true);
    expect((await call('GET', 'billingauthorizationtemplate', f.orgAdminB, { query: { organizationid: f.orgA.id } })).json().data.total).toBe(0);
    for (const [method, payload] of [['GET', undefined], ['PUT', { name: 'Hijack' }], ['DELETE', undefined]] as const) {
      const res = await call(method, `billingauthorizationtemplate/${tpl.id}`, f.orgAdminB, { payload });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().msg).toBe(INVALID_ID);
    }
    expect((await call('POST', 'billingauthorizationtemplate', f.orgAdminB, { payload: { organizationId: f.orgA.id, name: 'Into A', programs: ['RPM'] } })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(billingAuthorizationTemplates).where(eq(billingAuthorizationTemplates.id, tpl.id));
    expect(row!.name).toBe('Private A');
  });

  it("lets only the organization's admin and a system admin create, change or delete a template, not an office admin of the organization (403, unchanged)", async () => {
    // docs/security.md "Inbound principals": a template covers every office of the organization.
    const tpl = await createTemplate(f.orgAdminA, { name: 'Organization wide', programs: ['RPM'] });
    for (const [method, path, payload] of [
      ['POST', 'billingauthorizationtemplate', { name: 'By an office admin', programs: ['RPM'] }],
      ['POST', 'billingauthorizationtemplate', { organizationId: f.orgA.id, name: 'By an office admin', programs: ['RPM'] }],
      ['PUT', `billingauthorizationtemplate/${tpl.id}`, { name: 'Renamed by an office admin' }],
      ['DELETE', `billingauthorizationtemplate/${tpl.id}`, undefined],
    ] as const) {
      const res = await call(method, path, f.officeAdminA1, { payload });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().msg).toBe(FORBIDDEN);
    }
    const rows = await t.ctx.db.select().from(billingAuthorizationTemplates).where(eq(billingAuthorizationTemplates.organizationId, f.orgA.id));
    expect(rows.find((r) => r.id === tpl.id)!.name).toBe('Organization wide');
    expect(rows.some((r) => r.name === 'By an office admin')).toBe(false);
    // the office admin still reads it, to apply it to the staff of their office
    expect((await call('GET', `billingauthorizationtemplate/${tpl.id}`, f.officeAdminA1)).statusCode).toBe(200);
    expect((await call('PUT', `billingauthorizationtemplate/${tpl.id}`, f.sysadmin, { payload: { name: 'Renamed by the system' } })).statusCode).toBe(200);
    expect((await call('DELETE', `billingauthorizationtemplate/${tpl.id}`, f.orgAdminA)).statusCode).toBe(200);
  });

  it('refuses roles without the permission (403)', async () => {
    const tpl = await createTemplate(f.orgAdminA, { name: 'Perm', programs: ['RPM'] });
    expect((await call('POST', 'billingauthorizationtemplate', f.nurseA1, { payload: { name: 'N', programs: ['RPM'] } })).statusCode).toBe(403);
    expect((await call('PUT', `billingauthorizationtemplate/${tpl.id}`, f.doctorA1, { payload: { name: 'N' } })).statusCode).toBe(403);
    expect((await call('DELETE', `billingauthorizationtemplate/${tpl.id}`, f.nurseA1)).statusCode).toBe(403);
    const read = await call('GET', 'billingauthorizationtemplate', f.caregiverA1);
    expect(read.statusCode).toBe(403);
    expect(read.json().msg).toBe(FORBIDDEN);
    expect((await call('GET', `billingauthorizationtemplate/${tpl.id}`, f.patientA1)).statusCode).toBe(403);
  });
});

describe('user billing authorizations', () => {
  async function createAuthorization(who: { id: number }, body: Record<string, unknown>) {
    const res = await call('POST', 'billingusersauthorization', who, { payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Authorization;
  }

  it('authorizes a doctor with explicit programs and a nurse from a template', async () => {
    const explicit = await createAuthorization(f.officeAdminA1, { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['CCM', 'RPM'] });
    expect(explicit).toMatchObject({ userId: f.doctorA1.id, roleId: Role.DOCTOR, hospitalId: f.a1.id, hospitalName: f.a1.hospitalName, templateId: null, programs: ['RPM', 'CCM'] });
    const tpl = await createTemplate(f.orgAdminA, { name: 'Nurse programs', programs: ['RPM', 'BHI'] });
    const fromTemplate = await createAuthorization(f.orgAdminA, { userId: f.nurseA1.id, hospitalId: f.a1.id, templateId: tpl.id });
    expect(fromTemplate).toMatchObject({ templateId: tpl.id, templateName: 'Nurse programs', programs: ['RPM', 'BHI'] });
    expect((await call('GET', `billingauthorizationtemplate/${tpl.id}`, f.orgAdminA)).json().data.usedBy).toBe(1);
  });

  it('refuses a second authorization for the same user and office (409)', async () => {
    const res = await call('POST', 'billingusersauthorization', f.officeAdminA1, { payload: { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['RTM'] } });
    expect(res.statusCode).toBe(409);
  });

  it('answers 400 without programs or template, for a patient, and for bad values', async () => {
    const none = await call('POST', 'billingusersauthorization', f.officeAdminA1, { payload: { userId: f.officeAdminA1.id, hospitalId: f.a1.id } });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ programs: REQUIRED });
    const patient = await call('POST', 'billingusersauthorization', f.officeAdminA1, { payload: { userId: f.patientA1.id, hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(patient.statusCode).toBe(400);
    expect(patient.json().errors).toEqual({ userId: 'Invalid' });
    const bad = await call('POST', 'billingusersauthorization', f.officeAdminA1, { payload: { userId: 'x', hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(bad.json().errors).toEqual({ userId: FORMAT });
  });

  it('answers 404 for a user not assigned to the office, an office out of scope, or a template of another organization', async () => {
    const notThere = await call('POST', 'billingusersauthorization', f.orgAdminA, { payload: { userId: f.doctorA2.id, hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(notThere.statusCode).toBe(404);
    const otherOffice = await call('POST', 'billingusersauthorization', f.officeAdminA2, { payload: { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(otherOffice.statusCode).toBe(404);
    const otherOrg = await call('POST', 'billingusersauthorization', f.orgAdminB, { payload: { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(otherOrg.statusCode).toBe(404);
    const tplB = await createTemplate(f.orgAdminB, { name: 'B only', programs: ['RPM'] });
    const foreignTemplate = await call('POST', 'billingusersauthorization', f.orgAdminA, { payload: { userId: f.doctorA2.id, hospitalId: f.a2.id, templateId: tplB.id } });
    expect(foreignTemplate.statusCode).toBe(404);
  });

  it('lists, reads, updates (through a template) and deletes within the offices in scope', async () => {
    const doctor = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a2.id], values: { firstName: 'Zed', lastName: 'Lister' } });
    const auth = await createAuthorization(f.officeAdminA2, { userId: doctor.id, hospitalId: f.a2.id, programs: ['RPM'] });
    const list = (await call('GET', 'billingusersauthorization', f.orgAdminA, { query: { hospitalid: f.a2.id, program: 'RPM' } })).json().data;
    expect(list.items.map((a: Authorization) => a.id)).toEqual([auth.id]);
    expect(list.items[0].userFullname).toBe('Zed Lister');
    expect((await call('GET', 'billingusersauthorization', f.orgAdminA, { query: { hospitalid: f.a2.id, program: 'CCM' } })).json().data.total).toBe(0);
    expect((await call('GET', `billingusersauthorization/${auth.id}`, f.doctorA2)).json().data.programs).toEqual(['RPM']);
    const tpl = await createTemplate(f.orgAdminA, { name: 'Switch', programs: ['CCM', 'APCM'] });
    const viaTemplate = await call('PUT', `billingusersauthorization/${auth.id}`, f.officeAdminA2, { payload: { templateId: tpl.id } });
    expect(viaTemplate.statusCode, viaTemplate.body).toBe(200);
    expect(viaTemplate.json().data).toMatchObject({ templateId: tpl.id, programs: ['CCM', 'APCM'] });
    const explicit = await call('PUT', `billingusersauthorization/${auth.id}`, f.officeAdminA2, { payload: { templateId: null, programs: ['RTM'] } });
    expect(explicit.json().data).toMatchObject({ templateId: null, programs: ['RTM'] });
    expect((await call('DELETE', `billingusersauthorization/${auth.id}`, f.officeAdminA2)).json().data.id).toBe(auth.id);
    expect((await call('GET', `billingusersauthorization/${auth.id}`, f.officeAdminA2)).statusCode).toBe(404);
  });

  it("hides another office's authorizations (absent, 404, unchanged) and refuses roles without the permission (403)", async () => {
    const [auth] = await t.ctx.db.select().from(userBillingAuthorizations).where(eq(userBillingAuthorizations.userId, f.doctorA1.id));
    const a2List = (await call('GET', 'billingusersauthorization', f.officeAdminA2, { query: { pageSize: 200 } })).json().data.items as Authorization[];
    expect(a2List.some((a) => a.id === auth!.id)).toBe(false);
    expect((await call('GET', 'billingusersauthorization', f.orgAdminB, { query: { userid: f.doctorA1.id } })).json().data.total).toBe(0);
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await call('GET', `billingusersauthorization/${auth!.id}`, who)).statusCode).toBe(404);
      expect((await call('PUT', `billingusersauthorization/${auth!.id}`, who, { payload: { programs: ['CPM'] } })).statusCode).toBe(404);
      expect((await call('DELETE', `billingusersauthorization/${auth!.id}`, who)).statusCode).toBe(404);
    }
    const [after] = await t.ctx.db.select().from(userBillingAuthorizations).where(eq(userBillingAuthorizations.id, auth!.id));
    expect(after!.programsJson).toEqual(auth!.programsJson);
    expect((await call('POST', 'billingusersauthorization', f.doctorA1, { payload: { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['RPM'] } })).statusCode).toBe(403);
    expect((await call('PUT', `billingusersauthorization/${auth!.id}`, f.nurseA1, { payload: { programs: ['RPM'] } })).statusCode).toBe(403);
    expect((await call('DELETE', `billingusersauthorization/${auth!.id}`, f.nurseA1)).statusCode).toBe(403);
    expect((await call('GET', 'billingusersauthorization', f.caregiverA1)).statusCode).toBe(403);
    expect((await call('GET', `billingusersauthorization/${auth!.id}`, f.patientA1)).statusCode).toBe(403);
    expect((await call('PUT', `billingusersauthorization/${auth!.id}`, f.officeAdminA1, { payload: { programs: [] } })).json().errors).toEqual({ programs: REQUIRED });
  });
});

describe('billing/patientbillingprofile', () => {
  let rpmDoctor: { id: number };
  let ccmOnlyDoctor: { id: number };

  beforeAll(async () => {
    rpmDoctor = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Rita', lastName: 'Pm' } });
    ccmOnlyDoctor = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id] });
    await giveNpi(t, rpmDoctor.id, '1497758544');
    await authorize(t, rpmDoctor.id, f.a1.id, ['RPM', 'RTM']);
    await authorize(t, ccmOnlyDoctor.id, f.a1.id, ['CCM']);
    await authorize(t, f.doctorA2.id, f.a2.id, ['RPM']);
    await authorize(t, f.nurseA1.id, f.a1.id, ['RPM']).catch(() => undefined);
  });

  const put = (who: { id: number }, patientId: number, body: Record<string, unknown>) =>
    call('PUT', 'billing/patientbillingprofile', who, { headers: { patientid: patientId }, payload: body });

  it('shows the defaults before a profile is saved', async () => {
    const res = await call('GET', 'billing/patientbillingprofile', f.nurseA1, { headers: { patientid: f.patientA1.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      patientId: f.patientA1.id,
      billingType: 'RPM',
      billingPractitionerId: null,
      billingPractitionerName: null,
      billingPractitionerNpi: null,
      diagnoses: [],
      rtmSystem: null,
      rpmEpisodeStart: null,
      updatedAt: null,
      isDefault: true,
    });
  });

  it('saves one billing type, an authorized practitioner and normalised ICD-10-CM codes', async () => {
    const res = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: rpmDoctor.id, diagnoses: ['i10', 'E119', 'E11.9'], rpmEpisodeStart: '2025-05-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      billingType: 'RPM',
      billingPractitionerId: rpmDoctor.id,
      billingPractitionerName: 'Rita Pm',
      billingPractitionerNpi: '1497758544',
      diagnoses: [
        { code: 'I10', category: 'I10', description: 'Essential (primary) hypertension' },
        { code: 'E11.9', category: 'E11', description: 'Type 2 diabetes mellitus' },
      ],
      rpmEpisodeStart: '2025-05-01',
      isDefault: false,
    });
  });

  it('keeps one billing type per patient: a list is refused and a new type replaces the old one', async () => {
    const list = await put(f.officeAdminA1, f.patientA1.id, { billingType: ['RPM', 'CCM'], billingPractitionerId: null, diagnoses: [] });
    expect(list.statusCode).toBe(400);
    expect(list.json().errors).toEqual({ billingType: FORMAT });
    const rtm = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RTM', billingPractitionerId: rpmDoctor.id, diagnoses: ['J44.9'], rtmSystem: 'RESPIRATORY' });
    expect(rtm.statusCode, rtm.body).toBe(200);
    expect(rtm.json().data).toMatchObject({ billingType: 'RTM', rtmSystem: 'RESPIRATORY', rpmEpisodeStart: '2025-05-01' });
    const rows = await t.ctx.db.select().from(patientBillingProfiles).where(eq(patientBillingProfiles.patientId, f.patientA1.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.billingType).toBe('RTM');
  });

  it('requires the RTM system for RTM', async () => {
    const res = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RTM', billingPractitionerId: null, diagnoses: [], rtmSystem: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ rtmSystem: REQUIRED });
  });

  it("refuses a practitioner who is not a doctor of the patient's office authorized for the program", async () => {
    for (const id of [ccmOnlyDoctor.id, f.nurseA1.id]) {
      const res = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: id, diagnoses: [] });
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json()).toMatchObject({ msg: NOT_AUTHORIZED, errors: { billingPractitionerId: NOT_AUTHORIZED } });
    }
    // A doctor outside the caller's offices, another tenant's, or none reads as not found (docs/first-day.md).
    for (const id of [f.doctorA2.id, f.doctorB1.id, 999_999]) {
      const res = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: id, diagnoses: [] });
      expect(res.statusCode, String(id)).toBe(404);
    }
    const ccm = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'CCM', billingPractitionerId: ccmOnlyDoctor.id, diagnoses: [] });
    expect(ccm.statusCode).toBe(200);
  });

  it('refuses unknown, category or malformed ICD-10-CM codes and more than 12 (the problem list\'s rule: diagnoses icd10cmValidity)', async () => {
    // A00.1 is a billable code of the loaded release: accepted, as on the problem list.
    expect((await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: ['I10', 'A00.1'] })).statusCode).toBe(200);
    const unknown = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: ['I10', 'Q99.99'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ msg: 'Unknown ICD-10-CM diagnosis code', errors: { 'diagnoses.1': 'Unknown ICD-10-CM diagnosis code' } });
    const category = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: ['E11'] });
    expect(category.statusCode).toBe(400);
    expect(category.json().code).toBe('diagnosisNotBillable');
    const malformed = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: ['1234'] });
    expect(malformed.json().errors).toEqual({ 'diagnoses.0': FORMAT });
    const many = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: Array.from({ length: 13 }, (_, i) => `I1${i % 10}`) });
    expect(many.statusCode).toBe(400);
  });

  it('refuses roles without the permission (403) and patients of other offices (404)', async () => {
    expect((await put(f.nurseA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: [] })).statusCode).toBe(403);
    expect((await call('GET', 'billing/patientbillingprofile', f.caregiverA1, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(403);
    const before = await t.ctx.db.select().from(patientBillingProfiles).where(eq(patientBillingProfiles.patientId, f.patientA1.id));
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await call('GET', 'billing/patientbillingprofile', who, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(404);
      const res = await put(who, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: [] });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(INVALID_ID);
    }
    expect(await t.ctx.db.select().from(patientBillingProfiles).where(eq(patientBillingProfiles.patientId, f.patientA1.id))).toEqual(before);
    expect((await call('GET', 'billing/patientbillingprofile', f.nurseA1, { headers: { patientid: 'x' } })).json().errors).toEqual({ patientid: FORMAT });
  });
});
