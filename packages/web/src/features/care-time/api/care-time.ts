import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  billing,
  medicalNotes,
  timeTracking,
  type CreatePatientPresenceBody,
  type In,
  type MedicalNote,
  type StartTrackingBody,
  type StopTrackingV2Body,
  type UpdateMedicalNoteDetailBody,
  type UpdateTimeEntryBody,
} from '@vigil/contract';
import { invalidateEndpoints, queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export type AddDetailBody = NonNullable<In<typeof medicalNotes.addAdditionalMedicalNoteDetail.body>>;
export type CreateNoteBody = NonNullable<In<typeof medicalNotes.createMedicalNote.body>>;
export type ManualEntryBody = NonNullable<In<typeof medicalNotes.createMedicalNoteWithCustomSeconds.body>>;

/**
 * What a change of time or notes makes stale: the running timer, the time entries and presence
 * (time tracking), the month's note and the office's notes (the daily report), and the billing
 * evidence built from them (the monthly review's codes, the readiness of the month). A refused
 * change (e.g. a timer already closed at 2 hours) refreshes them too: these changes invalidate
 * when settled.
 */
const careTimeReads = [
  timeTracking,
  medicalNotes.getMedicalNoteForPatientByIdAndMonth,
  medicalNotes.getMedicalNoteForPatientById,
  medicalNotes.getMedicalNoteForHospital,
  billing.getBillingDetailsForPatientForMonth,
  billing.getBillingReadiness,
] as const;

/** Reloads the care-time reads (the timer closed by the server at 2 hours is read again). */
export function reloadCareTime(qc: QueryClient): Promise<void> {
  return invalidateEndpoints(qc, careTimeReads);
}

/**
 * GET timetracking/getnotfinishedwithpatient: the caller's running timer (with its patient and the
 * seconds counted by the server), or null. Read on mount, so a timer survives a reload; a timer
 * open for 2 hours comes back closed (null) and its entry flagged autoClosed.
 */
export function useOpenTimer(enabled: boolean) {
  return useEndpointQuery(timeTracking.getNotFinishedWithPatient, {}, { enabled, retry: false });
}

/** GET timetracking/gettimeentriesforpatient: the patient's time entries of a calendar month in one office (this panel and the monthly review). */
export function useTimeEntries(patientId: number | null, hospitalId: number, year: number, month: number, enabled: boolean) {
  return useEndpointQuery(
    timeTracking.getTimeEntriesForPatient,
    { headers: { patientid: patientId ?? 0, hospitalid: hospitalId, year, month } },
    { enabled: enabled && !!patientId && hospitalId > 0 },
  );
}

/** The month's note, or none with the server's message ("No medical note for the patient for the month {month} and year {year}!"). */
export type MonthNote = { note: MedicalNote; emptyMessage: null } | { note: null; emptyMessage: string };

/**
 * GET medicalnote/getmedicalnoteforpatientbyidandmonth (this panel and the monthly review): a 404
 * is the month without a note, an empty state with the server's message, not an error.
 */
export function useMonthNote(patientId: number | null, hospitalId: number, year: number, month: number, enabled: boolean) {
  const q = useEndpointQuery(
    medicalNotes.getMedicalNoteForPatientByIdAndMonth,
    { headers: { patientid: patientId ?? 0, hospitalid: hospitalId, month, year } },
    { enabled: enabled && !!patientId && hospitalId > 0, retry: false },
  );
  const missing = q.error?.status === 404 ? q.error : null;
  const data: MonthNote | undefined = missing ? { note: null, emptyMessage: missing.message } : q.data ? { note: q.data, emptyMessage: null } : undefined;
  return { data, isLoading: q.isLoading, error: missing ? null : q.error };
}

/** GET patientpresence/getpatientpresencebypatientid: the patient's stays out of facility, the open one first. */
export function usePatientPresence(patientId: number, hospitalId: number, enabled: boolean) {
  return useEndpointQuery(timeTracking.getPatientPresenceByPatientId, { headers: { patientid: patientId, hospitalid: hospitalId } }, { enabled });
}

const presenceReads = [timeTracking.getPatientPresenceByPatientId, timeTracking.getPatientPresenceForHospital] as const;

/** POST patientpresence: marks the patient out of facility with the place they are leaving to (mandatory). */
export function useCreatePresence() {
  return useEndpointMutation(timeTracking.createPatientPresence, { input: (body: CreatePatientPresenceBody) => ({ body }), invalidates: presenceReads, invalidateOn: 'settled' });
}

/**
 * DELETE patientpresence/{id}: the patient is back in the facility. Spec section 8: a failure
 * answers its 4xx with the error object (resFlag false, msg, code); `call` turns it into an
 * ApiError carrying that body, whose message the page shows.
 */
export function useDeletePresence() {
  return useEndpointMutation(timeTracking.deletePatientPresence, { input: (id: number) => ({ params: { id } }), invalidates: presenceReads, invalidateOn: 'settled' });
}

/** POST timetracking/starttrackingwithpatient: starts a timer (the caller's running timer, if any, is stopped first); shown at once. */
export function useStartTracking() {
  const qc = useQueryClient();
  return useEndpointMutation(timeTracking.startTrackingWithPatient, {
    input: (body: StartTrackingBody) => ({ body }),
    onSuccess: (result) => qc.setQueryData(queryKeyOf(timeTracking.getNotFinishedWithPatient), result.timer),
    invalidates: careTimeReads,
    invalidateOn: 'settled',
  });
}

/**
 * PUT timetracking/stoptrackingwithpatientV2: stops the caller's timer by id with the interactive
 * flag, activity and the note (written as a detail of the month's medical note, linked to the
 * entry). A timer closed at 2 hours without a note is documented once the same way.
 */
export function useStopTracking() {
  const qc = useQueryClient();
  return useEndpointMutation(timeTracking.stopTrackingWithPatientV2, {
    input: (body: StopTrackingV2Body) => ({ body }),
    onSuccess: () => qc.setQueryData(queryKeyOf(timeTracking.getNotFinishedWithPatient), null),
    invalidates: careTimeReads,
    invalidateOn: 'settled',
  });
}

/** PUT timetracking/{id}: edits a manual entry (automatic entries are refused by the server). */
export function useUpdateTimeEntry() {
  return useEndpointMutation(timeTracking.updateTimeEntry, {
    input: ({ id, body }: { id: number; body: UpdateTimeEntryBody }) => ({ params: { id }, body }),
    invalidates: careTimeReads,
    invalidateOn: 'settled',
  });
}

/** DELETE timetracking/{id}: deletes a manual entry and the note detail written with it. */
export function useDeleteTimeEntry() {
  return useEndpointMutation(timeTracking.deleteTimeEntry, { input: (id: number) => ({ params: { id } }), invalidates: careTimeReads, invalidateOn: 'settled' });
}

/**
 * POST medicalnote/medicalnotewithcustomseconds: a manual time entry of custom seconds on a date,
 * with its note detail ("Time cannot exceed 2 hours" above 7200 s).
 */
export function useCreateManualEntry() {
  return useEndpointMutation(medicalNotes.createMedicalNoteWithCustomSeconds, { input: (body: ManualEntryBody) => ({ body }), invalidates: careTimeReads, invalidateOn: 'settled' });
}

/** POST medicalnote: adds a detail to the patient's note of the month (the note is created when missing). */
export function useCreateMedicalNote() {
  return useEndpointMutation(medicalNotes.createMedicalNote, { input: (body: CreateNoteBody) => ({ body }), invalidates: careTimeReads, invalidateOn: 'settled' });
}

/** PUT medicalnote/addadditionalmedicalnotedetail/{medicalNoteId}: adds a detail to an existing note. */
export function useAddNoteDetail() {
  return useEndpointMutation(medicalNotes.addAdditionalMedicalNoteDetail, {
    input: ({ medicalNoteId, body }: { medicalNoteId: number; body: AddDetailBody }) => ({ params: { medicalNoteId }, body }),
    invalidates: careTimeReads,
    invalidateOn: 'settled',
  });
}

/** PUT medicalnotedetail/{id}: edits a detail's text and program (its author or an office admin). */
export function useUpdateNoteDetail() {
  return useEndpointMutation(medicalNotes.updateMedicalNoteDetail, {
    input: ({ id, body }: { id: number; body: UpdateMedicalNoteDetailBody }) => ({ params: { id }, body }),
    invalidates: careTimeReads,
    invalidateOn: 'settled',
  });
}

/** DELETE medicalnotedetail/{id}: deletes a detail (refused when it documents timer time); a manual entry written with it goes too. */
export function useDeleteNoteDetail() {
  return useEndpointMutation(medicalNotes.deleteMedicalNoteDetail, { input: (id: number) => ({ params: { id } }), invalidates: careTimeReads, invalidateOn: 'settled' });
}
