import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billing, Role, type In } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { billingAuthorizationTemplates, patientBillingProfiles, userBillingAuthorizations } from '../../db/schema/index';
import { authorize, FORBIDDEN, giveNpi, INVALID_ID, REQUIRED, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';

let t: TestApp;
let f: Fixture;
const callAs = callerFor(() => t);
const FORMAT = 'This field needs to be formatted';
const NOT_AUTHORIZED = "The billing practitioner must be a doctor of the patient's office authorized to bill this program";


beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
}, 120_000);
afterAll(async () => t?.close());

async function createTemplate(who: { id: number }, body: In<typeof billing.createBillingAuthorizationTemplate.body>) {
  const res = await callAs(who, billing.createBillingAuthorizationTemplate, { body });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
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
    const dup = await callAs(f.orgAdminA, billing.createBillingAuthorizationTemplate, { body: { name: 'everything', programs: ['RPM'] } });
    expect(dup.status).toBe(409);
    await createTemplate(f.orgAdminB, { name: 'Everything', programs: ['RPM'] });
  });

  it('answers 400 with field messages', async () => {
    const empty = await callAs(f.orgAdminA, billing.createBillingAuthorizationTemplate, { body: { name: '', programs: [] } });
    expect(empty.status).toBe(400);
    expect(empty.errors).toEqual({ name: REQUIRED, programs: REQUIRED });
    const unknown = await callAs(f.orgAdminA, billing.createBillingAuthorizationTemplate, { body: { name: 'X', programs: [invalid('XYZ')] } });
    expect(unknown.errors).toEqual({ 'programs.0': FORMAT });
    const sysNoOrg = await callAs(f.sysadmin, billing.createBillingAuthorizationTemplate, { body: { name: 'X', programs: ['RPM'] } });
    expect(sysNoOrg.errors).toEqual({ organizationId: REQUIRED });
  });

  it('lists, reads, updates and deletes within the organization', async () => {
    const tpl = await createTemplate(f.orgAdminA, { name: 'Lifecycle', programs: ['CCM'] });
    const list = (await callAs(f.doctorA1, billing.findBillingAuthorizationTemplates, { query: { search: 'Life' } })).body;
    expect(list.items.map((x) => x.id)).toEqual([tpl.id]);
    expect((await callAs(f.nurseA1, billing.getBillingAuthorizationTemplate, { params: { id: tpl.id } })).body).toMatchObject({ name: 'Lifecycle', programs: ['CCM'] });
    const updated = await callAs(f.orgAdminA, billing.updateBillingAuthorizationTemplate, { params: { id: tpl.id }, body: { name: 'Lifecycle 2', programs: ['PCM', 'CCM'] } });
    expect(updated.status, updated.reply.body).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Lifecycle 2', programs: ['CCM', 'PCM'] });
    const deleted = await callAs(f.orgAdminA, billing.deleteBillingAuthorizationTemplate, { params: { id: tpl.id } });
    expect(deleted.body.id).toBe(tpl.id);
    expect((await callAs(f.orgAdminA, billing.getBillingAuthorizationTemplate, { params: { id: tpl.id } })).status).toBe(404);
  });

  it("hides another organization's templates (absent from lists, 404 by id, unchanged)", async () => {
    const tpl = await createTemplate(f.orgAdminA, { name: 'Private A', programs: ['RPM'] });
    const listB = (await callAs(f.orgAdminB, billing.findBillingAuthorizationTemplates, { query: { pageSize: 200 } })).body.items;
    expect(listB.every((x) => x.organizationId === f.orgB.id)).toBe(true);
    expect((await callAs(f.orgAdminB, billing.findBillingAuthorizationTemplates, { query: { organizationid: f.orgA.id } })).body.total).toBe(0);
    const params = { id: tpl.id };
    for (const [method, send] of [
      ['GET', () => callAs(f.orgAdminB, billing.getBillingAuthorizationTemplate, { params })],
      ['PUT', () => callAs(f.orgAdminB, billing.updateBillingAuthorizationTemplate, { params, body: { name: 'Hijack' } })],
      ['DELETE', () => callAs(f.orgAdminB, billing.deleteBillingAuthorizationTemplate, { params })],
    ] as const) {
      const res = await send();
      expect(res.status, method).toBe(404);
      expect(res.msg).toBe(INVALID_ID);
    }
    expect((await callAs(f.orgAdminB, billing.createBillingAuthorizationTemplate, { body: { organizationId: f.orgA.id, name: 'Into A', programs: ['RPM'] } })).status).toBe(404);
    const [row] = await t.ctx.db.select().from(billingAuthorizationTemplates).where(eq(billingAuthorizationTemplates.id, tpl.id));
    expect(row!.name).toBe('Private A');
  });

  it("lets only the organization's admin and a system admin create, change or delete a template, not an office admin of the organization (403, unchanged)", async () => {
    // docs/security.md "Inbound principals": a template covers every office of the organization.
    const tpl = await createTemplate(f.orgAdminA, { name: 'Organization wide', programs: ['RPM'] });
    const params = { id: tpl.id };
    for (const [what, send] of [
      ['POST', () => callAs(f.officeAdminA1, billing.createBillingAuthorizationTemplate, { body: { name: 'By an office admin', programs: ['RPM'] } })],
      ['POST with organizationId', () => callAs(f.officeAdminA1, billing.createBillingAuthorizationTemplate, { body: { organizationId: f.orgA.id, name: 'By an office admin', programs: ['RPM'] } })],
      ['PUT', () => callAs(f.officeAdminA1, billing.updateBillingAuthorizationTemplate, { params, body: { name: 'Renamed by an office admin' } })],
      ['DELETE', () => callAs(f.officeAdminA1, billing.deleteBillingAuthorizationTemplate, { params })],
    ] as const) {
      const res = await send();
      expect(res.status, what).toBe(403);
      expect(res.msg).toBe(FORBIDDEN);
    }
    const rows = await t.ctx.db.select().from(billingAuthorizationTemplates).where(eq(billingAuthorizationTemplates.organizationId, f.orgA.id));
    expect(rows.find((r) => r.id === tpl.id)!.name).toBe('Organization wide');
    expect(rows.some((r) => r.name === 'By an office admin')).toBe(false);
    // the office admin still reads it, to apply it to the staff of their office
    expect((await callAs(f.officeAdminA1, billing.getBillingAuthorizationTemplate, { params: { id: tpl.id } })).status).toBe(200);
    expect((await callAs(f.sysadmin, billing.updateBillingAuthorizationTemplate, { params: { id: tpl.id }, body: { name: 'Renamed by the system' } })).status).toBe(200);
    expect((await callAs(f.orgAdminA, billing.deleteBillingAuthorizationTemplate, { params: { id: tpl.id } })).status).toBe(200);
  });
});

describe('user billing authorizations', () => {
  async function createAuthorization(who: { id: number }, body: In<typeof billing.createUserBillingAuthorization.body>) {
    const res = await callAs(who, billing.createUserBillingAuthorization, { body });
    expect(res.status, res.reply.body).toBe(201);
    return res.body;
  }

  it('authorizes a doctor with explicit programs and a nurse from a template', async () => {
    const explicit = await createAuthorization(f.officeAdminA1, { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['CCM', 'RPM'] });
    expect(explicit).toMatchObject({ userId: f.doctorA1.id, roleId: Role.DOCTOR, hospitalId: f.a1.id, hospitalName: f.a1.hospitalName, templateId: null, programs: ['RPM', 'CCM'] });
    const tpl = await createTemplate(f.orgAdminA, { name: 'Nurse programs', programs: ['RPM', 'BHI'] });
    const fromTemplate = await createAuthorization(f.orgAdminA, { userId: f.nurseA1.id, hospitalId: f.a1.id, templateId: tpl.id });
    expect(fromTemplate).toMatchObject({ templateId: tpl.id, templateName: 'Nurse programs', programs: ['RPM', 'BHI'] });
    expect((await callAs(f.orgAdminA, billing.getBillingAuthorizationTemplate, { params: { id: tpl.id } })).body.usedBy).toBe(1);
  });

  it('refuses a second authorization for the same user and office (409)', async () => {
    const res = await callAs(f.officeAdminA1, billing.createUserBillingAuthorization, { body: { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['RTM'] } });
    expect(res.status).toBe(409);
  });

  it('answers 400 without programs or template, for a patient, and for bad values', async () => {
    const none = await callAs(f.officeAdminA1, billing.createUserBillingAuthorization, { body: { userId: f.officeAdminA1.id, hospitalId: f.a1.id } });
    expect(none.status).toBe(400);
    expect(none.errors).toEqual({ programs: REQUIRED });
    const patient = await callAs(f.officeAdminA1, billing.createUserBillingAuthorization, { body: { userId: f.patientA1.id, hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(patient.status).toBe(400);
    expect(patient.errors).toEqual({ userId: 'Invalid' });
    const bad = await callAs(f.officeAdminA1, billing.createUserBillingAuthorization, { body: { userId: invalid('x'), hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(bad.errors).toEqual({ userId: FORMAT });
  });

  it('answers 404 for a user not assigned to the office, an office out of scope, or a template of another organization', async () => {
    const notThere = await callAs(f.orgAdminA, billing.createUserBillingAuthorization, { body: { userId: f.doctorA2.id, hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(notThere.status).toBe(404);
    const otherOffice = await callAs(f.officeAdminA2, billing.createUserBillingAuthorization, { body: { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(otherOffice.status).toBe(404);
    const otherOrg = await callAs(f.orgAdminB, billing.createUserBillingAuthorization, { body: { userId: f.doctorA1.id, hospitalId: f.a1.id, programs: ['RPM'] } });
    expect(otherOrg.status).toBe(404);
    const tplB = await createTemplate(f.orgAdminB, { name: 'B only', programs: ['RPM'] });
    const foreignTemplate = await callAs(f.orgAdminA, billing.createUserBillingAuthorization, { body: { userId: f.doctorA2.id, hospitalId: f.a2.id, templateId: tplB.id } });
    expect(foreignTemplate.status).toBe(404);
  });

  it('lists, reads, updates (through a template) and deletes within the offices in scope', async () => {
    const doctor = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a2.id], values: { firstName: 'Zed', lastName: 'Lister' } });
    const auth = await createAuthorization(f.officeAdminA2, { userId: doctor.id, hospitalId: f.a2.id, programs: ['RPM'] });
    const list = (await callAs(f.orgAdminA, billing.findUserBillingAuthorizations, { query: { hospitalid: f.a2.id, program: 'RPM' } })).body;
    expect(list.items.map((a) => a.id)).toEqual([auth.id]);
    expect(list.items[0]!.userFullname).toBe('Zed Lister');
    expect((await callAs(f.orgAdminA, billing.findUserBillingAuthorizations, { query: { hospitalid: f.a2.id, program: 'CCM' } })).body.total).toBe(0);
    expect((await callAs(f.doctorA2, billing.getUserBillingAuthorization, { params: { id: auth.id } })).body.programs).toEqual(['RPM']);
    const tpl = await createTemplate(f.orgAdminA, { name: 'Switch', programs: ['CCM', 'APCM'] });
    const viaTemplate = await callAs(f.officeAdminA2, billing.updateUserBillingAuthorization, { params: { id: auth.id }, body: { templateId: tpl.id } });
    expect(viaTemplate.status, viaTemplate.reply.body).toBe(200);
    expect(viaTemplate.body).toMatchObject({ templateId: tpl.id, programs: ['CCM', 'APCM'] });
    const explicit = await callAs(f.officeAdminA2, billing.updateUserBillingAuthorization, { params: { id: auth.id }, body: { templateId: null, programs: ['RTM'] } });
    expect(explicit.body).toMatchObject({ templateId: null, programs: ['RTM'] });
    expect((await callAs(f.officeAdminA2, billing.deleteUserBillingAuthorization, { params: { id: auth.id } })).body.id).toBe(auth.id);
    expect((await callAs(f.officeAdminA2, billing.getUserBillingAuthorization, { params: { id: auth.id } })).status).toBe(404);
  });

  it("hides another office's authorizations (absent, 404, unchanged)", async () => {
    const [auth] = await t.ctx.db.select().from(userBillingAuthorizations).where(eq(userBillingAuthorizations.userId, f.doctorA1.id));
    const a2List = (await callAs(f.officeAdminA2, billing.findUserBillingAuthorizations, { query: { pageSize: 200 } })).body.items;
    expect(a2List.some((a) => a.id === auth!.id)).toBe(false);
    expect((await callAs(f.orgAdminB, billing.findUserBillingAuthorizations, { query: { userid: f.doctorA1.id } })).body.total).toBe(0);
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await callAs(who, billing.getUserBillingAuthorization, { params: { id: auth!.id } })).status).toBe(404);
      expect((await callAs(who, billing.updateUserBillingAuthorization, { params: { id: auth!.id }, body: { programs: ['CPM'] } })).status).toBe(404);
      expect((await callAs(who, billing.deleteUserBillingAuthorization, { params: { id: auth!.id } })).status).toBe(404);
    }
    const [after] = await t.ctx.db.select().from(userBillingAuthorizations).where(eq(userBillingAuthorizations.id, auth!.id));
    expect(after!.programsJson).toEqual(auth!.programsJson);
    expect((await callAs(f.officeAdminA1, billing.updateUserBillingAuthorization, { params: { id: auth!.id }, body: { programs: [] } })).errors).toEqual({ programs: REQUIRED });
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

  const put = (who: { id: number }, patientId: number, body: In<typeof billing.updatePatientBillingProfile.body>) =>
    callAs(who, billing.updatePatientBillingProfile, { headers: { patientid: patientId }, body: body });

  it('shows the defaults before a profile is saved', async () => {
    const res = await callAs(f.nurseA1, billing.getPatientBillingProfile, { headers: { patientid: f.patientA1.id } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toEqual({
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
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({
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
    const list = await put(f.officeAdminA1, f.patientA1.id, { billingType: invalid(['RPM', 'CCM']), billingPractitionerId: null, diagnoses: [] });
    expect(list.status).toBe(400);
    expect(list.errors).toEqual({ billingType: FORMAT });
    const rtm = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RTM', billingPractitionerId: rpmDoctor.id, diagnoses: ['J44.9'], rtmSystem: 'RESPIRATORY' });
    expect(rtm.status, rtm.reply.body).toBe(200);
    expect(rtm.body).toMatchObject({ billingType: 'RTM', rtmSystem: 'RESPIRATORY', rpmEpisodeStart: '2025-05-01' });
    const rows = await t.ctx.db.select().from(patientBillingProfiles).where(eq(patientBillingProfiles.patientId, f.patientA1.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.billingType).toBe('RTM');
  });

  it('requires the RTM system for RTM', async () => {
    const res = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RTM', billingPractitionerId: null, diagnoses: [], rtmSystem: null });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ rtmSystem: REQUIRED });
  });

  it("refuses a practitioner who is not a doctor of the patient's office authorized for the program", async () => {
    for (const id of [ccmOnlyDoctor.id, f.nurseA1.id]) {
      const res = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: id, diagnoses: [] });
      expect(res.status, String(id)).toBe(400);
      expect(res).toMatchObject({ msg: NOT_AUTHORIZED, errors: { billingPractitionerId: NOT_AUTHORIZED } });
    }
    // A doctor outside the caller's offices, another tenant's, or none reads as not found (docs/first-day.md).
    for (const id of [f.doctorA2.id, f.doctorB1.id, 999_999]) {
      const res = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: id, diagnoses: [] });
      expect(res.status, String(id)).toBe(404);
    }
    const ccm = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'CCM', billingPractitionerId: ccmOnlyDoctor.id, diagnoses: [] });
    expect(ccm.status).toBe(200);
  });

  it('refuses unknown, category or malformed ICD-10-CM codes and more than 12 (the problem list\'s rule: diagnoses icd10cmValidity)', async () => {
    // A00.1 is a billable code of the loaded release: accepted, as on the problem list.
    expect((await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: ['I10', 'A00.1'] })).status).toBe(200);
    const unknown = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: ['I10', 'Q99.99'] });
    expect(unknown.status).toBe(400);
    expect(unknown).toMatchObject({ msg: 'Unknown ICD-10-CM diagnosis code', errors: { 'diagnoses.1': 'Unknown ICD-10-CM diagnosis code' } });
    const category = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: ['E11'] });
    expect(category.status).toBe(400);
    expect(category.code).toBe('diagnosisNotBillable');
    const malformed = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: ['1234'] });
    expect(malformed.errors).toEqual({ 'diagnoses.0': FORMAT });
    const many = await put(f.officeAdminA1, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: Array.from({ length: 13 }, (_, i) => `I1${i % 10}`) });
    expect(many.status).toBe(400);
  });

  it('refuses patients of other offices (404)', async () => {
    const before = await t.ctx.db.select().from(patientBillingProfiles).where(eq(patientBillingProfiles.patientId, f.patientA1.id));
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await callAs(who, billing.getPatientBillingProfile, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
      const res = await put(who, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: null, diagnoses: [] });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(INVALID_ID);
    }
    expect(await t.ctx.db.select().from(patientBillingProfiles).where(eq(patientBillingProfiles.patientId, f.patientA1.id))).toEqual(before);
    expect((await callAs(f.nurseA1, billing.getPatientBillingProfile, { headers: { patientid: invalid('x') } })).errors).toEqual({ patientid: FORMAT });
  });
});
