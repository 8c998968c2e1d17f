import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { enrolment } from '@vigil/contract';
import { callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { hospitals, patientInsurance, patientProgramEnrolments } from '../../db/schema/index';
import { addDays, localDate } from '../../lib/office-calendar';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const MBI_EN = 'This field must be a Medicare Beneficiary Identifier: 11 characters such as 1EG4-TE5-MK73';

const callAs = callerFor(() => t);

type EnrolmentBody = NonNullable<CallInput<typeof enrolment.updatePatientEnrolment>['body']>;
const read = (who: CallUser, patientid: number) => callAs(who, enrolment.getPatientEnrolment, { headers: { patientid } });
const save = (who: CallUser, patientid: number, body: EnrolmentBody, lang: 'en' | 'es' = 'en') =>
  callAs(who, enrolment.updatePatientEnrolment, { headers: { patientid }, body, lang });

const today = () => localDate(new Date(), 'America/New_York');
const medicare = { payerType: 'MEDICARE' as const, payerName: 'Medicare Part B', memberId: '1eg4-te5-mk73' };

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await t.ctx.db.update(hospitals).set({ rpmEnabled: true, ccmEnabled: true }).where(eq(hospitals.id, f.a1.id));
});
afterAll(async () => t?.close());

describe('patient enrolment', () => {
  it('starts empty, then saves programs with dates and a Medicare MBI stored without dashes', async () => {
    const empty = await read(f.doctorA1, f.patientA1.id);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ patientId: f.patientA1.id, programs: [], insurance: null, updatedAt: null });

    const res = await save(f.officeAdminA1, f.patientA1.id, {
      programs: [
        { program: 'CCM', enrolledOn: addDays(today(), -3) },
        { program: 'RPM', enrolledOn: today() },
      ],
      insurance: medicare,
    });
    expect(res.status, res.reply.body).toBe(200);
    const saved = res.body;
    expect(saved.programs).toEqual([
      { program: 'RPM', enrolledOn: today() },
      { program: 'CCM', enrolledOn: addDays(today(), -3) },
    ]);
    expect(saved.insurance).toEqual({ payerType: 'MEDICARE', payerName: 'Medicare Part B', planName: '', memberId: '1EG4TE5MK73', memberIdDisplay: '1EG4-TE5-MK73' });
    const again = await read(f.nurseA1, f.patientA1.id);
    expect(again.body.programs).toHaveLength(2);
    expect(again.body.updatedAt).not.toBeNull();
  });

  it('replaces the whole enrolment: a program left out is removed, null insurance removes it', async () => {
    const res = await save(f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'PCM', enrolledOn: today() }], insurance: null });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.programs).toEqual([{ program: 'PCM', enrolledOn: today() }]);
    expect(res.body.insurance).toBeNull();
    const [n] = await t.ctx.db.select({ n: count() }).from(patientInsurance).where(eq(patientInsurance.patientId, f.patientA1.id));
    expect(n!.n).toBe(0);
  });

  it("refuses a Medicare member id outside CMS's MBI format, in the caller's language, and saves nothing", async () => {
    const before = await t.ctx.db.select().from(patientProgramEnrolments).where(eq(patientProgramEnrolments.patientId, f.patientA1.id));
    for (const memberId of ['123-45-6789', '1SG4TE5MK73', '0EG4TE5MK73']) {
      const res = await save(f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'RPM', enrolledOn: today() }], insurance: { ...medicare, memberId } });
      expect(res.status, memberId).toBe(400);
      expect(JSON.stringify(res.reply.json()), memberId).toContain(MBI_EN);
    }
    const es = await save(f.officeAdminA1, f.patientA1.id, { programs: [], insurance: { ...medicare, memberId: 'X' } }, 'es');
    expect(JSON.stringify(es.reply.json())).toContain('identificador de beneficiario de Medicare');
    const after = await t.ctx.db.select().from(patientProgramEnrolments).where(eq(patientProgramEnrolments.patientId, f.patientA1.id));
    expect(after).toEqual(before);
  });

  it('does not check a commercial member id against the MBI format', async () => {
    const res = await save(f.officeAdminA1, f.patientA1.id, {
      programs: [],
      insurance: { payerType: 'COMMERCIAL', payerName: 'Aetna', planName: 'Choice POS II', memberId: 'W123456789' },
    });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.insurance).toMatchObject({ memberId: 'W123456789', memberIdDisplay: 'W123456789' });
  });

  it('refuses a program listed twice, a date in the future and a missing member id', async () => {
    const twice = await save(f.officeAdminA1, f.patientA1.id, {
      programs: [
        { program: 'RPM', enrolledOn: today() },
        { program: 'RPM', enrolledOn: today() },
      ],
      insurance: null,
    });
    expect(twice.status).toBe(400);
    expect(twice.reply.body).toContain('This value is listed more than once');
    const future = await save(f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'CCM', enrolledOn: addDays(today(), 2) }], insurance: null });
    expect(future.status).toBe(400);
    expect(future.reply.body).toContain('The date cannot be in the future');
    const noMember = await save(f.officeAdminA1, f.patientA1.id, { programs: [], insurance: { payerType: 'MEDICAID', memberId: '  ' } });
    expect(noMember.status).toBe(400);
    expect(noMember.reply.body).toContain('This field is required');
  });

  it('refuses a program the office has switched off (spec section 6)', async () => {
    await t.ctx.db.update(hospitals).set({ ccmEnabled: false }).where(eq(hospitals.id, f.a1.id));
    try {
      const res = await save(f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'CCM', enrolledOn: today() }], insurance: null });
      expect(res.status).toBe(400);
      expect(res.reply.body).toContain('The office does not offer the CCM program');
    } finally {
      await t.ctx.db.update(hospitals).set({ ccmEnabled: true }).where(eq(hospitals.id, f.a1.id));
    }
  });

  it('lets care staff read the enrolment', async () => {
    expect((await read(f.doctorA1, f.patientA1.id)).status).toBe(200);
    // A caregiver's 403 on the change is proven by test/authorization-matrix.int.test.ts.
  });

  it("answers 404 for another tenant's patient and changes nothing of theirs", async () => {
    await save(f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'RPM', enrolledOn: today() }], insurance: medicare });
    expect((await read(f.doctorB1, f.patientA1.id)).status).toBe(404);
    expect((await save(f.orgAdminB, f.patientA1.id, { programs: [], insurance: null })).status).toBe(404);
    expect((await save(f.officeAdminA2, f.patientA1.id, { programs: [], insurance: null })).status).toBe(404);
    const still = await read(f.doctorA1, f.patientA1.id);
    expect(still.body.programs).toEqual([{ program: 'RPM', enrolledOn: today() }]);
    expect(still.body.insurance?.memberId).toBe('1EG4TE5MK73');
    expect((await read(f.doctorA1, invalid('abc'))).status).toBe(400);
  });
});
