import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema, intTextSchema } from '../../common/ids';
import { medicalDeviceThresholdsSchema } from '../devices/devices.schemas';
import { defaultUnitPreferences, deviceTypes, type UnitPreferences } from './measurement-types';

export * from './measurement-types';

// Ingestion (`POST medicaldevicesdata`) ---------------------------------------------------------

/** Most readings one request may carry; a bigger batch answers 413 (the body limit is 1 MiB). */
export const INGEST_MAX_READINGS = 500;

/**
 * ISO 8601 date-time WITH its UTC offset ('2026-03-01T07:30:00-05:00', or 'Z'): a reading's time
 * keeps the offset the device reported, so it can be shown in the device's local time.
 */
export const offsetDateTimeSchema = z
  .string()
  .trim()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/)
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'regex' });

/** One value of a reading: LOINC code (aliases such as SpO2 2708-6 allowed), number, UCUM unit. */
export const readingValueSchema = z.object({
  code: z.string().trim().min(1).max(20),
  value: z.number().finite(),
  unit: z.string().trim().min(1).max(20),
});
export type ReadingValue = z.infer<typeof readingValueSchema>;

/**
 * One reading as a hub or a staff member sends it. A hub names `deviceIdentifier` (a device of
 * that hub, or of the hub's office assigned to the hub's patient). A staff member (a manual
 * reading) names `patientId`, optionally with `deviceIdentifier` of a device of that patient.
 * Values arrive in any accepted UCUM unit and are stored in the canonical one. `simulated` is
 * accepted only from hubs whose identifier starts with 'SIM-' (the demo's `npm run simulate-hubs`).
 */
export const ingestReadingSchema = z.object({
  deviceIdentifier: z.string().trim().min(1).max(100).optional(),
  deviceType: z.enum(deviceTypes),
  measuredAt: offsetDateTimeSchema,
  values: z.array(readingValueSchema).min(1).max(10),
  patientId: bodyIdSchema.optional(),
  simulated: z.boolean().optional().describe("Accepted only from hubs whose identifier starts with 'SIM-'."),
});
export type IngestReading = z.input<typeof ingestReadingSchema>;

/**
 * The body of `POST medicaldevicesdata`: one reading (an object), a batch `{ readings: [...] }`
 * (with an optional batch-wide `simulated`), or a bare array of readings. Each reading is checked
 * on its own against `ingestReadingSchema` (a bad one is answered with its own reason and the rest
 * are stored), so the request level only requires the outer shape.
 */
const readingItemSchema = z
  .union([ingestReadingSchema, z.unknown()])
  .describe('A reading (IngestReading). Each is checked on its own: a bad one is answered with its reason, the others are stored.');
const simulatedFlagSchema = z
  .boolean()
  .optional()
  .describe("Marks the readings as simulated; accepted only from hubs whose identifier starts with 'SIM-' (npm run simulate-hubs), else 400.");
export const ingestBodySchema = z.union([
  z.object({ readings: z.array(readingItemSchema).min(1), simulated: simulatedFlagSchema }),
  z.array(readingItemSchema).min(1),
  ingestReadingSchema,
  z.record(z.string(), z.unknown()).refine((o) => !('readings' in o), { message: 'regex' }),
]);
export type IngestBody = z.input<typeof ingestBodySchema>;

/**
 * Why a reading was refused (stable texts a hub can log and match): the shape
 * ('invalid reading', 'invalid measuredAt', 'unknown device type'), the device ('unknown device',
 * 'device type mismatch', 'no patient': the device is assigned to nobody), the patient of a manual
 * reading ('unknown patient'), the values ('unknown code', 'duplicate code', 'wrong unit',
 * 'impossible value': outside the plausible range, 'missing value': a required code is absent),
 * or the time ('measuredAt in the future').
 */
export const ingestRejectReasons = [
  'invalid reading',
  'invalid measuredAt',
  'unknown device type',
  'unknown device',
  'device type mismatch',
  'no patient',
  'unknown patient',
  'unknown code',
  'duplicate code',
  'wrong unit',
  'impossible value',
  'missing value',
  'measuredAt in the future',
] as const;
export type IngestRejectReason = (typeof ingestRejectReasons)[number];

export const severitySchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * The outcome of one reading: 'stored' (new), 'duplicate' (the same identity was stored before:
 * the ORIGINAL row's id and severity), 'rejected' (nothing stored; `reason`, and `detail` naming
 * the field, code or unit — never a value).
 */
export const ingestResultSchema = z.object({
  index: z.number().int(),
  status: z.enum(['stored', 'duplicate', 'rejected']),
  measurementId: z.number().int().optional(),
  severity: severitySchema.optional(),
  reason: z.enum(ingestRejectReasons).optional(),
  detail: z.string().optional(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** The answer of `POST medicaldevicesdata`, sent after the commit: counts and one result per reading, in order. */
export const ingestResponseSchema = z.object({
  stored: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  results: z.array(ingestResultSchema),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;

// Display units ---------------------------------------------------------------------------------

/** A user's unit preferences as kept in `userSettingsJson.units` (each part optional). */
export const unitPreferencesSchema = z.object({
  system: z.enum(['metric', 'imperial']).optional(),
  glucose: z.enum(['mmol/L', 'mg/dL']).optional(),
});

/**
 * The display units of a user from their `userSettingsJson` (`{ units: { system, glucose } }`);
 * what is missing or malformed falls back to spec section 9's defaults (metric, glucose mmol/L).
 */
export function unitPreferencesOf(userSettingsJson: unknown): UnitPreferences {
  const units = (userSettingsJson as { units?: unknown } | null)?.units;
  const parsed = unitPreferencesSchema.safeParse(units ?? {});
  return parsed.success ? { ...defaultUnitPreferences, ...stripUndefined(parsed.data) } : { ...defaultUnitPreferences };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// Readings as answered --------------------------------------------------------------------------

/** One value of a stored reading: canonical (UCUM) and in the caller's display unit. */
export const measurementValueSchema = z.object({
  code: z.string(),
  value: z.number(),
  unit: z.string(),
  displayValue: z.number(),
  displayUnit: z.string(),
});
export type MeasurementValue = z.infer<typeof measurementValueSchema>;

/**
 * A stored reading. `measuredAt` is UTC (ISO 8601); `measuredAtLocal` the same instant at the
 * offset the device reported. `source`: hub | manual | fhir | simulated.
 */
export const measurementSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  patient: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  hospitalId: z.number().int(),
  deviceId: z.number().int().nullable(),
  deviceIdentifier: z.string().nullable(),
  hubId: z.number().int().nullable(),
  deviceType: z.string(),
  measuredAt: z.string(),
  measuredAtOffset: z.string(),
  measuredAtLocal: z.string(),
  values: z.array(measurementValueSchema),
  severity: z.number().int(),
  source: z.string(),
  isManual: z.boolean(),
  isSimulated: z.boolean(),
  enteredBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Measurement = z.infer<typeof measurementSchema>;

export const measurementPageSchema = pageOf(measurementSchema);
export type MeasurementPage = z.infer<typeof measurementPageSchema>;

export const measurementSortKeys = ['measuredAt', '-measuredAt', 'severity', '-severity', 'patientName', '-patientName'] as const;

/** Paged reading lists: newest first by default; `search` matches the patient's first or last name. */
export const measurementPageQuerySchema = pageQuerySchema.extend({ sort: z.enum(measurementSortKeys).optional() });
export type MeasurementPageQuery = z.infer<typeof measurementPageQuerySchema>;

/** `getmeasurementsforpatientsforhospital`: the office and the month (in the office's time zone). */
export const hospitalMonthHeadersSchema = z.object({
  hospitalid: idSchema,
  bymonth: intTextSchema(1, 12),
  byyear: intTextSchema(2000, 2100),
});

/**
 * The periods of `getmeasurementsforpatientbyidentifier`, in the patient's time zone: TODAY since
 * local midnight, WEEK the last 7 days, MONTH the last 30, THREE_MONTHS the last 90, ALL everything.
 */
export const measurementFilterCases = ['TODAY', 'WEEK', 'MONTH', 'THREE_MONTHS', 'ALL'] as const;
export type MeasurementFilterCase = (typeof measurementFilterCases)[number];

/** A patient named by `patient_metadata.patientIdentifier` or by the patient's user id. */
export const patientIdentifierSchema = z.string().trim().min(1).max(100);

export const patientIdentifierHeadersSchema = z.object({
  patientidentifier: patientIdentifierSchema,
  filtercase: z
    .string()
    .trim()
    .max(20)
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(measurementFilterCases))
    .default('TODAY'),
});

/** A day ('2026-03-01', in the patient's or the office's time zone) or an instant with offset. */
export const dayOrInstantSchema = z.union([
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { message: 'regex' }),
  offsetDateTimeSchema,
]);

/** `getmeasurementsforpatientbyidentifiercustomdate`: a day range, both days included. */
export const patientIdentifierCustomDateHeadersSchema = z.object({
  patientidentifier: patientIdentifierSchema,
  startdate: dayOrInstantSchema,
  enddate: dayOrInstantSchema,
});

/** Chosen `getmeasurementsfordevice`: a device's readings from / to (days or instants), paged; `format=csv` for a file. */
export const deviceMeasurementsHeadersSchema = z.object({ deviceid: idSchema });
export const deviceMeasurementsQuerySchema = measurementPageQuerySchema.extend({
  from: dayOrInstantSchema.optional(),
  to: dayOrInstantSchema.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type DeviceMeasurementsQuery = z.infer<typeof deviceMeasurementsQuerySchema>;

/** Most rows one CSV export carries (a device read four times a day for 30 years). */
export const MEASUREMENTS_CSV_MAX_ROWS = 50_000;

// Thresholds ------------------------------------------------------------------------------------

/** Caution and critical limits of one value; null = no limit on that side. */
export const effectiveThresholdsSchema = z.object({
  cautionLow: z.number().nullable(),
  cautionHigh: z.number().nullable(),
  criticalLow: z.number().nullable(),
  criticalHigh: z.number().nullable(),
});
export type EffectiveThresholds = z.infer<typeof effectiveThresholdsSchema>;

/** Where the limits of a value come from: the catalogue, the office's defaults, or the patient's device. */
export const thresholdSourceSchema = z.enum(['catalogue', 'office', 'device']);

/** One value of a device type with its effective limits, canonical and in the caller's units. */
export const deviceDefaultValueSchema = z.object({
  code: z.string(),
  label: z.object({ en: z.string(), es: z.string() }),
  unit: z.string(),
  displayUnit: z.string(),
  min: z.number(),
  max: z.number(),
  source: thresholdSourceSchema,
  thresholds: effectiveThresholdsSchema,
  displayThresholds: effectiveThresholdsSchema,
});

/**
 * An office's effective thresholds for one device type: the catalogue's defaults with the office's
 * own (hospital_device_defaults) laid over them, code by code.
 */
export const deviceDefaultsSchema = z.object({
  hospitalId: z.number().int(),
  deviceType: z.enum(deviceTypes),
  title: z.object({ en: z.string(), es: z.string() }),
  isOfficeOverride: z.boolean(),
  updatedAt: z.string().nullable(),
  values: z.array(deviceDefaultValueSchema),
});
export type DeviceDefaults = z.infer<typeof deviceDefaultsSchema>;

export const hospitalHeadersSchema = z.object({ hospitalid: idSchema });

/**
 * Chosen `PUT medicaldevicesdata/updatedevicedefaultsforhospital`: the office's complete set of
 * limits for one device type, canonical units (`{}` goes back to the catalogue's). The same rules
 * as a device's overrides: codes of that type, limits within the plausible range, rising
 * criticalLow < cautionLow < cautionHigh < criticalHigh.
 */
export const updateDeviceDefaultsBodySchema = z.strictObject({
  deviceType: z.enum(deviceTypes),
  thresholds: medicalDeviceThresholdsSchema,
});
export type UpdateDeviceDefaultsBody = z.input<typeof updateDeviceDefaultsBodySchema>;

// Chart series ----------------------------------------------------------------------------------

/** Chosen `getpatientseries`: the patient and the range (default the last 30 days; at most 400 days). */
export const patientSeriesHeadersSchema = z.object({ patientid: idSchema });
export const patientSeriesQuerySchema = z.object({
  from: dayOrInstantSchema.optional(),
  to: dayOrInstantSchema.optional(),
});

/** Most days one series request covers. */
export const SERIES_MAX_DAYS = 400;

/**
 * One point of a chart: the values in the caller's display units keyed by LOINC code (the canonical
 * UCUM values are in the measurement lists). What `seriesReadings` gives back from `points`.
 */
export const seriesReadingSchema = z.object({
  id: z.number().int(),
  measuredAt: z.string(),
  measuredAtOffset: z.string(),
  display: z.record(z.string(), z.number()),
  severity: z.number().int(),
  isManual: z.boolean(),
  isSimulated: z.boolean(),
});
export type SeriesReading = z.infer<typeof seriesReadingSchema>;

/**
 * The points of one chart as columns, all of the same length, in time order: the reading's id, its
 * instant (ISO 8601 UTC with milliseconds) and UTC offset, each value in the caller's display units
 * by LOINC code (null when a reading lacks that value, e.g. an SpO2 reading without pulse), severity
 * (0 normal, 1 caution, 2 critical) and the manual and simulated flags. A chart of 90 days answers
 * in a third of the bytes of one object per point, and costs the server far less to write.
 */
export const seriesPointsSchema = z.object({
  id: z.array(z.number().int()),
  measuredAt: z.array(z.string()),
  measuredAtOffset: z.array(z.string()),
  display: z.record(z.string(), z.array(z.number().nullable())),
  severity: z.array(z.number().int()),
  isManual: z.array(z.boolean()),
  isSimulated: z.array(z.boolean()),
});
export type SeriesPoints = z.infer<typeof seriesPointsSchema>;

/** The points of a chart one object per reading (values missing from a reading are left out of its `display`). */
export function seriesReadings(points: SeriesPoints): SeriesReading[] {
  const codes = Object.keys(points.display);
  return points.id.map((id, i) => {
    const display: Record<string, number> = {};
    for (const code of codes) {
      const value = points.display[code]![i];
      if (value !== null && value !== undefined) { display[code] = value; }
    }
    return {
      id,
      measuredAt: points.measuredAt[i]!,
      measuredAtOffset: points.measuredAtOffset[i]!,
      display,
      severity: points.severity[i]!,
      isManual: points.isManual[i]!,
      isSimulated: points.isSimulated[i]!,
    };
  });
}

/** The readings of one device type in time order, with the value units and the thresholds in effect. */
export const deviceTypeSeriesSchema = z.object({
  deviceType: z.enum(deviceTypes),
  title: z.object({ en: z.string(), es: z.string() }),
  values: z.array(z.object({ code: z.string(), label: z.object({ en: z.string(), es: z.string() }), unit: z.string(), displayUnit: z.string() })),
  thresholds: z.record(z.string(), effectiveThresholdsSchema),
  displayThresholds: z.record(z.string(), effectiveThresholdsSchema),
  points: seriesPointsSchema,
});
export type DeviceTypeSeries = z.infer<typeof deviceTypeSeriesSchema>;

export const patientSeriesSchema = z.object({
  patientId: z.number().int(),
  from: z.string(),
  to: z.string(),
  series: z.array(deviceTypeSeriesSchema),
});
export type PatientSeries = z.infer<typeof patientSeriesSchema>;

/** A series answer whose device types also carry their points one object per reading (`readings`), as the screens draw them. */
export type PatientSeriesWithReadings = Omit<PatientSeries, 'series'> & { series: (DeviceTypeSeries & { readings: SeriesReading[] })[] };

/** `answer` with each device type's `readings` expanded from its `points` (`seriesReadings`). */
export function withSeriesReadings(answer: PatientSeries): PatientSeriesWithReadings {
  return { ...answer, series: answer.series.map((s) => ({ ...s, readings: seriesReadings(s.points) })) };
}
