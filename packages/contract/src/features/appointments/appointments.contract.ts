import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  addAttendeeBodySchema,
  addNoteBodySchema,
  appointmentIdBodySchema,
  appointmentListQuerySchema,
  appointmentNoteSchema,
  appointmentRequestBodySchema,
  appointmentSchema,
  approveRejectBodySchema,
  createAppointmentBodySchema,
  doctorIdHeaderSchema,
  editNoteBodySchema,
  hospitalDateHeadersSchema,
  hospitalIdHeaderSchema,
  iceServersSchema,
  createInvitationBodySchema,
  guestVisitSchema,
  invitationHeaderSchema,
  visitInvitationSchema,
  noteIdHeaderSchema,
  patientIdHeaderSchema,
  updateAppointmentBodySchema,
  answerRingBodySchema,
  ringSchema,
  stopVideoCallBodySchema,
  videoCallSchema,
} from './appointments.schemas';

// endpoints.txt section "Appointments" (17) with the spec's headers (portal-spec.md section 7:
// doctorId, hospitalId, paramDate, noteId), plus the chosen .ics download. Reads need
// appointments.read; writes appointments.manage; a request appointments.request. Days are the
// office's calendar days (docs/appointments.md).
const tag = 'Appointments';
const list = z.array(appointmentSchema);

export const findAppointments = endpoint({
  method: 'GET',
  path: 'appointments',
  tag,
  summary: "Appointments of the caller's offices by start, filtered by office, doctor, patient, status and start range (default from now on), at most 2,500",
  permission: 'appointments.read',
  query: appointmentListQuerySchema,
  response: list,
});

export const createAppointment = endpoint({
  method: 'POST',
  path: 'appointments',
  tag,
  summary: 'Schedule an appointment; 400 in the past or with an attendee outside the care team and office; 409 naming the clash when the doctor or an attendee is booked',
  permission: 'appointments.manage',
  body: createAppointmentBodySchema,
  response: appointmentSchema,
  successStatus: 201,
  changesAccess: false,
});

export const updateAppointment = endpoint({
  method: 'PUT',
  path: 'appointments/{appointmentId}',
  tag,
  summary: 'Reschedule, change kind or doctor, cancel, or mark completed / no-show; the same rules as scheduling',
  permission: 'appointments.manage',
  params: z.object({ appointmentId: idSchema }),
  body: updateAppointmentBodySchema,
  response: appointmentSchema,
  changesAccess: false,
  audit: { resource: 'Appointment', record: { kind: 'appointment', key: 'params.appointmentId' } },
});

export const requestAppointment = endpoint({
  method: 'POST',
  path: 'appointments/createappointment',
  tag,
  summary: 'Request an appointment (status REQUESTED); the doctor gets an appointment-request notification (type 7)',
  permission: 'appointments.request',
  body: appointmentRequestBodySchema,
  response: appointmentSchema,
  successStatus: 201,
  changesAccess: false,
});

export const findAppointmentsForDoctorForToday = endpoint({
  method: 'GET',
  path: 'appointments/appointmentsfordoctorfortoday',
  tag,
  summary: "The doctor's appointments (header doctorId) of today, each office's today in its own time zone",
  permission: 'appointments.read',
  headers: doctorIdHeaderSchema,
  response: list,
  audit: { resource: 'Appointment' },
});

export const findAppointmentsForDoctor = endpoint({
  method: 'GET',
  path: 'appointments/appointmentsfordoctor',
  tag,
  summary: "The doctor's appointments (header doctorId) in the start range of the query (default from now on)",
  permission: 'appointments.read',
  headers: doctorIdHeaderSchema,
  query: appointmentListQuerySchema.pick({ from: true, to: true, status: true }),
  response: list,
  audit: { resource: 'Appointment' },
});

export const findAppointmentsForHospitalForDate = endpoint({
  method: 'GET',
  path: 'appointments/appointmentsforhospitalfordate',
  tag,
  summary: "The office's appointments (header hospitalId) of the local day paramDate (YYYY-MM-DD) in the office's time zone",
  permission: 'appointments.read',
  headers: hospitalDateHeadersSchema,
  response: list,
  audit: { resource: 'Appointment' },
});

export const findAppointmentsForHospitalForToday = endpoint({
  method: 'GET',
  path: 'appointments/appointmentsforhospitalfortoday',
  tag,
  summary: "The office's appointments (header hospitalId) of today in the office's time zone",
  permission: 'appointments.read',
  headers: hospitalIdHeaderSchema,
  response: list,
  audit: { resource: 'Appointment' },
});

export const addAppointmentNote = endpoint({
  method: 'POST',
  path: 'appointments/addnote',
  tag,
  summary: 'Add a note to an appointment',
  permission: 'appointments.manage',
  body: addNoteBodySchema,
  response: appointmentNoteSchema,
  successStatus: 201,
  changesAccess: false,
  audit: { resource: 'Appointment', record: { kind: 'appointment', key: 'body.appointmentId' } },
});

export const editAppointmentNote = endpoint({
  method: 'PUT',
  path: 'appointments/editnote',
  tag,
  summary: "Edit a note's text (its author, or whoever may change anyone's care records)",
  permission: 'appointments.manage',
  body: editNoteBodySchema,
  response: appointmentNoteSchema,
  changesAccess: false,
  audit: { resource: 'Appointment', record: { kind: 'appointmentNote', key: 'body.noteId' } },
});

export const deleteAppointmentNote = endpoint({
  method: 'DELETE',
  path: 'appointments/deletenote',
  tag,
  summary: 'Delete a note (header noteId); its author, or whoever may change anyone\'s care records',
  permission: 'appointments.manage',
  headers: noteIdHeaderSchema,
  response: z.object({ noteId: z.number().int() }),
  changesAccess: false,
  audit: { resource: 'Appointment', record: { kind: 'appointmentNote', key: 'headers.noteid' } },
});

export const findAppointmentNotesForPatient = endpoint({
  method: 'GET',
  path: 'appointments/getnotesforpatientid',
  tag,
  summary: "The appointment notes of a patient (header patientId), newest first, at most 500",
  permission: 'appointments.read',
  headers: patientIdHeaderSchema,
  response: z.array(appointmentNoteSchema),
});

export const getAppointmentNote = endpoint({
  method: 'GET',
  path: 'appointments/getnotebyid',
  tag,
  summary: 'One appointment note (header noteId)',
  permission: 'appointments.read',
  headers: noteIdHeaderSchema,
  response: appointmentNoteSchema,
  audit: { resource: 'Appointment', record: { kind: 'appointmentNote', key: 'headers.noteid' } },
});

export const startVideoCall = endpoint({
  method: 'PUT',
  path: 'appointments/startvideocall',
  tag,
  summary: 'Start the video visit and admit the waiting patient (status IN_PROGRESS); the doctor, an attendee or whoever holds visits.officeAll',
  permission: 'visits.join',
  body: appointmentIdBodySchema,
  response: appointmentSchema,
  changesAccess: false,
  audit: { resource: 'Encounter', record: { kind: 'appointment', key: 'body.appointmentId' } },
});

export const stopVideoCall = endpoint({
  method: 'PUT',
  path: 'appointments/stopvideocall',
  tag,
  summary: 'End the video visit for everyone (status COMPLETED)',
  permission: 'visits.join',
  body: stopVideoCallBodySchema,
  response: appointmentSchema,
  changesAccess: false,
  audit: { resource: 'Encounter', record: { kind: 'appointment', key: 'body.appointmentId' } },
});

export const addAttendeeForAppointment = endpoint({
  method: 'POST',
  path: 'appointments/addattendeeforappointment',
  tag,
  summary: "Add an attendee from the patient's care team or office; 409 naming the clash when they are booked then",
  permission: 'appointments.manage',
  body: addAttendeeBodySchema,
  response: appointmentSchema,
  changesAccess: false,
  audit: { resource: 'Appointment', record: { kind: 'appointment', key: 'body.appointmentId' } },
});

export const approveRejectAppointmentRequest = endpoint({
  method: 'POST',
  path: 'appointmentrequests/approvereject',
  tag,
  summary: 'Approve a request into a scheduled appointment (same rules as scheduling) or reject it with a reason; the requester is notified',
  permission: 'appointments.manage',
  body: approveRejectBodySchema,
  response: appointmentSchema,
  changesAccess: false,
  audit: { resource: 'Appointment', action: 'U', record: { kind: 'appointment', key: 'body.appointmentId' } },
});

export const getAppointment = endpoint({
  method: 'GET',
  path: 'appointments/byid/{appointmentId}',
  tag,
  summary: 'Chosen (not in the spec): one appointment, for the appointment drawer',
  permission: 'appointments.read',
  params: z.object({ appointmentId: idSchema }),
  response: appointmentSchema,
  audit: { resource: 'Appointment', record: { kind: 'appointment', key: 'params.appointmentId' } },
});

export const downloadAppointmentIcs = endpoint({
  method: 'GET',
  path: 'appointments/ics/{appointmentId}',
  tag,
  summary: 'Chosen (not in the spec): the appointment as an iCalendar file (text/calendar, RFC 5545)',
  permission: 'appointments.read',
  params: z.object({ appointmentId: idSchema }),
  binary: true,
  response: z.string(),
  audit: { resource: 'Appointment', record: { kind: 'appointment', key: 'params.appointmentId' } },
});

export const getIceServers = endpoint({
  method: 'GET',
  path: 'appointments/iceservers',
  tag,
  summary: 'Chosen (not in the spec): ICE servers for a video visit with a short-lived TURN credential (coturn shared-secret scheme, VIGIL_TURN_URLS / VIGIL_TURN_SECRET)',
  permission: 'visits.join',
  response: iceServersSchema,
});

export const createVisitInvitation = endpoint({
  method: 'POST',
  path: 'appointments/invitations',
  tag,
  summary: "Chosen (not in the spec): an invitation link to a video or phone visit for the patient or a caregiver of the care team, valid until 2 hours after the visit; optionally e-mailed",
  permission: 'visits.join',
  body: createInvitationBodySchema,
  response: visitInvitationSchema,
  successStatus: 201,
  changesAccess: false,
  audit: { resource: 'Encounter', record: { kind: 'appointment', key: 'body.appointmentId' } },
});

export const findVisitInvitations = endpoint({
  method: 'GET',
  path: 'appointments/invitations/{appointmentId}',
  tag,
  summary: "Chosen (not in the spec): an appointment's invitations (without their links)",
  permission: 'visits.join',
  params: z.object({ appointmentId: idSchema }),
  response: z.array(visitInvitationSchema),
  audit: { resource: 'Encounter', record: { kind: 'appointment', key: 'params.appointmentId' } },
});

export const revokeVisitInvitation = endpoint({
  method: 'DELETE',
  path: 'appointments/invitations/revoke/{invitationId}',
  tag,
  summary: 'Chosen (not in the spec): revoke an invitation link at once',
  permission: 'visits.join',
  params: z.object({ invitationId: idSchema }),
  response: visitInvitationSchema,
  changesAccess: false,
  audit: { resource: 'Encounter', record: { kind: 'visitInvitation', key: 'params.invitationId' } },
});

export const getGuestVisit = endpoint({
  method: 'GET',
  path: 'visit/invitation',
  tag,
  summary: 'Chosen (not in the spec): the visit a guest\'s invitation (header visitinvitation) opens; 404 "This visit link is not valid, has expired or was revoked"',
  permission: 'public',
  headers: invitationHeaderSchema,
  response: guestVisitSchema,
});

export const getGuestIceServers = endpoint({
  method: 'GET',
  path: 'visit/iceservers',
  tag,
  summary: "Chosen (not in the spec): ICE servers for a guest's browser, by the invitation (header visitinvitation); 404 \"This visit link is not valid, has expired or was revoked\"",
  permission: 'public',
  headers: invitationHeaderSchema,
  response: iceServersSchema,
});

export const findVideoCalls = endpoint({
  method: 'GET',
  path: 'appointments/calls/{appointmentId}',
  tag,
  summary: "Chosen (not in the spec): the calls of a video or phone visit, oldest first, with participants (join and leave), rings and the automatic interactive time entries they added",
  permission: 'appointments.read',
  params: z.object({ appointmentId: idSchema }),
  response: z.array(videoCallSchema),
  audit: { resource: 'Encounter', record: { kind: 'appointment', key: 'params.appointmentId' } },
});

export const answerVideoCallRing = endpoint({
  method: 'PUT',
  path: 'appointments/calls/answer',
  tag,
  summary: 'Chosen (not in the spec): the callee accepts or declines a ring of initvideocallwithuser; 409 once it was answered or missed',
  permission: 'visits.join',
  body: answerRingBodySchema,
  response: ringSchema,
  changesAccess: false,
  audit: { resource: 'Encounter', record: { kind: 'videoCallRing', key: 'body.ringId' } },
});
