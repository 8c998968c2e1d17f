import type { FastifyInstance } from 'fastify';
import { appointments, notifications } from '@vigil/contract';
import type { AppContext } from '../../context';
import { limitTokenGuesses } from '../../lib/guess-limit';
import { omitGroup, pickGroup, registerGroup } from '../../lib/route';
import { iceServersFor } from '../../lib/turn';
import { VIDEO_CALL_NOTIFICATION_ENDPOINTS } from '../notifications/index';
import { appointmentIcs } from './appointments.ics';
import * as service from './appointments.service';
import * as visits from './visits.service';
import * as calls from './video-calls.service';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/**
 * The guest's invitation lookups, registered in their own plugin context with the failed-guess
 * limit of public tokens; the rest of the group with `omitGroup` of the same keys, so the two
 * registrations are the whole group, each complete at compile time (docs/architecture.md "The route chain").
 */
const GUEST_ENDPOINTS = ['getGuestVisit', 'getGuestIceServers'] as const;

/** endpoints.txt section "Appointments" (17), plus the chosen appointment-by-id and .ics download. */
export function appointmentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, omitGroup(appointments, GUEST_ENDPOINTS), {
    findAppointments: ({ scope, query }) => service.findAppointments(ctx, scope, query),
    createAppointment: ({ scope, body }) => service.createAppointment(ctx, scope, body),
    updateAppointment: ({ scope, params, body }) => service.updateAppointment(ctx, scope, params.appointmentId, body),
    requestAppointment: ({ scope, body }) => service.requestAppointment(ctx, scope, body),
    findAppointmentsForDoctorForToday: ({ scope, headers }) => service.findForDoctorToday(ctx, scope, headers.doctorid),
    findAppointmentsForDoctor: ({ scope, headers, query }) => service.findForDoctor(ctx, scope, headers.doctorid, query),
    findAppointmentsForHospitalForDate: ({ scope, headers, req }) =>
      service.findForOfficeDay(ctx, scope, headers.hospitalid, headers.paramdate, req.headers['if-none-match']),
    findAppointmentsForHospitalForToday: ({ scope, headers, req }) =>
      service.findForOfficeDay(ctx, scope, headers.hospitalid, undefined, req.headers['if-none-match']),
    addAppointmentNote: ({ scope, body }) => service.addNote(ctx, scope, body),
    editAppointmentNote: ({ scope, body }) => service.editNote(ctx, scope, body.noteId, body.text),
    deleteAppointmentNote: ({ scope, headers }) => service.deleteNote(ctx, scope, headers.noteid),
    findAppointmentNotesForPatient: ({ scope, headers }) => service.findNotesForPatient(ctx, scope, headers.patientid),
    getAppointmentNote: ({ scope, headers }) => service.getNote(ctx, scope, headers.noteid),
    startVideoCall: ({ scope, body }) => visits.startVideoCall(ctx, scope, body.appointmentId),
    stopVideoCall: ({ scope, body }) => visits.stopVideoCall(ctx, scope, body.appointmentId, body.program),
    findVideoCalls: ({ scope, params }) => calls.findCalls(ctx, scope, params.appointmentId),
    answerVideoCallRing: ({ scope, body }) => calls.answerRing(ctx, scope, body),
    addAttendeeForAppointment: ({ scope, body }) => service.addAttendee(ctx, scope, body.appointmentId, body.userId),
    approveRejectAppointmentRequest: ({ scope, body }) => service.approveReject(ctx, scope, body),
    getAppointment: ({ scope, params }) => service.getAppointment(ctx, scope, params.appointmentId),
    getIceServers: ({ scope }) => iceServersFor(ctx.config, `u${scope.userId}`),
    createVisitInvitation: ({ scope, body }) => visits.createInvitation(ctx, scope, body),
    findVisitInvitations: ({ scope, params }) => visits.findInvitations(ctx, scope, params.appointmentId),
    revokeVisitInvitation: ({ scope, params }) => visits.revokeInvitation(ctx, scope, params.invitationId),
    downloadAppointmentIcs: async ({ scope, params, reply, req }) => {
      const file = appointmentIcs(await service.getAppointment(ctx, scope, params.appointmentId), req.lang);
      await reply
        .code(200)
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
      return answered;
    },
  });
  // The spec lists the ring under notifications; the call it rings for is the visit's (docs/video-visits.md "Ringing").
  registerGroup(app, ctx, pickGroup(notifications, VIDEO_CALL_NOTIFICATION_ENDPOINTS), {
    initVideoCallWithUser: ({ scope, body }) => calls.ringUsers(ctx, scope, body),
  });
  // A guest's invitation lookups, with the failed-guess limit of public tokens (lib/guess-limit.ts).
  void app.register(async (scoped) => {
    limitTokenGuesses(scoped, ctx);
    registerGroup(scoped, ctx, pickGroup(appointments, GUEST_ENDPOINTS), {
      getGuestVisit: ({ headers }) => visits.getGuestVisit(ctx, headers.visitinvitation),
      getGuestIceServers: ({ headers }) => visits.getGuestIceServers(ctx, headers.visitinvitation),
    });
  });
}
