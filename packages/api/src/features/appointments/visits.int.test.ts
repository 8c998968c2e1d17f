import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../../test/setup';
import { emailOutbox, medicalTeamMembers, medicalTeams, users } from '../../db/schema/index';
import { getGuestVisit } from './visits.service';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const INVALID = 'This visit link is not valid, has expired or was revoked';

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
async function call(method: Method, path: string, who: { id: number } | null, opts: { headers?: Record<string, string | number>; payload?: unknown } = {}) {
  const headers: Record<string, string> = { ...(who ? await as(who) : {}), 'accept-language': 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

function future(days: number, hh: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hh, 0, 0, 0);
  return d.toISOString();
}

async function videoVisit(days: number, hh: number, kind = 'VIDEO') {
  const res = await call('POST', 'appointments', f.doctorA1, {
    payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(days, hh), durationMinutes: 30, kind },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { appointmentId: number; appointmentDateTime: string };
}

const tokenOf = (url: string) => url.split('#invite=')[1]!;

beforeAll(async () => {
  t = await createTestApp({ turnUrls: ['turn:127.0.0.1:3478?transport=udp'], turnSecret: 'test-secret', turnTtlSeconds: 900 });
  f = await createTenancyFixture(t);
  await t.ctx.db.update(users).set({ email: 'patient.a1@example.org' }).where(eq(users.id, f.patientA1.id));
});
afterAll(async () => t.close());

describe('GET appointments/iceservers', () => {
  it('hands staff a TURN credential in the coturn shared-secret scheme; refuses patients (403) and anonymous callers (401)', async () => {
    const res = await call('GET', 'appointments/iceservers', f.doctorA1);
    expect(res.statusCode).toBe(200);
    const { iceServers, expiresAt } = res.json().data as { iceServers: { urls: string[]; username: string; credential: string }[]; expiresAt: string };
    expect(iceServers[0]!.urls).toEqual(['turn:127.0.0.1:3478?transport=udp']);
    expect(iceServers[0]!.username).toMatch(new RegExp(`^\\d+:u${f.doctorA1.id}$`));
    expect(Number(iceServers[0]!.username.split(':')[0]) * 1000).toBe(new Date(expiresAt).getTime());
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(880_000);
    expect((await call('GET', 'appointments/iceservers', f.patientA1)).statusCode).toBe(403);
    expect((await call('GET', 'appointments/iceservers', null)).statusCode).toBe(401);
  });
});

describe('visit invitations', () => {
  it('creates a link for the patient, e-mails it through the outbox, and the link opens the visit as the patient', async () => {
    const v = await videoVisit(3, 15);
    const res = await call('POST', 'appointments/invitations', f.doctorA1, { payload: { appointmentId: v.appointmentId, send: true } });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json().data as { url: string; userId: number; expiresAt: string; sentTo: string };
    expect(inv.userId).toBe(f.patientA1.id);
    expect(inv.url).toMatch(new RegExp(`/videoRoom/${f.a1.id}/${f.patientA1.id}/${v.appointmentId}#invite=[A-Za-z0-9_-]{43}$`));
    expect(new Date(inv.expiresAt).getTime()).toBe(new Date(v.appointmentDateTime).getTime() + 30 * 60_000 + 2 * 3_600_000);
    expect(inv.sentTo).toBe('patient.a1@example.org');
    const [mail] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'patient.a1@example.org'));
    expect(mail?.bodyText).toContain(inv.url);
    const guest = await call('GET', 'visit/invitation', null, { headers: { visitinvitation: tokenOf(inv.url) } });
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json().data).toMatchObject({ appointmentId: v.appointmentId, guestUserId: f.patientA1.id, kind: 'VIDEO', status: 'SCHEDULED' });
  });

  it('refuses a tampered, revoked or expired link with the same clear message', async () => {
    const v = await videoVisit(4, 15);
    const inv = (await call('POST', 'appointments/invitations', f.doctorA1, { payload: { appointmentId: v.appointmentId } })).json().data as { url: string; invitationId: number };
    const token = tokenOf(inv.url);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const bad = await call('GET', 'visit/invitation', null, { headers: { visitinvitation: tampered } });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().msg).toBe(INVALID);
    expect((await call('GET', 'visit/invitation', null, { headers: { visitinvitation: 'x' } })).statusCode).toBe(400);
    await expect(getGuestVisit(t.ctx, token, new Date(new Date(v.appointmentDateTime).getTime() + 3 * 3_600_000))).rejects.toMatchObject({ messageKey: 'visitInvitationInvalid' });
    const revoked = await call('DELETE', `appointments/invitations/revoke/${inv.invitationId}`, f.doctorA1);
    expect(revoked.json().data.revoked).toBe(true);
    const after = await call('GET', 'visit/invitation', null, { headers: { visitinvitation: token } });
    expect(after.statusCode).toBe(404);
    expect(after.json().msg).toBe(INVALID);
    const list = await call('GET', `appointments/invitations/${v.appointmentId}`, f.doctorA1);
    expect(list.json().data).toEqual([expect.objectContaining({ invitationId: inv.invitationId, revoked: true })]);
    expect(JSON.stringify(list.json().data)).not.toContain('invite=');
  });

  it('a cancelled visit closes its links', async () => {
    const v = await videoVisit(5, 15);
    const inv = (await call('POST', 'appointments/invitations', f.doctorA1, { payload: { appointmentId: v.appointmentId } })).json().data as { url: string };
    await call('PUT', `appointments/${v.appointmentId}`, f.doctorA1, { payload: { status: 'CANCELLED' } });
    expect((await call('GET', 'visit/invitation', null, { headers: { visitinvitation: tokenOf(inv.url) } })).statusCode).toBe(404);
  });

  it('invites a caregiver only from the care team, and only to video or phone visits', async () => {
    const v = await videoVisit(6, 15);
    const refused = await call('POST', 'appointments/invitations', f.doctorA1, { payload: { appointmentId: v.appointmentId, userId: f.caregiverA1.id } });
    expect(refused.statusCode).toBe(400);
    const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
    await t.ctx.db.insert(medicalTeamMembers).values({ medicalTeamId: team!.id, userId: f.caregiverA1.id });
    expect((await call('POST', 'appointments/invitations', f.doctorA1, { payload: { appointmentId: v.appointmentId, userId: f.caregiverA1.id } })).statusCode).toBe(201);
    const inPerson = await videoVisit(6, 17, 'IN_PERSON');
    expect((await call('POST', 'appointments/invitations', f.doctorA1, { payload: { appointmentId: inPerson.appointmentId } })).statusCode).toBe(409);
  });

  it('refuses staff who are not the doctor or an attendee (403), other tenants (404) and patients (403)', async () => {
    const v = await videoVisit(7, 15);
    expect((await call('POST', 'appointments/invitations', f.nurseA1, { payload: { appointmentId: v.appointmentId } })).statusCode).toBe(403);
    expect((await call('POST', 'appointments/invitations', f.officeAdminA1, { payload: { appointmentId: v.appointmentId } })).statusCode).toBe(201);
    expect((await call('POST', 'appointments/invitations', f.doctorB1, { payload: { appointmentId: v.appointmentId } })).statusCode).toBe(404);
    expect((await call('POST', 'appointments/invitations', f.doctorA2, { payload: { appointmentId: v.appointmentId } })).statusCode).toBe(404);
    expect((await call('POST', 'appointments/invitations', f.patientA1, { payload: { appointmentId: v.appointmentId } })).statusCode).toBe(403);
    expect((await call('GET', `appointments/invitations/${v.appointmentId}`, f.doctorB1)).statusCode).toBe(404);
    expect((await call('DELETE', 'appointments/invitations/revoke/1', f.doctorB1)).statusCode).toBe(404);
    expect((await call('POST', 'appointments/invitations', f.doctorA1, { payload: { appointmentId: 'one' } })).statusCode).toBe(400);
  });
});
