import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../../test/setup';
import { hospitals, patientInsurance, patientProgramEnrolments } from '../../db/schema/index';
import { addDays, localDate } from '../../lib/office-calendar';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const MBI_EN = 'This field must be a Medicare Beneficiary Identifier: 11 characters such as 1EG4-TE5-MK73';

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}

async function call(method: 'GET' | 'PUT', who: { id: number }, patientId: number | string, payload?: unknown, lang: 'en' | 'es' = 'en') {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': lang, patientid: String(patientId) };
  return t.app.inject({ method, url: '/api/patientenrolment', headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

const today = () => localDate(new Date(), 'America/New_York');
const medicare = { payerType: 'MEDICARE', payerName: 'Medicare Part B', memberId: '1eg4-te5-mk73' };

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await t.ctx.db.update(hospitals).set({ rpmEnabled: true, ccmEnabled: true }).where(eq(hospitals.id, f.a1.id));
});
afterAll(async () => t?.close());

describe('patient enrolment', () => {
  it('starts empty, then saves programs with dates and a Medicare MBI stored without dashes', async () => {
    const empty = await call('GET', f.doctorA1, f.patientA1.id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ patientId: f.patientA1.id, programs: [], insurance: null, updatedAt: null });

    const res = await call('PUT', f.officeAdminA1, f.patientA1.id, {
      programs: [
        { program: 'CCM', enrolledOn: addDays(today(), -3) },
        { program: 'RPM', enrolledOn: today() },
      ],
      insurance: medicare,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved.programs).toEqual([
      { program: 'RPM', enrolledOn: today() },
      { program: 'CCM', enrolledOn: addDays(today(), -3) },
    ]);
    expect(saved.insurance).toEqual({ payerType: 'MEDICARE', payerName: 'Medicare Part B', planName: '', memberId: '1EG4TE5MK73', memberIdDisplay: '1EG4-TE5-MK73' });
    const read = await call('GET', f.nurseA1, f.patientA1.id);
    expect(read.json().data.programs).toHaveLength(2);
    expect(read.json().data.updatedAt).not.toBeNull();
  });

  it('replaces the whole enrolment: a program left out is removed, null insurance removes it', async () => {
    const res = await call('PUT', f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'PCM', enrolledOn: today() }], insurance: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.programs).toEqual([{ program: 'PCM', enrolledOn: today() }]);
    expect(res.json().data.insurance).toBeNull();
    const [n] = await t.ctx.db.select({ n: count() }).from(patientInsurance).where(eq(patientInsurance.patientId, f.patientA1.id));
    expect(n!.n).toBe(0);
  });

  it("refuses a Medicare member id outside CMS's MBI format, in the caller's language, and saves nothing", async () => {
    const before = await t.ctx.db.select().from(patientProgramEnrolments).where(eq(patientProgramEnrolments.patientId, f.patientA1.id));
    for (const memberId of ['123-45-6789', '1SG4TE5MK73', '0EG4TE5MK73']) {
      const res = await call('PUT', f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'RPM', enrolledOn: today() }], insurance: { ...medicare, memberId } });
      expect(res.statusCode, memberId).toBe(400);
      expect(JSON.stringify(res.json()), memberId).toContain(MBI_EN);
    }
    const es = await call('PUT', f.officeAdminA1, f.patientA1.id, { programs: [], insurance: { ...medicare, memberId: 'X' } }, 'es');
    expect(JSON.stringify(es.json())).toContain('identificador de beneficiario de Medicare');
    const after = await t.ctx.db.select().from(patientProgramEnrolments).where(eq(patientProgramEnrolments.patientId, f.patientA1.id));
    expect(after).toEqual(before);
  });

  it('does not check a commercial member id against the MBI format', async () => {
    const res = await call('PUT', f.officeAdminA1, f.patientA1.id, {
      programs: [],
      insurance: { payerType: 'COMMERCIAL', payerName: 'Aetna', planName: 'Choice POS II', memberId: 'W123456789' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.insurance).toMatchObject({ memberId: 'W123456789', memberIdDisplay: 'W123456789' });
  });

  it('refuses a program listed twice, a date in the future and a missing member id', async () => {
    const twice = await call('PUT', f.officeAdminA1, f.patientA1.id, {
      programs: [
        { program: 'RPM', enrolledOn: today() },
        { program: 'RPM', enrolledOn: today() },
      ],
      insurance: null,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('This value is listed more than once');
    const future = await call('PUT', f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'CCM', enrolledOn: addDays(today(), 2) }], insurance: null });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('The date cannot be in the future');
    const noMember = await call('PUT', f.officeAdminA1, f.patientA1.id, { programs: [], insurance: { payerType: 'MEDICAID', memberId: '  ' } });
    expect(noMember.statusCode).toBe(400);
    expect(noMember.body).toContain('This field is required');
  });

  it('refuses a program the office has switched off (spec section 6)', async () => {
    await t.ctx.db.update(hospitals).set({ ccmEnabled: false }).where(eq(hospitals.id, f.a1.id));
    try {
      const res = await call('PUT', f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'CCM', enrolledOn: today() }], insurance: null });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('The office does not offer the CCM program');
    } finally {
      await t.ctx.db.update(hospitals).set({ ccmEnabled: true }).where(eq(hospitals.id, f.a1.id));
    }
  });

  it('lets care staff read but not change the enrolment', async () => {
    expect((await call('GET', f.doctorA1, f.patientA1.id)).statusCode).toBe(200);
    const res = await call('PUT', f.caregiverA1, f.patientA1.id, { programs: [], insurance: null });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another tenant's patient and changes nothing of theirs", async () => {
    await call('PUT', f.officeAdminA1, f.patientA1.id, { programs: [{ program: 'RPM', enrolledOn: today() }], insurance: medicare });
    expect((await call('GET', f.doctorB1, f.patientA1.id)).statusCode).toBe(404);
    expect((await call('PUT', f.orgAdminB, f.patientA1.id, { programs: [], insurance: null })).statusCode).toBe(404);
    expect((await call('PUT', f.officeAdminA2, f.patientA1.id, { programs: [], insurance: null })).statusCode).toBe(404);
    const still = await call('GET', f.doctorA1, f.patientA1.id);
    expect(still.json().data.programs).toEqual([{ program: 'RPM', enrolledOn: today() }]);
    expect(still.json().data.insurance.memberId).toBe('1EG4TE5MK73');
    expect((await call('GET', f.doctorA1, 'abc')).statusCode).toBe(400);
  });
});
