import { type Appointment, type CareProgram, type CreateInvitationBody, type GuestVisit, type IceServers, type VisitInvitation } from '@vigil/contract';
import type { AppContext } from '../../context';
import { systemScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { newToken, tokenHash } from '../../lib/crypto';
import { localDateOf, localTimeOf, officeTimeZone } from '../../lib/office-calendar';
import { linkBase } from '../../lib/public-url';
import { iceServersFor } from '../../lib/turn';
import * as repo from './appointments.repo';
import { viewOf, visibleAppointment } from './appointments.service';
import { publishRings, recordCallStarted, recordCallStopped } from './video-calls.service';
import { assertMayEnter } from './visit-access';
import { tenantDb } from '../../db/handles';

/**
 * Video and voice visits of appointments (issue scope "Video and voice visits"; docs/video-visits.md).
 * Staff enter with their session and must be the appointment's doctor or an attendee, or hold
 * `visits.officeAll` for the office's visits (the spec's route has a misspelt authentication flag;
 * Vigil does not copy that hole, docs/security.md).
 */

export { assertMayEnter } from './visit-access';

/**
 * `PUT appointments/startvideocall`: admits the waiting patient (status IN_PROGRESS, video start
 * kept from the first admit). 404 out of scope; 403 for staff who may not enter; 409 for an
 * in-person appointment, a request, or a closed appointment.
 */
export async function startVideoCall(ctx: AppContext, scope: Scope, appointmentId: number): Promise<Appointment> {
  await ctx.db.transaction(async (tx) => {
    const row = await visibleAppointment(scope, tx, appointmentId);
    assertMayEnter(scope, row);
    if (row.kind === 'IN_PERSON') { throw AppError.conflict('appointmentNotVideo'); }
    if (row.status !== 'SCHEDULED' && row.status !== 'IN_PROGRESS') { throw AppError.conflict('appointmentClosed'); }
    const now = new Date();
    await repo.updateAppointment(tenantDb(scope, tx), appointmentId, { status: 'IN_PROGRESS', videoStartedAt: row.videoStartedAt ?? now }, row);
    // The call record (docs/video-visits.md "Call records").
    await recordCallStarted(scope, tx, row, now);
  });
  // The waiting guest's socket learns at once that it may join (docs/video-visits.md "Signaling").
  await ctx.realtime.publishRoom(appointmentId, { type: 'visit', appointmentId, action: 'admitted' }, { waiting: true });
  return viewOf(await visibleAppointment(scope, ctx.db, appointmentId));
}

/**
 * `PUT appointments/stopvideocall`: ends the visit for everyone (status COMPLETED, video end now),
 * closes its call record and writes the automatic interactive time entries of the staff in it
 * (`recordCallStopped`; `program` is the caller's pick for their own entry). 404 out of scope; 403
 * for staff who may not enter; 409 "This visit has not started" unless it is in progress; 400 for
 * a program the office has not enabled.
 */
export async function stopVideoCall(ctx: AppContext, scope: Scope, appointmentId: number, program?: CareProgram): Promise<Appointment> {
  const missed = await ctx.db.transaction(async (tx) => {
    const row = await visibleAppointment(scope, tx, appointmentId);
    assertMayEnter(scope, row);
    if (row.status !== 'IN_PROGRESS') { throw AppError.conflict('visitNotStarted'); }
    const now = new Date();
    // Of two stops at once, the second waits here for the first's commit, then finds the visit completed.
    const updated = await repo.markVideoStopped(tenantDb(scope, tx), appointmentId, now);
    if (!updated) { throw AppError.conflict('visitNotStarted'); }
    return recordCallStopped(scope, tx, row, program, now);
  });
  await publishRings(ctx, missed);
  // Everyone live in the room (and a guest still waiting) sees the end screen at once.
  await ctx.realtime.publishRoom(appointmentId, { type: 'visit', appointmentId, action: 'ended' }, { waiting: true });
  return viewOf(await visibleAppointment(scope, ctx.db, appointmentId));
}

/** How long after the appointment's end an invitation still opens the visit. */
const INVITATION_GRACE_MS = 2 * 3_600_000;

const invitationView = (r: repo.InvitationRow): VisitInvitation => ({
  invitationId: r.id,
  appointmentId: r.appointmentId,
  userId: r.userId,
  expiresAt: r.expiresAt.toISOString(),
  revoked: r.revokedAt !== null,
});

/**
 * `POST appointments/invitations`: an invitation link for the patient (default) or a caregiver on
 * the patient's care team, valid until 2 hours after the appointment's end. The link carries the
 * token in its fragment (`#invite=`), so it never reaches a server log; only its hash is stored.
 * With `send`, the link is e-mailed (the outbox on the embedded default). 404 out of scope; 403 for
 * staff who may not enter; 400 for another invitee; 409 for an in-person or closed appointment.
 */
export async function createInvitation(ctx: AppContext, scope: Scope, body: CreateInvitationBody): Promise<VisitInvitation> {
  const row = await visibleAppointment(scope, ctx.db, body.appointmentId);
  assertMayEnter(scope, row);
  if (row.kind === 'IN_PERSON') { throw AppError.conflict('appointmentNotVideo'); }
  if (row.status !== 'SCHEDULED' && row.status !== 'IN_PROGRESS') { throw AppError.conflict('appointmentClosed'); }
  const userId = body.userId ?? row.patient.id;
  if (userId !== row.patient.id && !(await repo.isCaregiverOfPatient(tenantDb(scope, ctx.db), userId, row.patient.id, row.hospitalId))) {
    throw AppError.badRequest('invitationGuestInvalid', { userId: 'invitationGuestInvalid' });
  }
  const token = newToken();
  const invitation = await repo.insertInvitation(tenantDb(scope, ctx.db), {
    appointmentId: row.id,
    userId,
    tokenHash: tokenHash(token),
    expiresAt: new Date(row.endsAt.getTime() + INVITATION_GRACE_MS),
    createdBy: scope.userId,
  });
  const url = `${linkBase(ctx)}/videoRoom/${row.hospitalId}/${userId}/${row.id}#invite=${token}`;
  let sentTo: string | null = null;
  if (body.send) {
    const email = await repo.emailOf(tenantDb(scope, ctx.db), userId);
    if (email) {
      const zone = officeTimeZone(row.timeZone);
      const when = `${localDateOf(row.startsAt, zone)} ${localTimeOf(row.startsAt, zone)} (${zone})`;
      await ctx.mailer.send({
        to: email,
        subject: 'Your video visit / Su visita por video',
        text: `Your visit with ${row.doctor.firstName} ${row.doctor.lastName} is on ${when}. Open this link to join; you will wait until you are admitted:\n${url}\n\nSu visita con ${row.doctor.firstName} ${row.doctor.lastName} es el ${when}. Abra este enlace para unirse; esperará hasta que le admitan:\n${url}\n`,
      });
      sentTo = email;
    }
  }
  return { ...invitationView(invitation), url, sentTo };
}

/** `GET appointments/invitations/{appointmentId}`: the appointment's invitations, newest first (without links). 404 out of scope; 403 for staff who may not enter. */
export async function findInvitations(ctx: AppContext, scope: Scope, appointmentId: number): Promise<VisitInvitation[]> {
  assertMayEnter(scope, await visibleAppointment(scope, ctx.db, appointmentId));
  return (await repo.findInvitations(tenantDb(scope, ctx.db), { appointmentId })).map(invitationView);
}

/** `DELETE appointments/invitations/revoke/{invitationId}`: the link stops working at once. 404 out of scope; 403 for staff who may not enter. */
export async function revokeInvitation(ctx: AppContext, scope: Scope, invitationId: number): Promise<VisitInvitation> {
  const [found] = await repo.findInvitations(tenantDb(scope, ctx.db), { id: invitationId });
  if (!found) { throw AppError.notFound(); }
  assertMayEnter(scope, await visibleAppointment(scope, ctx.db, found.appointmentId));
  await repo.revokeInvitation(tenantDb(scope, ctx.db), invitationId, new Date());
  const [after] = await repo.findInvitations(tenantDb(scope, ctx.db), { id: invitationId });
  return invitationView(after!);
}

/**
 * `GET visit/iceservers`: the ICE servers for a guest's browser (`lib/turn.ts`; TURN username id
 * "g<invitee user id>"), by the same invitation check as `GET visit/invitation`: 404
 * "This visit link is not valid, has expired or was revoked" otherwise.
 */
export async function getGuestIceServers(ctx: AppContext, token: string, now = new Date()): Promise<IceServers> {
  const visit = await getGuestVisit(ctx, token, now);
  return iceServersFor(ctx.config, `g${visit.guestUserId}`, now);
}

/**
 * `GET visit/invitation`: the visit a guest's token opens. A token that does not hash to a live
 * invitation (tampered, foreign, expired, revoked) or whose appointment is cancelled or finished
 * answers 404 "This visit link is not valid, has expired or was revoked", and nothing else.
 */
export async function getGuestVisit(ctx: AppContext, token: string, now = new Date()): Promise<GuestVisit> {
  const resolved = await repo.resolveInvitation(ctx.db, tokenHash(token), now);
  if (!resolved) { throw AppError.notFound('visitInvitationInvalid'); }
  // The invitation is the guest's credential for this one appointment: read it with the system scope.
  const row = await repo.getAppointment(tenantDb(systemScope, ctx.db), resolved.invitation.appointmentId);
  if (!row || (row.status !== 'SCHEDULED' && row.status !== 'IN_PROGRESS')) { throw AppError.notFound('visitInvitationInvalid'); }
  const zone = officeTimeZone(row.timeZone);
  return {
    appointmentId: row.id,
    hospitalId: row.hospitalId,
    guestUserId: resolved.invitation.userId,
    guestName: `${resolved.guestFirst} ${resolved.guestLast}`.trim(),
    doctorName: `${row.doctor.firstName} ${row.doctor.lastName}`.trim(),
    hospitalName: row.hospitalName,
    kind: row.kind,
    status: row.status,
    localDate: localDateOf(row.startsAt, zone),
    localTime: localTimeOf(row.startsAt, zone),
    timeZone: zone,
  };
}
