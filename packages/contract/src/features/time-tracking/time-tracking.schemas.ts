import { z } from 'zod';
import { bodyIdSchema, idSchema, intTextSchema } from '../../common/ids';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { optionalText, requiredText } from '../../common/validation';

/**
 * Care time and patient presence (portal-spec.md sections 4 "Time tracking", 5 "Time cannot
 * exceed 2 hours", "Automatically added entries cannot be edited or deleted", "The location a
 * patient is leaving to is mandatory...").
 *
 * A time entry is time a staff member spent on a patient for one care program. Timer entries
 * (`isAutomatic` true) are started and stopped with the patient open; their seconds are counted
 * by the server and they cannot be edited or deleted afterwards. Manual entries (`isAutomatic`
 * false) carry custom seconds typed by staff (`medicalnote/medicalnotewithcustomseconds`) and may
 * be edited or deleted by their author or an office admin. No entry is longer than 2 hours: a
 * timer left open is closed at exactly start + 2 h and flagged `autoClosed`.
 *
 * `interactive` = the entry included a real-time, synchronous two-way communication with the
 * patient or caregiver (billing-rules.md C8: asynchronous messages and voicemail do not count).
 */

/**
 * The care programs time and notes are recorded for: RPM, RTM, CCM, PCM, APCM, BHI and CPM
 * (chronic pain management, G3002/G3003 - billing-rules.md section 7: not RTM).
 */
export const carePrograms = ['RPM', 'RTM', 'CCM', 'PCM', 'APCM', 'BHI', 'CPM'] as const;
export const careProgramSchema = z.enum(carePrograms);
export type CareProgram = z.infer<typeof careProgramSchema>;

/** An office's program switches (spec section 6: "RPM, RTM, CCM ... can be enabled per office"). */
export interface CareProgramSwitches {
  rpmEnabled: boolean;
  rtmEnabled: boolean;
  ccmEnabled: boolean;
}

/**
 * Whether `program` may be used in an office: RPM, RTM and CCM follow the office's switches; the
 * other programs have no switch in the product and are always offered.
 */
export function isCareProgramEnabled(office: CareProgramSwitches, program: CareProgram): boolean {
  switch (program) {
    case 'RPM':
      return office.rpmEnabled;
    case 'RTM':
      return office.rtmEnabled;
    case 'CCM':
      return office.ccmEnabled;
    default:
      return true;
  }
}

/** The longest entry, in seconds (spec section 9 "Time limit: 2 hours"). */
export const TIME_ENTRY_MAX_SECONDS = 7200;
export const TIME_ENTRY_ACTIVITY_MAX = 200;
/** The longest medical note detail text. */
export const MEDICAL_NOTE_TEXT_MAX = 4000;
/** Most entries the patient-month list returns. */
export const TIME_ENTRIES_LIST_LIMIT = 1000;
export const PRESENCE_LEAVING_TO_MAX = 200;

/** The text of a medical note detail: required, at most 4000 characters. */
export const medicalNoteTextSchema = requiredText(MEDICAL_NOTE_TEXT_MAX);
export const timeEntryActivitySchema = optionalText(TIME_ENTRY_ACTIVITY_MAX);

/** A person shown beside a record (staff member, author, patient). */
export const careUserRefSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() });
export type CareUserRef = z.infer<typeof careUserRefSchema>;

/** A time entry. Times are ISO 8601 instants; `seconds` is null while the timer runs (display MM:SS is the web's). */
export const timeEntrySchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  hospitalId: z.number().int(),
  staff: careUserRefSchema,
  program: careProgramSchema,
  activity: z.string(),
  interactive: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  seconds: z.number().int().nullable(),
  isAutomatic: z.boolean(),
  autoClosed: z.boolean(),
  medicalNoteDetailId: z.number().int().nullable(),
  /** The medical note detail documenting the entry. */
  note: z.object({ id: z.number().int(), medicalNoteId: z.number().int(), text: z.string() }).nullable(),
  /** The video or phone visit call an automatic interactive entry was written for (docs/video-visits.md). */
  videoCallId: z.number().int().nullable().optional(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

/** The caller's running timer with its patient; `elapsedSeconds` as counted by the server at the time of the answer. */
export const openTimerSchema = timeEntrySchema.extend({ patient: careUserRefSchema, elapsedSeconds: z.number().int() });
export type OpenTimer = z.infer<typeof openTimerSchema>;

/**
 * `POST timetracking/starttrackingwithpatient`. `hospitalId` picks the office when the patient is
 * in several of the caller's offices (default: the patient's first office in the caller's scope).
 */
export const startTrackingBodySchema = z.object({
  patientId: bodyIdSchema,
  program: careProgramSchema,
  activity: timeEntryActivitySchema,
  hospitalId: bodyIdSchema.optional(),
});
export type StartTrackingBody = z.infer<typeof startTrackingBodySchema>;

/** What starting answers: the new timer, and the previous timer it stopped first (or null). */
export const startTrackingResultSchema = z.object({ timer: openTimerSchema, stopped: timeEntrySchema.nullable() });
export type StartTrackingResult = z.infer<typeof startTrackingResultSchema>;

const stopFields = {
  /** A real-time two-way communication with the patient or caregiver happened (C8). */
  interactive: z.boolean().optional(),
  activity: timeEntryActivitySchema,
  /** When given, a medical note detail for the entry's month is written and linked to the entry. */
  noteText: optionalText(MEDICAL_NOTE_TEXT_MAX),
  /** An active category template of the entry's office for the note. */
  categoryTemplateId: bodyIdSchema.nullable().optional(),
};

/** `PUT timetracking/stoptrackingwithpatient`: stops the caller's running timer. The server counts the seconds. */
export const stopTrackingBodySchema = z.object(stopFields);
export type StopTrackingBody = z.infer<typeof stopTrackingBodySchema>;

/**
 * `PUT timetracking/stoptrackingwithpatientV2`: stops the caller's timer `timeTrackingId`. A timer
 * that was closed at 2 hours (autoClosed) and has no note yet may still be documented once here.
 */
export const stopTrackingV2BodySchema = z.object({ timeTrackingId: bodyIdSchema, ...stopFields });
export type StopTrackingV2Body = z.infer<typeof stopTrackingV2BodySchema>;

/** Calendar month and year as headers (the office's time zone decides which month an instant is in). */
export const monthHeaderSchema = intTextSchema(1, 12);
export const yearHeaderSchema = intTextSchema(2000, 2100);

/** `GET timetracking/gettimeentriesforpatient` (chosen) headers. */
export const timeEntriesForPatientHeadersSchema = z.object({
  patientid: idSchema,
  month: monthHeaderSchema,
  year: yearHeaderSchema,
  hospitalid: idSchema.optional(),
});

/** `PUT timetracking/{id}` (chosen): a manual entry's seconds (1..7200), program, activity, interactive flag. */
export const updateTimeEntryBodySchema = z.object({
  seconds: z.number().int().min(1).optional(),
  program: careProgramSchema.optional(),
  activity: timeEntryActivitySchema,
  interactive: z.boolean().optional(),
});
export type UpdateTimeEntryBody = z.infer<typeof updateTimeEntryBodySchema>;

export const deletedTimeEntrySchema = z.object({ id: z.number().int(), deletedMedicalNoteDetailId: z.number().int().nullable() });
export type DeletedTimeEntry = z.infer<typeof deletedTimeEntrySchema>;

// Patient presence --------------------------------------------------------------------------------

/** A stay out of facility: open while `endedAt` is null (the patient is out), closed when the patient is back. */
export const patientPresenceSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  patient: careUserRefSchema,
  hospitalId: z.number().int(),
  outOfFacility: z.boolean(),
  leavingTo: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  createdBy: z.number().int().nullable(),
});
export type PatientPresence = z.infer<typeof patientPresenceSchema>;

/** `POST patientpresence`: marks a patient out of facility; `leavingTo` is mandatory (spec section 5). */
export const createPatientPresenceBodySchema = z.object({
  patientId: bodyIdSchema,
  hospitalId: bodyIdSchema.optional(),
  leavingTo: requiredText(PRESENCE_LEAVING_TO_MAX),
  /** When the patient left (ISO 8601; default now; not in the future). */
  startedAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreatePatientPresenceBody = z.infer<typeof createPatientPresenceBodySchema>;

export const presenceSortKeys = ['startedAt', '-startedAt', 'patientName', '-patientName', 'endedAt', '-endedAt'] as const;
export const presencePageQuerySchema = pageQuerySchema.extend({ sort: z.enum(presenceSortKeys).optional() });
export type PresencePageQuery = z.infer<typeof presencePageQuerySchema>;

/** Most open stays one office's answer lists. */
export const PRESENCE_CURRENT_LIMIT = 500;
/** Most stays one patient's answer lists. */
export const PRESENCE_PATIENT_LIMIT = 200;

/** An office's presence: the patients out of facility now (at most 500), and a page of past stays. */
export const officePresenceSchema = z.object({ current: z.array(patientPresenceSchema), history: pageOf(patientPresenceSchema) });
export type OfficePresence = z.infer<typeof officePresenceSchema>;

export const presenceHospitalHeadersSchema = z.object({ hospitalid: idSchema });
export const presencePatientHeadersSchema = z.object({ patientid: idSchema, hospitalid: idSchema.optional() });
