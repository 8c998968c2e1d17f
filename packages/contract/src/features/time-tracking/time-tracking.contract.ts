import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  createPatientPresenceBodySchema,
  deletedTimeEntrySchema,
  officePresenceSchema,
  openTimerSchema,
  patientPresenceSchema,
  presenceHospitalHeadersSchema,
  presencePageQuerySchema,
  presencePatientHeadersSchema,
  startTrackingBodySchema,
  startTrackingResultSchema,
  stopTrackingBodySchema,
  stopTrackingV2BodySchema,
  timeEntriesForPatientHeadersSchema,
  timeEntrySchema,
  TIME_ENTRIES_LIST_LIMIT,
  updateTimeEntryBodySchema,
} from './time-tracking.schemas';

/** endpoints.txt section "Patient presence and time tracking" (8), plus three chosen time-entry endpoints. */
const tag = 'Time tracking';
const presenceTag = 'Patient presence';
const idParams = z.object({ id: idSchema });

export const getNotFinishedWithPatient = endpoint({
  method: 'GET',
  path: 'timetracking/getnotfinishedwithpatient',
  tag,
  summary: "The caller's running timer with its patient, or null (a timer open for 2 hours is first closed at start + 2 h, flagged autoClosed)",
  permission: 'timeTracking.use',
  response: openTimerSchema.nullable(),
  audit: { resource: 'Encounter', patient: 'answer.patientId' },
});

export const startTrackingWithPatient = endpoint({
  method: 'POST',
  path: 'timetracking/starttrackingwithpatient',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: "Start a timer on a patient for a program enabled in the office; the caller's running timer, if any, is stopped first",
  permission: 'timeTracking.use',
  body: startTrackingBodySchema,
  response: startTrackingResultSchema,
  successStatus: 201,
});

export const stopTrackingWithPatient = endpoint({
  method: 'PUT',
  path: 'timetracking/stoptrackingwithpatient',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: "Stop the caller's running timer (seconds counted by the server, at most 7200), optionally writing a linked note for the month",
  permission: 'timeTracking.use',
  body: stopTrackingBodySchema,
  response: timeEntrySchema,
  audit: { resource: 'Encounter', patient: 'answer.patientId' },
});

export const stopTrackingWithPatientV2 = endpoint({
  method: 'PUT',
  path: 'timetracking/stoptrackingwithpatientV2',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: "Stop the caller's timer by id with its note; a timer closed at 2 hours can still be documented once",
  permission: 'timeTracking.use',
  body: stopTrackingV2BodySchema,
  response: timeEntrySchema,
  audit: { resource: 'Encounter', record: { kind: 'timeEntry', key: 'body.timeTrackingId' } },
});

/** Chosen: the spec needs entries listed to show and edit them; not in endpoints.txt. */
export const getTimeEntriesForPatient = endpoint({
  method: 'GET',
  path: 'timetracking/gettimeentriesforpatient',
  tag,
  summary: `Chosen. The patient's time entries of a calendar month (office time zone) with staff, program, seconds, interactive flag and note; at most ${TIME_ENTRIES_LIST_LIMIT}`,
  permission: 'timeTracking.use',
  headers: timeEntriesForPatientHeadersSchema,
  response: z.array(timeEntrySchema),
});

/** Chosen: edit a manual entry ("Automatically added entries cannot be edited or deleted"). */
export const updateTimeEntry = endpoint({
  method: 'PUT',
  path: 'timetracking/{id}',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: 'Chosen. Edit a manual entry (author or office admin; seconds 1..7200); timer entries are refused',
  permission: 'timeTracking.use',
  params: idParams,
  body: updateTimeEntryBodySchema,
  response: timeEntrySchema,
  audit: { resource: 'Encounter', record: { kind: 'timeEntry', key: 'params.id' } },
});

/** Chosen: delete a manual entry with the note detail written with it. */
export const deleteTimeEntry = endpoint({
  method: 'DELETE',
  path: 'timetracking/{id}',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: 'Chosen. Delete a manual entry and the note detail written with it (author or office admin); timer entries are refused',
  permission: 'timeTracking.use',
  params: idParams,
  response: deletedTimeEntrySchema,
  audit: { resource: 'Encounter', record: { kind: 'timeEntry', key: 'params.id' } },
});

export const getPatientPresenceForHospital = endpoint({
  method: 'GET',
  path: 'patientpresence/getpatientpresenceforhospital',
  tag: presenceTag,
  summary: "The office's patients out of facility now, and a page of past stays (search by patient name)",
  permission: 'presence.read',
  headers: presenceHospitalHeadersSchema,
  query: presencePageQuerySchema,
  response: officePresenceSchema,
  audit: { resource: 'Encounter' },
});

export const getPatientPresenceByPatientId = endpoint({
  method: 'GET',
  path: 'patientpresence/getpatientpresencebypatientid',
  tag: presenceTag,
  summary: "The patient's stays out of facility in the caller's offices, the open one first, newest first (at most 200)",
  permission: 'presence.read',
  headers: presencePatientHeadersSchema,
  response: z.array(patientPresenceSchema),
});

export const createPatientPresence = endpoint({
  method: 'POST',
  path: 'patientpresence',
  tag: presenceTag,
  summary: 'Mark a patient out of facility with the location the patient is leaving to (mandatory)',
  permission: 'presence.manage',
  body: createPatientPresenceBodySchema,
  response: patientPresenceSchema,
  successStatus: 201,
});

/**
 * Spec section 8: "Patient presence delete returns the error object instead of failing": a
 * failure (unknown id, patient already back) answers HTTP 200 with `{ resFlag: false, data: null,
 * msg, code }`; a missing session or permission is still 401 / 403.
 */
export const deletePatientPresence = endpoint({
  method: 'DELETE',
  path: 'patientpresence/{id}',
  tag: presenceTag,
  summary: 'Mark the patient back in the facility (closes the stay, kept as history); failures answer 200 with resFlag false',
  permission: 'presence.manage',
  params: idParams,
  response: patientPresenceSchema,
  audit: { resource: 'Encounter', record: { kind: 'patientPresence', key: 'params.id' } },
});
