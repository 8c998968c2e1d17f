/**
 * The session cache (lib/session-cache.ts) never lets a change made through the API go unseen: sign-out,
 * a disabled user and a new office act at once; a change written past the API (another process
 * without the bus) is seen within the cache's lifetime; the cache can be turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp, enablePrograms } from '../../../test/setup';
import { hospitals, sessions } from '../../db/schema/index';
import { tokenHash } from '../../lib/crypto';
import { resolveSession } from './auth.service';
import { cachedSession, forgetSessions, rememberSession, sessionGeneration } from '../../lib/session-cache';

/** Whether the API still takes the session (GET auth/checkauthentication answers authenticated true/false). */
const check = async (t: TestApp, headers: { sessionguid: string }) =>
  ((await t.app.inject({ method: 'GET', url: '/api/auth/checkauthentication', headers })).json() as { data: { authenticated: boolean } }).data.authenticated;

describe('session cache, default lifetime', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof createTenancyFixture>>;
  beforeAll(async () => {
    t = await createTestApp({ sessionCacheMs: 60_000 });
    f = await createTenancyFixture(t);
  });
  afterAll(() => t.close());

  it('refuses a session at once after it signs out', async () => {
    const headers = await sessionFor(t, f.nurseA1.id);
    expect(await check(t, headers)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers })).statusCode).toBe(200);
    expect(await check(t, headers)).toBe(false);
  });

  it('refuses a user at once after an admin disables them', async () => {
    const nurse = await sessionFor(t, f.nurseA1.id);
    expect(await check(t, nurse)).toBe(true);
    const admin = await sessionFor(t, f.officeAdminA1.id);
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/setstatus', headers: { ...admin, userid: String(f.nurseA1.id), statusvaluetoset: '0' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await check(t, nurse)).toBe(false);
  });

  it("shows an organization admin the office created through the API at once", async () => {
    const headers = await sessionFor(t, f.orgAdminA.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/hospital', headers })).statusCode).toBe(200); // scope cached
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/hospital',
      headers,
      payload: {
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
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { id: number } }).data.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/hospital/${id}`, headers })).statusCode).toBe(200);
  });

  it('keeps cached sessions through a clinical write (changesAccess: false) and drops them on a user change', async () => {
    const doctor = await sessionFor(t, f.doctorA1.id); // the nurse was disabled above
    const hash = tokenHash(doctor.sessionguid);
    expect(await check(t, doctor)).toBe(true);
    expect(cachedSession(t.ctx, hash, Date.now())).toBeDefined();
    // Opening a CCM record and a staff note are writes that cannot change who sees what (CCM on in the office).
    await enablePrograms(t, [f.a1.id]);
    const record = await t.app.inject({ method: 'POST', url: '/api/ccmrecord', headers: doctor, payload: { patientId: f.patientA1.id, hospitalId: f.a1.id } });
    expect(record.statusCode, record.body).toBe(201);
    const note = await t.app.inject({ method: 'POST', url: '/api/medicalnote', headers: doctor, payload: { patientId: f.patientA1.id, hospitalId: f.a1.id, month: 1, year: 2025, text: 'Called the patient' } });
    expect(note.statusCode, note.body).toBe(201);
    expect(cachedSession(t.ctx, hash, Date.now())).toBeDefined();
    // A user's status is access: every cached scope goes.
    const admin = await sessionFor(t, f.officeAdminA1.id);
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/setstatus', headers: { ...admin, userid: String(f.caregiverA1.id), statusvaluetoset: '1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(cachedSession(t.ctx, hash, Date.now())).toBeUndefined();
  });

  it('does not cache a session read before a change that cleared the cache (a request racing a sign-out)', async () => {
    const headers = await sessionFor(t, f.caregiverA1.id);
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
    const headers = await sessionFor(t, f.doctorA1.id);
    expect(await check(t, headers)).toBe(true);
    await t.ctx.db.update(sessions).set({ endedAt: new Date(), endReason: 'test' }).where(eq(sessions.userId, f.doctorA1.id));
    // Within the cache's lifetime this process has not read the change: the documented trade-off.
    expect(await check(t, headers)).toBe(true);
  });
});

describe('session cache, short lifetime and off', () => {
  it('sees a session ended past the API once the lifetime has passed', async () => {
    const t = await createTestApp({ sessionCacheMs: 150 });
    try {
      const f = await createTenancyFixture(t);
      const headers = await sessionFor(t, f.nurseA1.id);
      expect(await check(t, headers)).toBe(true);
      await t.ctx.db.update(sessions).set({ endedAt: new Date(), endReason: 'test' }).where(eq(sessions.userId, f.nurseA1.id));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await check(t, headers)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('reads the database on every request when turned off (0)', async () => {
    const t = await createTestApp({ sessionCacheMs: 0 });
    try {
      const f = await createTenancyFixture(t);
      const headers = await sessionFor(t, f.orgAdminA.id);
      expect(await check(t, headers)).toBe(true);
      // An office written straight to the database is in the organization admin's scope on the next request.
      const [office] = await t.ctx.db.insert(hospitals).values({ organizationId: f.orgA.id, hospitalName: 'Direct Clinic', timeZone: 'America/New_York' }).returning();
      expect((await t.app.inject({ method: 'GET', url: `/api/hospital/${office!.id}`, headers })).statusCode).toBe(200);
      await t.ctx.db.update(sessions).set({ endedAt: new Date(), endReason: 'test' }).where(eq(sessions.userId, f.orgAdminA.id));
      expect(await check(t, headers)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
