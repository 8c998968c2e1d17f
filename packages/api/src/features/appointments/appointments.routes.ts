import type { FastifyInstance } from 'fastify';
import { appointments, notifications } from '@vigil/contract';
import type { AppContext } from '../../context';
import { limitTokenGuesses } from '../../lib/guess-limit';
import { registerEndpoint } from '../../lib/route';
import { iceServersFor } from '../../lib/turn';
import { appointmentIcs } from './appointments.ics';
import * as service from './appointments.service';
import * as visits from './visits.service';
import * as calls from './video-calls.service';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/** endpoints.txt section "Appointments" (17), plus the chosen appointment-by-id and .ics download. */
export function appointmentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, appointments.findAppointments, ({ scope, query }) => service.findAppointments(ctx, scope, query));
  registerEndpoint(app, ctx, appointments.createAppointment, ({ scope, body }) => service.createAppointment(ctx, scope, body));
  registerEndpoint(app, ctx, appointments.updateAppointment, ({ scope, params, body }) => service.updateAppointment(ctx, scope, params.appointmentId, body));
  registerEndpoint(app, ctx, appointments.requestAppointment, ({ scope, body }) => service.requestAppointment(ctx, scope, body));
  registerEndpoint(app, ctx, appointments.findAppointmentsForDoctorForToday, ({ scope, headers }) => service.findForDoctorToday(ctx, scope, headers.doctorid));
  registerEndpoint(app, ctx, appointments.findAppointmentsForDoctor, ({ scope, headers, query }) => service.findForDoctor(ctx, scope, headers.doctorid, query));
  registerEndpoint(app, ctx, appointments.findAppointmentsForHospitalForDate, ({ scope, headers, req }) =>
    service.findForOfficeDay(ctx, scope, headers.hospitalid, headers.paramdate, req.headers['if-none-match']),
  );
  registerEndpoint(app, ctx, appointments.findAppointmentsForHospitalForToday, ({ scope, headers, req }) =>
    service.findForOfficeDay(ctx, scope, headers.hospitalid, undefined, req.headers['if-none-match']),
  );
  registerEndpoint(app, ctx, appointments.addAppointmentNote, ({ scope, body }) => service.addNote(ctx, scope, body));
  registerEndpoint(app, ctx, appointments.editAppointmentNote, ({ scope, body }) => service.editNote(ctx, scope, body.noteId, body.text));
  registerEndpoint(app, ctx, appointments.deleteAppointmentNote, ({ scope, headers }) => service.deleteNote(ctx, scope, headers.noteid));
  registerEndpoint(app, ctx, appointments.findAppointmentNotesForPatient, ({ scope, headers }) => service.findNotesForPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, appointments.getAppointmentNote, ({ scope, headers }) => service.getNote(ctx, scope, headers.noteid));
  registerEndpoint(app, ctx, appointments.startVideoCall, ({ scope, body }) => visits.startVideoCall(ctx, scope, body.appointmentId));
  registerEndpoint(app, ctx, appointments.stopVideoCall, ({ scope, body }) => visits.stopVideoCall(ctx, scope, body.appointmentId, body.program));
  registerEndpoint(app, ctx, appointments.findVideoCalls, ({ scope, params }) => calls.findCalls(ctx, scope, params.appointmentId));
  registerEndpoint(app, ctx, appointments.answerVideoCallRing, ({ scope, body }) => calls.answerRing(ctx, scope, body));
  // The spec lists the ring under notifications; the call it rings for is the visit's (docs/video-visits.md "Ringing").
  registerEndpoint(app, ctx, notifications.initVideoCallWithUser, ({ scope, body }) => calls.ringUsers(ctx, scope, body));
  registerEndpoint(app, ctx, appointments.addAttendeeForAppointment, ({ scope, body }) => service.addAttendee(ctx, scope, body.appointmentId, body.userId));
  registerEndpoint(app, ctx, appointments.approveRejectAppointmentRequest, ({ scope, body }) => service.approveReject(ctx, scope, body));
  registerEndpoint(app, ctx, appointments.getAppointment, ({ scope, params }) => service.getAppointment(ctx, scope, params.appointmentId));
  registerEndpoint(app, ctx, appointments.getIceServers, ({ scope }) => iceServersFor(ctx.config, `u${scope.userId}`));
  registerEndpoint(app, ctx, appointments.createVisitInvitation, ({ scope, body }) => visits.createInvitation(ctx, scope, body));
  registerEndpoint(app, ctx, appointments.findVisitInvitations, ({ scope, params }) => visits.findInvitations(ctx, scope, params.appointmentId));
  registerEndpoint(app, ctx, appointments.revokeVisitInvitation, ({ scope, params }) => visits.revokeInvitation(ctx, scope, params.invitationId));
  // A guest's invitation lookups, with the failed-guess limit of public tokens (lib/guess-limit.ts).
  void app.register(async (scoped) => {
    limitTokenGuesses(scoped, ctx);
    registerEndpoint(scoped, ctx, appointments.getGuestVisit, ({ headers }) => visits.getGuestVisit(ctx, headers.visitinvitation));
    registerEndpoint(scoped, ctx, appointments.getGuestIceServers, ({ headers }) => visits.getGuestIceServers(ctx, headers.visitinvitation));
  });
  registerEndpoint(app, ctx, appointments.downloadAppointmentIcs, async ({ scope, params, reply, req }) => {
    const file = appointmentIcs(await service.getAppointment(ctx, scope, params.appointmentId), req.lang);
    await reply
      .code(200)
      .type(file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(file.body);
    return answered;
  });
}
