import { z } from 'zod';
import { pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema, intTextSchema, MAX_ID } from '../../common/ids';
import { Role } from '../../common/roles';
import { emailSchema, optionalText, phoneSchema, refinePhone, requiredText } from '../../common/validation';
import { userSchema } from '../users/users.schemas';
import { sortQuery } from '../../common/sorting';
import { billingProgramSchema } from '../billing/billing.schemas';

/** A required id in a body: null or '' reads as missing ("This field is required"). */
const requiredIdSchema = z.preprocess((v) => (v === null || v === '' ? undefined : v), bodyIdSchema);

/** ISO 3166-1 alpha-2 country code, stored upper case; defaults to US. */
const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase())
  .default('US');

/** An optional e-mail: empty text is allowed (stored as ''); anything else must be a valid address. */
const optionalEmailSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailSchema.optional());

/** Whether `zone` is an IANA time zone name this runtime knows ('America/New_York', 'UTC'). */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) { return false; }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An office's IANA time zone; an unknown name gets the "needs to be formatted" message. */
export const officeTimeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((v) => isIanaTimeZone(v), { message: 'regex' });

/**
 * An office (the spec's "hospital"): address, IANA time zone, and the per-office program switches
 * of spec section 6 (RPM, RTM, CCM, assessments). `status` 1 active, 0 inactive. `phone` is E.164
 * or ''. `organizationName` is the owning medical institution's name, for lists.
 */
export const officeSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  hospitalName: z.string(),
  hospitalNameESP: z.string(),
  address: z.string(),
  addressLatitude: z.number().nullable(),
  addressLongitude: z.number().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  timeZone: z.string(),
  rpmEnabled: z.boolean(),
  rtmEnabled: z.boolean(),
  ccmEnabled: z.boolean(),
  assessmentsEnabled: z.boolean(),
  status: z.number().int(),
});
export type Office = z.infer<typeof officeSchema>;

const officeFields = {
  hospitalName: requiredText(100),
  hospitalNameESP: optionalText(100).default(''),
  address: optionalText(200).default(''),
  addressLatitude: z.number().min(-90).max(90).nullable().default(null),
  addressLongitude: z.number().min(-180).max(180).nullable().default(null),
  city: optionalText(100).default(''),
  state: optionalText(100).default(''),
  zip: optionalText(20).default(''),
  country: countryCodeSchema,
  phone: phoneSchema,
  email: optionalEmailSchema,
  timeZone: officeTimeZoneSchema,
  rpmEnabled: z.boolean().default(true),
  rtmEnabled: z.boolean().default(false),
  ccmEnabled: z.boolean().default(false),
  assessmentsEnabled: z.boolean().default(false),
  status: z.number().int().min(0).max(1).default(1),
};

/**
 * Body of POST hospital. `organizationId` must be an organization the caller sees. The phone is
 * checked for validity in `country` and stored in E.164 ('' when missing).
 */
export const officeCreateSchema = z
  .object({ organizationId: requiredIdSchema, ...officeFields })
  .superRefine(refinePhone('phone'));
export type OfficeCreate = z.input<typeof officeCreateSchema>;

/** Body of PUT hospital/{id}: every editable field. An office does not move between organizations. */
export const officeUpdateSchema = z.object(officeFields).superRefine(refinePhone('phone'));
export type OfficeUpdate = z.input<typeof officeUpdateSchema>;

/** Query of GET hospital: paged, searched by name or city, optionally for one organization. */
export const officeListQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(['hospitalName', 'city', 'state', 'status', 'organizationName', 'id']),
  organizationId: idSchema.optional(),
  status: intTextSchema(0, 1).optional(),
});

/** The header naming the office of the office-wide lists (the spec's hospitalId header). */
export const officeHeaderSchema = z.object({ hospitalid: idSchema });

/** Body of the single assign / deassign calls. */
export const officeUserBodySchema = z.object({ hospitalId: requiredIdSchema, userId: requiredIdSchema });
export type OfficeUserBody = z.input<typeof officeUserBodySchema>;

/** Body of the multiple assign / deassign calls: 1 to 200 distinct users, handled in one transaction. */
export const officeUsersBodySchema = z.object({
  hospitalId: requiredIdSchema,
  userIds: z
    .array(bodyIdSchema)
    .min(1)
    .max(200)
    .transform((ids) => [...new Set(ids)]),
});
export type OfficeUsersBody = z.input<typeof officeUsersBodySchema>;

/** One user's assignment to an office; `isAdmin` marks an office admin of that office. */
export const officeAssignmentSchema = z.object({
  hospitalId: z.number().int(),
  userId: z.number().int(),
  isAdmin: z.boolean(),
});
export type OfficeAssignment = z.infer<typeof officeAssignmentSchema>;

/** Result of a deassign call: whether an assignment was removed (false when there was none). */
export const officeDeassignmentSchema = z.object({
  hospitalId: z.number().int(),
  userIds: z.array(z.number().int()),
  removed: z.number().int(),
});
export type OfficeDeassignment = z.infer<typeof officeDeassignmentSchema>;

/** Roles listed as an office's medical staff: doctor, nurse, office admin, caregiver. */
export const officeStaffRoleIds = [Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN, Role.CARE_GIVER] as const;

const staffRoleSchema = intTextSchema(-MAX_ID, MAX_ID)
  .refine((v) => (officeStaffRoleIds as readonly number[]).includes(v))
  .optional();

/** Query of GET hospital/getrelatedmedicalstaffforhospital (unpaged, at most 500, optional role). */
export const officeStaffQuerySchema = z.object({ roleId: staffRoleSchema });

/** Query of GET hospital/getrelatedmedicalstaffforhospitalV2: paged, searched by name or e-mail. */
export const officeStaffPageQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(['lastName', 'firstName', 'email', 'roleId', 'status']),
  roleId: staffRoleSchema,
  status: intTextSchema(0, 3).optional(),
});

/** GET hospital/landing: the busiest office in the caller's scope and its count of monitored patients. */
export const landingOfficeSchema = z.object({
  officeId: z.number().int().nullable(),
  /** Active patients assigned to that office (0 when `officeId` is null). */
  monitoredPatients: z.number().int(),
});
export type LandingOffice = z.infer<typeof landingOfficeSchema>;

/** Query of ...V3: as V2, and sortable by patient count. */
export const officeStaffWithCountsQuerySchema = officeStaffPageQuerySchema.extend({
  sort: sortQuery(['lastName', 'firstName', 'email', 'roleId', 'status', 'patientCount']),
});

/** A staff member of an office: the spec's User shape (office assignments limited to the caller's scope). */
export const officeStaffMemberSchema = userSchema;

/** A staff member with `patientCount`: the number of that office's medical teams they belong to. */
export const officeStaffMemberWithCountSchema = userSchema.extend({ patientCount: z.number().int() });

/** Query of the office patient lists: paged, searched by name, identifier or record number, status filter. */
export const officePatientsQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(['lastName', 'firstName', 'birthdate', 'status', 'patientIdentifier', 'id']),
  status: intTextSchema(0, 3).optional(),
});

/**
 * The /patients triage thresholds (docs/patient-list.md): 16 reading days in a 30-day device period
 * (CPT 99454 / 98976-98978, reference billing-rules.md section 1.1) and 20 minutes of care time in a
 * calendar month (CPT 99457 / 98980).
 */
export const TRIAGE_READING_DAYS_TARGET = 16;
export const TRIAGE_CARE_MINUTES_TARGET = 20;

/** Sort keys of the /patients list: the patient's own fields and the triage figures. */
export const OFFICE_PATIENT_LIST_SORT_FIELDS = [
  'lastName',
  'firstName',
  'birthdate',
  'status',
  'patientIdentifier',
  'id',
  'lastReadingAt',
  'readingDays',
  'careMinutes',
  'openAlerts',
] as const;

/** The triage filters of the /patients list (docs/patient-list.md); each optional. */
export const officePatientTriageFiltersSchema = z.object({
  /** Enrolled in this program (patient_program_enrolments). */
  program: billingProgramSchema.optional(),
  /** 'open': at least one open abnormal-reading alert; 'critical': an open critical one; 'none': no open alert. */
  alerts: z.enum(['open', 'critical', 'none']).optional(),
  /** 'abnormal': the last reading was abnormal (caution or critical); 'none': no reading in this office yet. */
  lastReading: z.enum(['abnormal', 'normal', 'none']).optional(),
  /** Reading days in the current device period below 16, or 16 reached. */
  readingDays: z.enum(['below', 'reached']).optional(),
  /** Care minutes this month below 20, or 20 reached. */
  careMinutes: z.enum(['below', 'reached']).optional(),
});
export type OfficePatientTriageFilters = z.infer<typeof officePatientTriageFiltersSchema>;

/**
 * Query of GET hospital/getrelatedpatientsforhospitalv4 (/patients): the office list's query, sortable
 * also by last reading, reading days, care minutes and open alerts, and filtered by the triage
 * filters, all on the server (docs/patient-list.md).
 */
export const officePatientListQuerySchema = officePatientsQuerySchema.extend({
  sort: sortQuery(OFFICE_PATIENT_LIST_SORT_FIELDS),
  ...officePatientTriageFiltersSchema.shape,
});

/**
 * A user's saved default view of /patients (stored server-side per user, docs/patient-list.md):
 * the sort and the filters, restored on the next visit.
 */
export const patientListViewSchema = officePatientTriageFiltersSchema.extend({
  sort: sortQuery(OFFICE_PATIENT_LIST_SORT_FIELDS),
  status: z.number().int().min(0).max(3).optional(),
  pageSize: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)]).optional(),
});
export type PatientListView = z.infer<typeof patientListViewSchema>;

/** The saved view, or null when the user has not saved one. */
export const patientListViewResponseSchema = z.object({ view: patientListViewSchema.nullable() });

/** A doctor or nurse on a patient's medical team in the office. */
export const officePatientTeamMemberSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.number().int(),
});

/**
 * One row of GET hospital/getrelatedpatientsforhospitalv4, the /patients list: the patient's own
 * fields, identifier and record number from patient metadata, and the doctor and nurse names of
 * their medical team in that office. Never the SSN.
 */
export const officePatientListItemSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string().nullable(), // YYYY-MM-DD
  gender: z.string(),
  status: z.number().int(),
  phone: z.string(),
  email: z.string().nullable(),
  patientIdentifier: z.string(),
  medicalRegistrationNumber: z.string(),
  medicalTeam: z.array(officePatientTeamMemberSchema),
  /** The last reading in this office: when measured (ISO 8601 UTC), the device's offset, its severity (0 normal, 1 caution, 2 critical). */
  lastReading: z
    .object({ measuredAt: z.string(), measuredAtOffset: z.string(), severity: z.number().int(), deviceType: z.string() })
    .nullable(),
  /** Distinct local days with a qualifying reading in the current 30-day device period (null: no period yet). */
  readingDays: z.number().int(),
  /** The current device period (YYYY-MM-DD, office calendar), or null before the first qualifying reading. */
  devicePeriod: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** Finished care time this calendar month in this office for the patient's billing program, in seconds. */
  careSeconds: z.number().int(),
  /** Open abnormal-reading alerts of this office, one per reading, by severity. */
  openAlerts: z.object({ caution: z.number().int(), critical: z.number().int() }),
  /** Programs the patient is enrolled in (RPM, RTM, CCM, ...). */
  programs: z.array(z.string()),
});
export type OfficePatientListItem = z.infer<typeof officePatientListItemSchema>;
