import { appointments, type ApproveRejectBody, type In } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { saveFile } from '../../../lib/save-file';

export type AppointmentsQuery = NonNullable<In<typeof appointments.findAppointments.query>>;
export type CreateAppointmentInput = NonNullable<In<typeof appointments.createAppointment.body>>;
export type UpdateAppointmentInput = NonNullable<In<typeof appointments.updateAppointment.body>>;

/** Every read an appointment change can make stale (calendars, day lists, the drawer, a patient's visits). */
const appointmentReads = [
  appointments.findAppointments,
  appointments.getAppointment,
  appointments.findAppointmentsForHospitalForDate,
  appointments.findAppointmentsForHospitalForToday,
  appointments.findAppointmentsForDoctor,
  appointments.findAppointmentsForDoctorForToday,
] as const;
const noteReads = [appointments.findAppointmentNotesForPatient, appointments.getAppointmentNote] as const;

/** GET appointments: the caller's appointments in a start range (office, doctor, patient, status filters). */
export function useAppointments(query: AppointmentsQuery, enabled = true) {
  return useEndpointQuery(appointments.findAppointments, { query }, { enabled });
}

/** GET appointments/byid/{appointmentId}: one appointment (the drawer). */
export function useAppointment(id: number | null) {
  return useEndpointQuery(appointments.getAppointment, { params: { appointmentId: id ?? 0 } }, { enabled: !!id });
}

/** POST appointments: schedule (409 names the clash). */
export function useCreateAppointment() {
  return useEndpointMutation(appointments.createAppointment, { input: (body: CreateAppointmentInput) => ({ body }), invalidates: appointmentReads });
}

/** PUT appointments/{appointmentId}: reschedule, cancel, completed, no-show. */
export function useUpdateAppointment() {
  return useEndpointMutation(appointments.updateAppointment, {
    input: ({ id, body }: { id: number; body: UpdateAppointmentInput }) => ({ params: { appointmentId: id }, body }),
    invalidates: appointmentReads,
  });
}

/** POST appointmentrequests/approvereject. */
export function useApproveReject() {
  return useEndpointMutation(appointments.approveRejectAppointmentRequest, { input: (body: ApproveRejectBody) => ({ body }), invalidates: appointmentReads });
}

/** POST appointments/addattendeeforappointment. */
export function useAddAttendee() {
  return useEndpointMutation(appointments.addAttendeeForAppointment, {
    input: (body: { appointmentId: number; userId: number }) => ({ body }),
    invalidates: appointmentReads,
  });
}

/** GET appointments/getnotesforpatientid: a patient's appointment notes, newest first. */
export function usePatientAppointmentNotes(patientId: number) {
  return useEndpointQuery(appointments.findAppointmentNotesForPatient, { headers: { patientid: patientId } }, { enabled: patientId > 0 });
}

/** POST appointments/addnote. */
export function useAddAppointmentNote() {
  return useEndpointMutation(appointments.addAppointmentNote, { input: (body: { appointmentId: number; text: string }) => ({ body }), invalidates: noteReads });
}

/** DELETE appointments/deletenote (header noteId). */
export function useDeleteAppointmentNote() {
  return useEndpointMutation(appointments.deleteAppointmentNote, { input: (noteId: number) => ({ headers: { noteid: noteId } }), invalidates: noteReads });
}

/** Saves the appointment's .ics file (GET appointments/ics/{appointmentId}). */
export async function downloadIcs(appointmentId: number): Promise<void> {
  const blob = await callBlob(appointments.downloadAppointmentIcs, { params: { appointmentId } });
  saveFile(blob, `appointment-${appointmentId}.ics`);
}

/** GET appointments/calls/{appointmentId}: the visit's call records (docs/video-visits.md "Call records"). */
export function useVideoCalls(appointmentId: number, enabled = true) {
  return useEndpointQuery(appointments.findVideoCalls, { params: { appointmentId } }, { enabled: enabled && appointmentId > 0 });
}
