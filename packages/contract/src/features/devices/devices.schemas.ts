import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema, intTextSchema, MAX_ID } from '../../common/ids';
import type { MessageKey } from '../../common/messages';
import { requiredText } from '../../common/validation';
import { deviceTypes, loincAliases, measurementCatalogue, type DeviceType, type Thresholds } from '../measurements/measurement-types';

// Identifiers and fields -----------------------------------------------------------------------

/** A device type of the measurement catalogue (BLOOD_PRESSURE, WEIGHT, GLUCOSE, SPO2, TEMPERATURE). */
export const medicalDeviceTypeSchema = z.enum(deviceTypes);

/**
 * A hub's or device's identifier as printed on it or reported over the air (serial number, BLE
 * address): 1 to 100 characters, letters and digits with `.`, `_`, `:` and `-` inside.
 */
export const medicalDeviceIdentifierSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9._:-]*[A-Za-z0-9])?$/);

const macPattern = /^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}$/;

/**
 * Whether `text` is a unicast EUI-48 MAC address ("00:1B:44:11:3A:B7", "00-1B-44-11-3A-B7" or
 * "001B44113AB7"): the all-zero, broadcast and multicast (I/G bit set) addresses never name a hub.
 */
export function isUnicastMac(text: string): boolean {
  if (!macPattern.test(text)) { return false; }
  const hex = text.replace(/[:-]/g, '');
  if (/^0{12}$/.test(hex)) { return false; }
  return (parseInt(hex.slice(0, 2), 16) & 1) === 0;
}

/** The canonical form of a MAC address: upper-case hex pairs joined by colons. */
export function normaliseMac(text: string): string {
  return text
    .replace(/[:-]/g, '')
    .toUpperCase()
    .match(/.{2}/g)!
    .join(':');
}

/** A hub's MAC address, validated (unicast EUI-48) and normalised to "AA:BB:CC:DD:EE:FF". */
export const hubMacSchema = z
  .string()
  .trim()
  .min(1)
  .max(17)
  .refine(isUnicastMac, { message: 'regex' })
  .transform(normaliseMac);

// Thresholds ------------------------------------------------------------------------------------

/** Most LOINC codes one device's threshold overrides may name (a reading carries at most three). */
export const MEDICAL_DEVICE_THRESHOLD_MAX_CODES = 10;

const limitSchema = z.number().finite();

/**
 * Caution and critical limits of one value, in the value's canonical UCUM unit. Any of the four
 * may be left out (e.g. SpO2 has only low limits).
 */
export const medicalDeviceThresholdSchema = z.strictObject({
  cautionLow: limitSchema.optional(),
  cautionHigh: limitSchema.optional(),
  criticalLow: limitSchema.optional(),
  criticalHigh: limitSchema.optional(),
});
export type MedicalDeviceThreshold = z.infer<typeof medicalDeviceThresholdSchema>;

/** `{ [loinc]: { cautionLow, cautionHigh, criticalLow, criticalHigh } }` in canonical units. */
export const medicalDeviceThresholdsSchema = z
  .record(z.string().regex(/^\d{1,7}-\d$/), medicalDeviceThresholdSchema)
  .refine((v) => Object.keys(v).length <= MEDICAL_DEVICE_THRESHOLD_MAX_CODES, { message: 'regex' });
export type MedicalDeviceThresholds = z.infer<typeof medicalDeviceThresholdsSchema>;

/**
 * The spec passes `deviceDefaultValuesJson` as a JSON string; an object is accepted too. Either is
 * parsed (at most 10,000 characters of JSON) into `MedicalDeviceThresholds`.
 */
export const medicalDeviceThresholdsInputSchema = z
  .union([
    z
      .string()
      .max(10_000)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text === '' ? '{}' : text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'regex' });
          return z.NEVER;
        }
      }),
    z.record(z.string(), z.unknown()),
  ])
  .pipe(medicalDeviceThresholdsSchema);

const limitOrder = ['criticalLow', 'cautionLow', 'cautionHigh', 'criticalHigh'] as const;

/**
 * Checks per-device threshold overrides against the device type: every code
 * must be a value of that type (LOINC aliases such as SpO2 2708-6 name the stored code 59408-5),
 * each limit must lie in the value's plausible range, and the limits present must rise strictly in
 * the order criticalLow < cautionLow < cautionHigh < criticalHigh (critical outside caution).
 * Returns the overrides keyed by the stored codes, and per-code issues keyed `<field>.<code>`:
 * 'invalid' for a code of another type, 'regex' for a limit outside the plausible range,
 * 'thresholdsOutOfOrder' for limits in the wrong order. A code without limits is dropped (the
 * office's and the catalogue's defaults apply to it). Used by the API and by the web form.
 */
export function checkMedicalDeviceThresholds(
  deviceType: DeviceType,
  thresholds: MedicalDeviceThresholds,
  field = 'deviceDefaultValuesJson',
): { value: Record<string, Thresholds>; issues: Record<string, MessageKey> } {
  const def = measurementCatalogue[deviceType];
  const issues: Record<string, MessageKey> = {};
  const value: Record<string, Thresholds> = {};
  for (const [given, limits] of Object.entries(thresholds)) {
    const code = loincAliases[given] ?? given;
    const valueDef = def.values.find((v) => v.code === code);
    const key = `${field}.${given}`;
    if (!valueDef || code in value) {
      issues[key] = 'invalid';
      continue;
    }
    const present = limitOrder.filter((name) => limits[name] !== undefined).map((name) => limits[name]!);
    if (present.some((v) => v < valueDef.min || v > valueDef.max)) {
      issues[key] = 'regex';
      continue;
    }
    if (present.some((v, i) => i > 0 && v <= present[i - 1]!)) {
      issues[key] = 'thresholdsOutOfOrder';
      continue;
    }
    if (present.length === 0) { continue; } // no limits: the office's and the catalogue's defaults apply
    const kept: Thresholds = {};
    for (const name of limitOrder) { if (limits[name] !== undefined) { kept[name] = limits[name]; } }
    value[code] = kept;
  }
  return { value, issues };
}

// Templates -------------------------------------------------------------------------------------

/** One value a reading of a template's type carries: LOINC code, canonical UCUM unit, labels, plausible range. */
export const deviceTemplateValueSchema = z.object({
  code: z.string(),
  unit: z.string(),
  label: z.string(),
  labelEsp: z.string(),
  min: z.number(),
  max: z.number(),
});
export type DeviceTemplateValue = z.infer<typeof deviceTemplateValueSchema>;

/** A device model of a type and manufacturer (the spec's medicaldevicetemplate). */
export const medicalDeviceTemplateSchema = z.object({
  id: z.number().int(),
  deviceType: medicalDeviceTypeSchema,
  deviceTypeTitle: z.string(),
  deviceTypeTitleEsp: z.string(),
  manufacturerId: z.number().int(),
  manufacturerName: z.string(),
  modelName: z.string(),
  measurementsJson: z.array(deviceTemplateValueSchema),
  /** Default caution / critical limits per LOINC code, canonical units. */
  defaultValuesJson: z.record(z.string(), medicalDeviceThresholdSchema),
  status: z.number().int(),
});
export type MedicalDeviceTemplate = z.infer<typeof medicalDeviceTemplateSchema>;

/** A device type one may register, with its titles, values and the manufacturers that make one. */
export const possibleDeviceSchema = z.object({
  deviceType: medicalDeviceTypeSchema,
  deviceTypeTitle: z.string(),
  deviceTypeTitleEsp: z.string(),
  values: z.array(deviceTemplateValueSchema),
  manufacturers: z.array(z.object({ manufacturerId: z.number().int(), manufacturerName: z.string() })),
  templateCount: z.number().int(),
});
export type PossibleDevice = z.infer<typeof possibleDeviceSchema>;

export const templateDeviceTypeHeadersSchema = z.object({ devicetype: medicalDeviceTypeSchema });
export const templateDeviceTypeAndManufacturerHeadersSchema = z.object({ devicetype: medicalDeviceTypeSchema, manufacturerid: intTextSchema(0, MAX_ID) });

// Devices ---------------------------------------------------------------------------------------

/**
 * A medical device (spec section 3, "Assigned device"): it belongs to an office and may be
 * assigned to a patient of that office and to a hub of that office. `deviceDefaultValuesJson` is
 * the per-device threshold overrides as a JSON string (the spec's form), canonical units.
 */
export const medicalDeviceSchema = z.object({
  id: z.number().int(),
  deviceIdentifier: z.string(),
  deviceType: medicalDeviceTypeSchema,
  deviceTypeTitle: z.string(),
  deviceTypeTitleEsp: z.string(),
  templateId: z.number().int().nullable(),
  manufacturerName: z.string(),
  modelName: z.string(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  hubId: z.number().int().nullable(),
  hubIdentifier: z.string().nullable(),
  patientId: z.number().int().nullable(),
  patientFullname: z.string().nullable(),
  deviceDefaultValuesJson: z.string(),
  isManualMeasurement: z.boolean(),
  status: z.number().int(),
  createdAt: z.string(), // ISO 8601
});
export type MedicalDevice = z.infer<typeof medicalDeviceSchema>;

/**
 * The monitoring schedule of a device type in the patient's active monitoring plan (spec section
 * 3: built from the treatment plan device). Times are local HH:mm in the office's time zone.
 */
export const deviceMonitoringDetailsSchema = z.object({
  id: z.number().int(),
  treatmentPlanId: z.number().int(),
  time1: z.string().nullable(),
  time2: z.string().nullable(),
  time3: z.string().nullable(),
  time4: z.string().nullable(),
  measurementPeriod: z.string(),
  measurementsCount: z.number().int(),
  deviceTypeTitle: z.string(),
  deviceTypeTitleEsp: z.string(),
});
export type DeviceMonitoringDetails = z.infer<typeof deviceMonitoringDetailsSchema>;

/** A patient's device with its schedule in the active plan (null when the plan has none for its type). */
export const assignedMedicalDeviceSchema = medicalDeviceSchema.extend({ monitoringDetails: deviceMonitoringDetailsSchema.nullable() });
export type AssignedMedicalDevice = z.infer<typeof assignedMedicalDeviceSchema>;

/**
 * `POST medicaldevice`: a device of the office `hospitalId`, optionally assigned to a patient of
 * that office and to a hub of that office. `templateId` must be a template of `deviceType`.
 */
export const createMedicalDeviceBodySchema = z.strictObject({
  deviceIdentifier: medicalDeviceIdentifierSchema,
  deviceType: medicalDeviceTypeSchema,
  templateId: bodyIdSchema.nullable().optional(),
  hospitalId: bodyIdSchema,
  hubId: bodyIdSchema.nullable().optional(),
  patientId: bodyIdSchema.nullable().optional(),
  isManualMeasurement: z.boolean().optional(),
  deviceDefaultValuesJson: medicalDeviceThresholdsInputSchema.optional(),
});
export type CreateMedicalDeviceBody = z.input<typeof createMedicalDeviceBodySchema>;

/**
 * `PUT medicaldevice/{id}`: the fields to change. The device type cannot change (its readings keep
 * it); `null` unassigns the hub or the patient; status 0 retires the device, 1 reactivates it.
 */
export const updateMedicalDeviceBodySchema = z.strictObject({
  deviceIdentifier: medicalDeviceIdentifierSchema.optional(),
  templateId: bodyIdSchema.nullable().optional(),
  hospitalId: bodyIdSchema.optional(),
  hubId: bodyIdSchema.nullable().optional(),
  patientId: bodyIdSchema.nullable().optional(),
  isManualMeasurement: z.boolean().optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type UpdateMedicalDeviceBody = z.input<typeof updateMedicalDeviceBodySchema>;

/** `PUT medicaldevice/updateismanualmeasurementformedicaldevice`. */
export const updateIsManualMeasurementBodySchema = z.strictObject({
  medicalDeviceId: bodyIdSchema,
  isManualMeasurement: z.boolean(),
});
export type UpdateIsManualMeasurementBody = z.input<typeof updateIsManualMeasurementBodySchema>;

/**
 * `PUT medicaldevice/updatedevicedefaultvaluesjsonformedicaldevice`: the device's complete set of
 * threshold overrides (`{}` clears them; the office's and then the catalogue's defaults apply).
 */
export const updateDeviceDefaultValuesBodySchema = z.strictObject({
  medicalDeviceId: bodyIdSchema,
  deviceDefaultValuesJson: medicalDeviceThresholdsInputSchema,
});
export type UpdateDeviceDefaultValuesBody = z.input<typeof updateDeviceDefaultValuesBodySchema>;

export const deletedMedicalDeviceSchema = z.object({ id: z.number().int() });

export const medicalDevicePageSchema = pageOf(medicalDeviceSchema);
export type MedicalDevicePage = z.infer<typeof medicalDevicePageSchema>;

export const medicalDeviceSortKeys = ['deviceIdentifier', '-deviceIdentifier', 'deviceType', '-deviceType', 'createdAt', '-createdAt'] as const;

/**
 * Chosen `GET medicaldevice/getmedicaldevicesforhospital`: page, pageSize, sort (default device
 * identifier), `search` (part of the device identifier), and the filters `devicetype` (a catalogue
 * device type) and `patientid` (the devices assigned to that patient).
 */
export const medicalDevicePageQuerySchema = pageQuerySchema.extend({
  sort: z.enum(medicalDeviceSortKeys).optional(),
  devicetype: medicalDeviceTypeSchema.optional(),
  patientid: idSchema.optional(),
  /** 'true': only active devices assigned to no patient (the ones enrolment can hand out). */
  unassigned: z.enum(['true', 'false']).optional(),
});
export type MedicalDevicePageQuery = z.infer<typeof medicalDevicePageQuerySchema>;

// Hubs (our endpoints: the spec lists none) -----------------------------------------------------

/**
 * A hub (spec section 3, "Hub"): assignedMedicalDevicesList, assignedToUserId, hospitalId,
 * hubIdentifier, hubMAC, hubName, id, status; plus whether it holds an active ingestion credential,
 * when it last checked in and how many readings it carried in the last 24 hours.
 */
export const hubSchema = z.object({
  id: z.number().int(),
  hubIdentifier: z.string(),
  hubMAC: z.string(),
  hubName: z.string(),
  status: z.number().int(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  assignedToUserId: z.number().int().nullable(),
  assignedToUserFullname: z.string().nullable(),
  hasCredential: z.boolean(),
  lastCheckInAt: z.string().nullable(),
  /** Readings measured through the hub in the last 24 hours. */
  readingsLast24Hours: z.number().int(),
  createdAt: z.string(),
  assignedMedicalDevicesList: z.array(medicalDeviceSchema),
});
export type Hub = z.infer<typeof hubSchema>;

/** A hub's health on its page: last check-in, readings measured in the last 24 hours, devices. */
export const hubHealthSchema = z.object({
  lastCheckInAt: z.string().nullable(),
  readingsLast24Hours: z.number().int(),
  deviceCount: z.number().int(),
  credentialActive: z.boolean(),
});
export type HubHealth = z.infer<typeof hubHealthSchema>;

export const hubDetailSchema = hubSchema.extend({ health: hubHealthSchema });
export type HubDetail = z.infer<typeof hubDetailSchema>;

export const hubPageSchema = pageOf(hubSchema);
export type HubPage = z.infer<typeof hubPageSchema>;

export const hubSortKeys = ['hubName', '-hubName', 'hubIdentifier', '-hubIdentifier', 'lastCheckInAt', '-lastCheckInAt', 'createdAt', '-createdAt'] as const;

/** Paged hub list; `search` matches name, identifier or MAC. Default sort: hub name. */
export const hubPageQuerySchema = pageQuerySchema.extend({ sort: z.enum(hubSortKeys).optional() });
export type HubPageQuery = z.infer<typeof hubPageQuerySchema>;

/** Optional office filter of a list (header or query `hospitalId`). */
export const deviceOfficeHeadersSchema = z.object({ hospitalid: idSchema.optional() });

/**
 * `POST hub`: hubIdentifier (unique), hubMAC (unicast MAC address), hubName, the office, and
 * optionally the patient of that office it is assigned to.
 */
export const createHubBodySchema = z.strictObject({
  hubIdentifier: medicalDeviceIdentifierSchema,
  hubMAC: hubMacSchema,
  hubName: requiredText(100),
  hospitalId: bodyIdSchema,
  assignedToUserId: bodyIdSchema.nullable().optional(),
});
export type CreateHubBody = z.input<typeof createHubBodySchema>;

/** `PUT hub/{id}`: the fields to change; `assignedToUserId: null` unassigns; status 0 disables ingestion. */
export const updateHubBodySchema = z.strictObject({
  hubIdentifier: medicalDeviceIdentifierSchema.optional(),
  hubMAC: hubMacSchema.optional(),
  hubName: requiredText(100).optional(),
  hospitalId: bodyIdSchema.optional(),
  assignedToUserId: bodyIdSchema.nullable().optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type UpdateHubBody = z.input<typeof updateHubBodySchema>;

/** The ingestion credential of a hub, answered once when issued (only its hash is stored). */
export const hubCredentialSchema = z.object({
  hubId: z.number().int(),
  hubIdentifier: z.string(),
  /** Send as header `HubToken` with every reading. */
  credential: z.string(),
});
export type HubCredential = z.infer<typeof hubCredentialSchema>;

export const revokedHubCredentialSchema = z.object({ hubId: z.number().int(), revokedAt: z.string() });

export const deletedHubSchema = z.object({ id: z.number().int() });

// Trusted hubs ----------------------------------------------------------------------------------

/** A hub a patient trusts (their home hub, a facility hub of one of their offices). */
export const trustedHubSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  hubId: z.number().int(),
  hubIdentifier: z.string(),
  hubName: z.string(),
  hospitalId: z.number().int(),
  createdAt: z.string(),
});
export type TrustedHub = z.infer<typeof trustedHubSchema>;

/** Most hubs one patient trusts. */
export const TRUSTED_HUBS_MAX = 20;

export const createTrustedHubBodySchema = z.strictObject({ patientId: bodyIdSchema, hubId: bodyIdSchema });
export type CreateTrustedHubBody = z.input<typeof createTrustedHubBodySchema>;

/** `PUT trustedhub/updatetrustedhubforpatient`: the patient's complete list of trusted hubs (may be empty). */
export const updateTrustedHubsBodySchema = z.strictObject({
  hubIds: z
    .array(bodyIdSchema)
    .max(TRUSTED_HUBS_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type UpdateTrustedHubsBody = z.input<typeof updateTrustedHubsBodySchema>;

export const trustedHubForPatientHeadersSchema = z.object({ patientid: idSchema, hubid: idSchema });
export const deletedTrustedHubSchema = z.object({ id: z.number().int() });

// Tablets ---------------------------------------------------------------------------------------

/** A tablet handed to a patient (the spec's tablet info; its fields are not shown there). */
export const tabletInfoSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  model: z.string(),
  osVersion: z.string(),
  appVersion: z.string(),
  hospitalId: z.number().int(),
  patientId: z.number().int().nullable(),
  hubId: z.number().int().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type TabletInfo = z.infer<typeof tabletInfoSchema>;

export const tabletInfoPageSchema = pageOf(tabletInfoSchema);
export const tabletSortKeys = ['serialNumber', '-serialNumber', 'lastSeenAt', '-lastSeenAt'] as const;
export const tabletInfoPageQuerySchema = pageQuerySchema.extend({ sort: z.enum(tabletSortKeys).optional() });
export type TabletInfoPageQuery = z.infer<typeof tabletInfoPageQuerySchema>;
