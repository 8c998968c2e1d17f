/**
 * The session cache (lib/session-cache.ts) never lets a change made through the API go unseen: sign-out,
 * a disabled user and a new office act at once; a change written past the API (another process
 * without the bus) is seen within the cache's lifetime; the cache can be turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, ccm, medicalNotes, offices, users } from '@vigil/contract';
import { callerFor, type CallAs, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { hospitals, sessions } from '../../db/schema/index';
import { tokenHash } from '../../lib/crypto';
import { resolveSession } from './auth.service';
import { cachedSession, forgetSessions, rememberSession, sessionGeneration } from '../../lib/session-cache';

/** Whether the API still takes `user`'s session (GET auth/checkauthentication answers authenticated true/false). */
const check = async (callAs: CallAs, user: CallUser) => (await callAs(user, auth.checkAuthentication)).body.authenticated;

/** A new session of `user` for the calls that follow (the one `callAs` held is dropped), as its headers. */
const freshSession = (callAs: CallAs, user: CallUser) => {
  callAs.forget(user);
  return callAs.sessionOf(user);
};

describe('session cache, default lifetime', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof createTenancyFixture>>;
  const callAs = callerFor(() => t);
  beforeAll(async () => {
    t = await createTestApp({ sessionCacheMs: 60_000 });
    f = await createTenancyFixture(t);
  });
  afterAll(() => t.close());

  it('refuses a session at once after it signs out', async () => {
    await freshSession(callAs, f.nurseA1);
    expect(await check(callAs, f.nurseA1)).toBe(true);
    expect((await callAs(f.nurseA1, auth.signOut)).status).toBe(200);
    expect(await check(callAs, f.nurseA1)).toBe(false);
  });

  it('refuses a user at once after an admin disables them', async () => {
    await freshSession(callAs, f.nurseA1);
    expect(await check(callAs, f.nurseA1)).toBe(true);
    const res = await callAs(f.officeAdminA1, users.setStatus, { headers: { userid: f.nurseA1.id, statusvaluetoset: 0 } });
    expect(res.status, res.reply.body).toBe(200);
    expect(await check(callAs, f.nurseA1)).toBe(false);
  });

  it("shows an organization admin the office created through the API at once", async () => {
    await freshSession(callAs, f.orgAdminA);
    expect((await callAs(f.orgAdminA, offices.findOffices)).status).toBe(200); // scope cached
    const created = await callAs(f.orgAdminA, offices.createOffice, {
      body: {
        organizationId: f.orgA.id,
        hospitalName: 'Cache Clinic',
        hospitalNameESP: 'Clínica Caché',
        address: '1 Main St',
        city: 'Boston',
        state: 'MA',
        zip: '02118',
        country: 'US',
        phone: '(202) 456-1111',
        email: 'front@cache.example',
        timeZone: 'America/Chicago',
      },
    });
    expect(created.status, created.reply.body).toBe(201);
    const id = created.body.id;
    expect((await callAs(f.orgAdminA, offices.getOffice, { params: { id } })).status).toBe(200);
  });

  it('keeps cached sessions through a clinical write (changesAccess: false) and drops them on a user change', async () => {
    const doctor = await freshSession(callAs, f.doctorA1); // the nurse was disabled above
    const hash = tokenHash(doctor.sessionguid);
    expect(await check(callAs, f.doctorA1)).toBe(true);
    expect(cachedSession(t.ctx, hash, Date.now())).toBeDefined();
    // Opening a CCM record and a staff note are writes that cannot change who sees what (CCM on in the office).
    await enablePrograms(t, [f.a1.id]);
    const record = await callAs(f.doctorA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id } });
    expect(record.status, record.reply.body).toBe(201);
    const note = await callAs(f.doctorA1, medicalNotes.createMedicalNote, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, month: 1, year: 2025, text: 'Called the patient' } });
    expect(note.status, note.reply.body).toBe(201);
    expect(cachedSession(t.ctx, hash, Date.now())).toBeDefined();
    // A user's status is access: every cached scope goes.
    await freshSession(callAs, f.officeAdminA1);
    const res = await callAs(f.officeAdminA1, users.setStatus, { headers: { userid: f.caregiverA1.id, statusvaluetoset: 1 } });
    expect(res.status, res.reply.body).toBe(200);
    expect(cachedSession(t.ctx, hash, Date.now())).toBeUndefined();
  });

  it('does not cache a session read before a change that cleared the cache (a request racing a sign-out)', async () => {
    const headers = await freshSession(callAs, f.caregiverA1);
    const hash = tokenHash(headers.sessionguid);
    const before = sessionGeneration(t.ctx);
    const resolved = await resolveSession(t.ctx, headers.sessionguid); // cached now
    expect(resolved).not.toBeNull();
    expect(cachedSession(t.ctx, hash, Date.now())).toBeDefined();
    await forgetSessions(t.ctx); // e.g. the sign-out answered meanwhile
    expect(cachedSession(t.ctx, hash, Date.now())).toBeUndefined();
    rememberSession(t.ctx, hash, resolved!, Date.now(), before); // the racing lookup finishes late
    expect(cachedSession(t.ctx, hash, Date.now())).toBeUndefined();
  });

  it('keeps a scope written past the API (another process, no bus) until the cache lets go of it', async () => {
    await freshSession(callAs, f.doctorA1);
    expect(await check(callAs, f.doctorA1)).toBe(true);
    await t.ctx.db.update(sessions).set({ endedAt: new Date(), endReason: 'test' }).where(eq(sessions.userId, f.doctorA1.id));
    // Within the cache's lifetime this process has not read the change: the documented trade-off.
    expect(await check(callAs, f.doctorA1)).toBe(true);
  });
});

describe('session cache, short lifetime and off', () => {
  it('sees a session ended past the API once the lifetime has passed', async () => {
    const t = await createTestApp({ sessionCacheMs: 150 });
    const callAs = callerFor(() => t);
    try {
      const f = await createTenancyFixture(t);
      expect(await check(callAs, f.nurseA1)).toBe(true);
      await t.ctx.db.update(sessions).set({ endedAt: new Date(), endReason: 'test' }).where(eq(sessions.userId, f.nurseA1.id));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await check(callAs, f.nurseA1)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('reads the database on every request when turned off (0)', async () => {
    const t = await createTestApp({ sessionCacheMs: 0 });
    const callAs = callerFor(() => t);
    try {
      const f = await createTenancyFixture(t);
      expect(await check(callAs, f.orgAdminA)).toBe(true);
      // An office written straight to the database is in the organization admin's scope on the next request.
      const [office] = await t.ctx.db.insert(hospitals).values({ organizationId: f.orgA.id, hospitalName: 'Direct Clinic', timeZone: 'America/New_York' }).returning();
      expect((await callAs(f.orgAdminA, offices.getOffice, { params: { id: office!.id } })).status).toBe(200);
      await t.ctx.db.update(sessions).set({ endedAt: new Date(), endReason: 'test' }).where(eq(sessions.userId, f.orgAdminA.id));
      expect(await check(callAs, f.orgAdminA)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
