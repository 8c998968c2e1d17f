import { z } from 'zod';
import { bodyIdSchema } from '../../common/ids';
import { optionalText, requiredText } from '../../common/validation';
import { deviceTypes } from '../measurements/measurement-types';

/**
 * Monitoring (treatment) plans (portal-spec.md section 3 "Treatment (monitoring) plan" and
 * "Assigned device"; section 4 "Treatment plan").
 *
 * A plan belongs to a patient in an office, or is an office's client monitoring plan (a template:
 * no patient, `isClientMonitoringPlan` true). Each plan lists device types with when readings are
 * due: `measurementsCount` (1-4) readings on each due day at `time1`..`timeN` ('HH:mm', 24-hour,
 * local time of the office's IANA time zone); `measurementPeriod` says which days are due: every
 * day (DAILY), once a week (WEEKLY) or once a month (MONTHLY), counted from the plan's start day.
 */

export const planMeasurementPeriods = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type PlanMeasurementPeriod = (typeof planMeasurementPeriods)[number];

/** Plan status values (spec section 4: a new plan sets the previous plan's status to 0). */
export const TreatmentPlanStatus = { INACTIVE: 0, ACTIVE: 1 } as const;

/** The most readings a plan device asks for on one due day (time1..time4). */
export const PLAN_MAX_MEASUREMENTS_PER_DAY = 4;
/** Most devices one plan carries (one per device type of the catalogue, with room for more types). */
export const TREATMENT_PLAN_MAX_DEVICES = 20;
export const TREATMENT_PLAN_TITLE_MAX = 100;
export const TREATMENT_PLAN_DESCRIPTION_MAX = 1000;

/** A local time of day, 'HH:mm' on the 24-hour clock ('07:05', '23:59'). */
export const planTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
export const planTimeSchema = z.string().trim().regex(planTimePattern);

/** An unused time slot is null (an empty text is taken as null). */
const timeSlotSchema = z.preprocess((v) => (v === '' ? null : v), planTimeSchema.nullable().optional());

export const planTimeSlots = ['time1', 'time2', 'time3', 'time4'] as const;
export type PlanTimeSlot = (typeof planTimeSlots)[number];

/**
 * The rule linking the count and the times: exactly time1..timeN are given for N =
 * measurementsCount, all different. A missing one is 'required' on that slot; one beyond the count
 * or a repeated time is 'regex' ("This field needs to be formatted") on that slot.
 */
export function refinePlanDeviceSchedule(
  value: { measurementsCount?: number } & Partial<Record<PlanTimeSlot, string | null | undefined>>,
  ctx: z.RefinementCtx,
): void {
  const count = value.measurementsCount;
  // A bad count is reported on its own field; the slots are checked against a valid count only.
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > PLAN_MAX_MEASUREMENTS_PER_DAY) { return; }
  const seen = new Set<string>();
  planTimeSlots.forEach((slot, i) => {
    const time = value[slot];
    const given = time !== null && time !== undefined;
    if (i < count && !given) { ctx.addIssue({ code: 'custom', path: [slot], message: 'required' }); }
    if (i >= count && given) { ctx.addIssue({ code: 'custom', path: [slot], message: 'regex' }); }
    if (given) {
      if (seen.has(time)) { ctx.addIssue({ code: 'custom', path: [slot], message: 'regex' }); }
      seen.add(time);
    }
  });
}

const scheduleShape = {
  time1: timeSlotSchema,
  time2: timeSlotSchema,
  time3: timeSlotSchema,
  time4: timeSlotSchema,
  measurementPeriod: z.enum(planMeasurementPeriods),
  measurementsCount: z.number().int().min(1).max(PLAN_MAX_MEASUREMENTS_PER_DAY),
};

/** A device type of the measurement catalogue (BLOOD_PRESSURE, WEIGHT, GLUCOSE, SPO2, TEMPERATURE). */
export const planDeviceTypeSchema = z.enum(deviceTypes);

/**
 * A device of a plan as sent: its type, optionally the patient's own device of that type
 * (`medicalDeviceId`, patient plans only), and its schedule.
 */
export const treatmentPlanDeviceInputSchema = z
  .object({
    deviceType: planDeviceTypeSchema,
    medicalDeviceId: bodyIdSchema.nullable().optional(),
    ...scheduleShape,
  })
  .superRefine(refinePlanDeviceSchedule);
export type TreatmentPlanDeviceInput = z.input<typeof treatmentPlanDeviceInputSchema>;
export type TreatmentPlanDeviceValues = z.output<typeof treatmentPlanDeviceInputSchema>;

const devicesInputSchema = z.array(treatmentPlanDeviceInputSchema).max(TREATMENT_PLAN_MAX_DEVICES);

const titleSchema = requiredText(TREATMENT_PLAN_TITLE_MAX);
const descriptionSchema = optionalText(TREATMENT_PLAN_DESCRIPTION_MAX).transform((v) => v ?? '');

/**
 * A device of a plan as answered (spec "Assigned device" monitoringDetails): `id` and
 * `treatmentPlanDeviceId` are the same value; titles come from the measurement catalogue.
 */
export const treatmentPlanDeviceSchema = z.object({
  id: z.number().int(),
  treatmentPlanDeviceId: z.number().int(),
  treatmentPlanId: z.number().int(),
  deviceType: z.string(),
  deviceTypeTitle: z.string(),
  deviceTypeTitleEsp: z.string(),
  medicalDeviceId: z.number().int().nullable(),
  time1: z.string().nullable(),
  time2: z.string().nullable(),
  time3: z.string().nullable(),
  time4: z.string().nullable(),
  measurementPeriod: z.string(),
  measurementsCount: z.number().int(),
});
export type TreatmentPlanDevice = z.infer<typeof treatmentPlanDeviceSchema>;

/** A patient assignment (spec section 3: treatmentPlanId, patientUserId). */
export const treatmentPlanAssignmentSchema = z.object({
  treatmentPlanId: z.number().int(),
  patientUserId: z.number().int(),
});
export type TreatmentPlanAssignment = z.infer<typeof treatmentPlanAssignmentSchema>;

/** Most patient assignments a client monitoring plan lists (`assignedPatientsCount` has the total). */
export const TREATMENT_PLAN_ASSIGNMENTS_LIMIT = 200;

/**
 * A monitoring plan (spec section 3). A patient's plan has `patientId` and one assignment (that
 * patient); a client monitoring plan has `patientId` null and lists the patients assigned to it
 * (most recent first, at most 200; `assignedPatientsCount` is the total). `status` 1 = active,
 * 0 = inactive; a patient's plans sort by `sortOrder` (0 first). `createdAt` is ISO 8601.
 */
export const treatmentPlanSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.number().int(),
  patientId: z.number().int().nullable(),
  hospitalId: z.number().int(),
  isClientMonitoringPlan: z.boolean(),
  isDefault: z.boolean(),
  sortOrder: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  devices: z.array(treatmentPlanDeviceSchema),
  patientAssignments: z.array(treatmentPlanAssignmentSchema),
  assignedPatientsCount: z.number().int(),
});
export type TreatmentPlan = z.infer<typeof treatmentPlanSchema>;

/** `POST treatmentplan`: a patient's new plan in an office; it becomes the active plan, placed first. */
export const createTreatmentPlanBodySchema = z.object({
  patientId: bodyIdSchema,
  hospitalId: bodyIdSchema,
  title: titleSchema,
  description: descriptionSchema,
  devices: devicesInputSchema.default([]),
});
export type CreateTreatmentPlanBody = z.input<typeof createTreatmentPlanBodySchema>;

/**
 * `PUT treatmentplan/{id}`: title and description; `devices`, when given, replaces the plan's
 * device list; `isDefault` applies to client monitoring plans only.
 */
export const updateTreatmentPlanBodySchema = z.object({
  title: titleSchema,
  description: descriptionSchema,
  devices: devicesInputSchema.optional(),
  isDefault: z.boolean().optional(),
});
export type UpdateTreatmentPlanBody = z.input<typeof updateTreatmentPlanBodySchema>;

/** `POST treatmentplan/assigndevice`: adds one device type with its schedule to a plan. */
export const assignTreatmentPlanDeviceBodySchema = z
  .object({
    treatmentPlanId: bodyIdSchema,
    deviceType: planDeviceTypeSchema,
    medicalDeviceId: bodyIdSchema.nullable().optional(),
    ...scheduleShape,
  })
  .superRefine(refinePlanDeviceSchedule);
export type AssignTreatmentPlanDeviceBody = z.input<typeof assignTreatmentPlanDeviceBodySchema>;

/** `PUT treatmentplan/updatetreatmanplandevice`: a plan device's new schedule (and optionally type or device). */
export const updateTreatmentPlanDeviceBodySchema = z
  .object({
    treatmentPlanDeviceId: bodyIdSchema,
    deviceType: planDeviceTypeSchema.optional(),
    medicalDeviceId: bodyIdSchema.nullable().optional(),
    ...scheduleShape,
  })
  .superRefine(refinePlanDeviceSchedule);
export type UpdateTreatmentPlanDeviceBody = z.input<typeof updateTreatmentPlanDeviceBodySchema>;

/** `PUT treatmentplan/updatetitledescription`. */
export const updateTitleDescriptionBodySchema = z.object({
  treatmentPlanId: bodyIdSchema,
  title: titleSchema,
  description: descriptionSchema,
});
export type UpdateTitleDescriptionBody = z.input<typeof updateTitleDescriptionBodySchema>;

/** `POST treatmentplan/createclientmonitoringplan`: an office's template; `isDefault` makes it the office's one default. */
export const createClientMonitoringPlanBodySchema = z.object({
  hospitalId: bodyIdSchema,
  title: titleSchema,
  description: descriptionSchema,
  isDefault: z.boolean().default(false),
  devices: devicesInputSchema.default([]),
});
export type CreateClientMonitoringPlanBody = z.input<typeof createClientMonitoringPlanBodySchema>;

/** `DELETE treatmentplan/deassignpatientfromclientmonitoringplan` (spec: body treatmentPlanId, patientUserId). */
export const treatmentPlanAssignmentBodySchema = z.object({
  treatmentPlanId: bodyIdSchema,
  patientUserId: bodyIdSchema,
});
export type TreatmentPlanAssignmentBody = z.input<typeof treatmentPlanAssignmentBodySchema>;

/** `POST treatmentplan/assignpatienttodefaultclientmonitoringplan`. */
export const assignPatientToDefaultPlanBodySchema = z.object({
  patientUserId: bodyIdSchema,
  hospitalId: bodyIdSchema,
});
export type AssignPatientToDefaultPlanBody = z.input<typeof assignPatientToDefaultPlanBodySchema>;

export const deletedTreatmentPlanSchema = z.object({ id: z.number().int() });
export const deletedTreatmentPlanDeviceSchema = z.object({ id: z.number().int(), treatmentPlanId: z.number().int() });
