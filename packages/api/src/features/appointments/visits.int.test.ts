import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments } from '@vigil/contract';
import { anonymous, callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { emailOutbox, medicalTeamMembers, medicalTeams, users } from '../../db/schema/index';
import { getGuestVisit } from './visits.service';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const INVALID = 'This visit link is not valid, has expired or was revoked';
const callAs = callerFor(() => t);

function future(days: number, hh: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hh, 0, 0, 0);
  return d.toISOString();
}

async function videoVisit(days: number, hh: number, kind: 'VIDEO' | 'IN_PERSON' = 'VIDEO') {
  const res = await callAs(f.doctorA1, appointments.createAppointment, { body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(days, hh), durationMinutes: 30, kind } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

const tokenOf = (url: string) => url.split('#invite=')[1]!;

beforeAll(async () => {
  t = await createTestApp({ turnUrls: ['turn:127.0.0.1:3478?transport=udp'], turnSecret: 'test-secret', turnTtlSeconds: 900 });
  f = await createTenancyFixture(t);
  await t.ctx.db.update(users).set({ email: 'patient.a1@example.org' }).where(eq(users.id, f.patientA1.id));
});
afterAll(async () => t.close());

describe('GET appointments/iceservers', () => {
  it('hands staff a TURN credential in the coturn shared-secret scheme', async () => {
    const res = await callAs(f.doctorA1, appointments.getIceServers);
    expect(res.status).toBe(200);
    const { iceServers, expiresAt } = res.body as { iceServers: { urls: string[]; username: string; credential: string }[]; expiresAt: string };
    expect(iceServers[0]!.urls).toEqual(['turn:127.0.0.1:3478?transport=udp']);
    expect(iceServers[0]!.username).toMatch(new RegExp(`^\\d+:u${f.doctorA1.id}$`));
    expect(Number(iceServers[0]!.username.split(':')[0]) * 1000).toBe(new Date(expiresAt).getTime());
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(880_000);
  });
});

describe('visit invitations', () => {
  it('creates a link for the patient, e-mails it through the outbox, and the link opens the visit as the patient', async () => {
    const v = await videoVisit(3, 15);
    const res = await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId, send: true } });
    expect(res.status, res.reply.body).toBe(201);
    const inv = res.body as { url: string; userId: number; expiresAt: string; sentTo: string };
    expect(inv.userId).toBe(f.patientA1.id);
    expect(inv.url).toMatch(new RegExp(`/videoRoom/${f.a1.id}/${f.patientA1.id}/${v.appointmentId}#invite=[A-Za-z0-9_-]{43}$`));
    expect(new Date(inv.expiresAt).getTime()).toBe(new Date(v.appointmentDateTime).getTime() + 30 * 60_000 + 2 * 3_600_000);
    expect(inv.sentTo).toBe('patient.a1@example.org');
    const [mail] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'patient.a1@example.org'));
    expect(mail?.bodyText).toContain(inv.url);
    const guest = await callAs(anonymous, appointments.getGuestVisit, { headers: { visitinvitation: tokenOf(inv.url) } });
    expect(guest.status, guest.reply.body).toBe(200);
    expect(guest.body).toMatchObject({ appointmentId: v.appointmentId, guestUserId: f.patientA1.id, kind: 'VIDEO', status: 'SCHEDULED' });
  });

  it('refuses a tampered, revoked or expired link with the same clear message', async () => {
    const v = await videoVisit(4, 15);
    const inv = (await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId } })).body as { url: string; invitationId: number };
    const token = tokenOf(inv.url);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const bad = await callAs(anonymous, appointments.getGuestVisit, { headers: { visitinvitation: tampered } });
    expect(bad.status).toBe(404);
    expect(bad.msg).toBe(INVALID);
    expect((await callAs(anonymous, appointments.getGuestVisit, { headers: { visitinvitation: invalid('x') } })).status).toBe(400);
    await expect(getGuestVisit(t.ctx, token, new Date(new Date(v.appointmentDateTime).getTime() + 3 * 3_600_000))).rejects.toMatchObject({ messageKey: 'visitInvitationInvalid' });
    const revoked = await callAs(f.doctorA1, appointments.revokeVisitInvitation, { params: { invitationId: inv.invitationId } });
    expect(revoked.body.revoked).toBe(true);
    const after = await callAs(anonymous, appointments.getGuestVisit, { headers: { visitinvitation: token } });
    expect(after.status).toBe(404);
    expect(after.msg).toBe(INVALID);
    const list = await callAs(f.doctorA1, appointments.findVisitInvitations, { params: { appointmentId: v.appointmentId } });
    expect(list.body).toEqual([expect.objectContaining({ invitationId: inv.invitationId, revoked: true })]);
    expect(JSON.stringify(list.body)).not.toContain('invite=');
  });

  it('a cancelled visit closes its links', async () => {
    const v = await videoVisit(5, 15);
    const inv = (await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId } })).body as { url: string };
    await callAs(f.doctorA1, appointments.updateAppointment, { params: { appointmentId: v.appointmentId }, body: { status: 'CANCELLED' } });
    expect((await callAs(anonymous, appointments.getGuestVisit, { headers: { visitinvitation: tokenOf(inv.url) } })).status).toBe(404);
  });

  it('invites a caregiver only from the care team, and only to video or phone visits', async () => {
    const v = await videoVisit(6, 15);
    const refused = await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId, userId: f.caregiverA1.id } });
    expect(refused.status).toBe(400);
    const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
    await t.ctx.db.insert(medicalTeamMembers).values({ medicalTeamId: team!.id, userId: f.caregiverA1.id });
    expect((await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId, userId: f.caregiverA1.id } })).status).toBe(201);
    const inPerson = await videoVisit(6, 17, 'IN_PERSON');
    expect((await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId: inPerson.appointmentId } })).status).toBe(409);
  });

  it('refuses staff who are not the doctor or an attendee (403) and other tenants (404)', async () => {
    const v = await videoVisit(7, 15);
    expect((await callAs(f.nurseA1, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId } })).status).toBe(403);
    expect((await callAs(f.officeAdminA1, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId } })).status).toBe(201);
    expect((await callAs(f.doctorB1, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId } })).status).toBe(404);
    expect((await callAs(f.doctorA2, appointments.createVisitInvitation, { body: { appointmentId: v.appointmentId } })).status).toBe(404);
    expect((await callAs(f.doctorB1, appointments.findVisitInvitations, { params: { appointmentId: v.appointmentId } })).status).toBe(404);
    expect((await callAs(f.doctorB1, appointments.revokeVisitInvitation, { params: { invitationId: 1 } })).status).toBe(404);
    expect((await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId: invalid('one') } })).status).toBe(400);
  });
});
