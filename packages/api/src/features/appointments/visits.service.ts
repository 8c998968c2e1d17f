import { can, type Appointment } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import * as repo from './appointments.repo';
import { viewOf, visibleAppointment } from './appointments.service';

/**
 * Video and voice visits of appointments (issue scope "Video and voice visits"; docs/video-visits.md).
 * Staff enter with their session and must be the appointment's doctor or an attendee, or hold
 * `visits.officeAll` for the office's visits (the spec's route has a misspelt authentication flag;
 * Vigil does not copy that hole, docs/security.md).
 */

/** 403 "Only the visit's doctor and attendees can enter this visit" unless the caller may enter. */
export function assertMayEnter(scope: Scope, row: repo.AppointmentRow): void {
  if (row.doctor.id === scope.userId || row.attendees.some((p) => p.id === scope.userId)) return;
  if (can(scope.role, 'visits.officeAll')) return; // the row is already in the caller's offices
  throw AppError.forbidden('visitNotParticipant');
}

/**
 * `PUT appointments/startvideocall`: admits the waiting patient (status IN_PROGRESS, video start
 * kept from the first admit). 404 out of scope; 403 for staff who may not enter; 409 for an
 * in-person appointment, a request, or a closed appointment.
 */
export async function startVideoCall(ctx: AppContext, scope: Scope, appointmentId: number): Promise<Appointment> {
  await ctx.db.transaction(async (tx) => {
    const row = await visibleAppointment(scope, tx, appointmentId);
    assertMayEnter(scope, row);
    if (row.kind === 'IN_PERSON') throw AppError.conflict('appointmentNotVideo');
    if (row.status !== 'SCHEDULED' && row.status !== 'IN_PROGRESS') throw AppError.conflict('appointmentClosed');
    await repo.updateAppointment(scope, tx, appointmentId, { status: 'IN_PROGRESS', videoStartedAt: row.videoStartedAt ?? new Date() }, row);
  });
  return viewOf(await visibleAppointment(scope, ctx.db, appointmentId));
}

/**
 * `PUT appointments/stopvideocall`: ends the visit for everyone (status COMPLETED, video end now).
 * 404 out of scope; 403 for staff who may not enter; 409 "This visit has not started" unless it is
 * in progress.
 */
export async function stopVideoCall(ctx: AppContext, scope: Scope, appointmentId: number): Promise<Appointment> {
  await ctx.db.transaction(async (tx) => {
    const row = await visibleAppointment(scope, tx, appointmentId);
    assertMayEnter(scope, row);
    if (row.status !== 'IN_PROGRESS') throw AppError.conflict('visitNotStarted');
    await repo.updateAppointment(scope, tx, appointmentId, { status: 'COMPLETED', videoEndedAt: new Date() }, row);
  });
  return viewOf(await visibleAppointment(scope, ctx.db, appointmentId));
}
