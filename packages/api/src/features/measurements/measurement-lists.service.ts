/**
 * Measurements answered (README "Remote monitoring"): the reading lists (an office's month, a
 * patient's period, a device's readings and its CSV) and the chart series. Values are stored in
 * canonical UCUM units keyed by LOINC code and answered both canonical and in the caller's display
 * units (spec section 9). Ingestion is measurements.service.ts; office limits office-thresholds.service.ts.
 */
import {
  MEASUREMENTS_CSV_MAX_ROWS,
  SERIES_MAX_DAYS,
  deviceTypes,
  measurementCatalogue,
  toDisplay,
  unitLabelIn,
  unitPreferencesOf,
  type DeviceType,
  type Lang,
  type Measurement,
  type MeasurementFilterCase,
  type MeasurementPage,
  type MeasurementPageQuery,
  type MeasurementValue,
  type PatientSeries,
  type SeriesPoints,
  type UnitPreferences,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import * as reads from './measurement-reads.repo';
import { resolveThresholds, toDisplayThresholds, toEffective } from './thresholds';
import { DAY_MS, localIso, rangeOf, safeTimeZone, startOfLocalDay, zonedMidnight } from './time';
import { tenantDb } from '../../db/handles';


// Shaping answers -------------------------------------------------------------------------------

const isDeviceType = (t: string): t is DeviceType => (deviceTypes as readonly string[]).includes(t);

/** Codes of a reading in catalogue order, then any others. */
function orderedCodes(deviceType: string, values: Record<string, number>): string[] {
  const known = isDeviceType(deviceType) ? measurementCatalogue[deviceType].values.map((v) => v.code).filter((c) => c in values) : [];
  return [...known, ...Object.keys(values).filter((c) => !known.includes(c))];
}

const canonicalUnits = new Map(Object.values(measurementCatalogue).flatMap((d) => d.values.map((v) => [v.code, v.unit] as const)));

/** The unit `code` is shown in for `prefs` (the canonical one unless the preferences convert it). */
export const displayUnitOf = (code: string, prefs: UnitPreferences) => toDisplay(code, 0, prefs).unit;

function valuesOf(deviceType: string, values: Record<string, number>, prefs: UnitPreferences): MeasurementValue[] {
  return orderedCodes(deviceType, values).map((code) => {
    const display = toDisplay(code, values[code]!, prefs);
    return { code, value: values[code]!, unit: canonicalUnits.get(code) ?? display.unit, displayValue: display.value, displayUnit: display.unit };
  });
}

function toMeasurement(r: reads.MeasurementRow, prefs: UnitPreferences): Measurement {
  return {
    id: r.id,
    patientId: r.patientId,
    patient: { id: r.patientId, firstName: r.firstName, lastName: r.lastName },
    hospitalId: r.hospitalId,
    deviceId: r.deviceId,
    deviceIdentifier: r.deviceIdentifier,
    hubId: r.hubId,
    deviceType: r.deviceType,
    measuredAt: r.measuredAt.toISOString(),
    measuredAtOffset: r.measuredAtOffset,
    measuredAtLocal: localIso(r.measuredAt, r.measuredAtOffset),
    values: valuesOf(r.deviceType, r.valuesJson, prefs),
    severity: r.severity,
    source: r.source,
    isManual: r.isManual,
    isSimulated: r.isSimulated,
    enteredBy: r.enteredBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The caller's display-unit preferences (their user settings; spec section 9 "Units"). */
export async function callerPrefs(ctx: AppContext, scope: Scope): Promise<UnitPreferences> {
  return unitPreferencesOf(await reads.getCallerSettings(tenantDb(scope, ctx.db)));
}

async function page(ctx: AppContext, scope: Scope, f: reads.MeasurementListFilter, q: MeasurementPageQuery): Promise<MeasurementPage> {
  const [{ rows, total }, prefs] = await Promise.all([reads.findMeasurements(tenantDb(scope, ctx.db), f, q), callerPrefs(ctx, scope)]);
  return { items: rows.map((r) => toMeasurement(r, prefs)), total, page: q.page, pageSize: q.pageSize };
}

// Reading lists ---------------------------------------------------------------------------------

/**
 * `getmeasurementsforpatientsforhospital`: the office's readings measured in month `month` of
 * `year` in the office's time zone, paged (default newest first). 404 when the office is not the
 * caller's.
 */
export async function findForHospitalMonth(ctx: AppContext, scope: Scope, hospitalId: number, year: number, month: number, q: MeasurementPageQuery) {
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  const tz = safeTimeZone(office.timeZone);
  return page(ctx, scope, { hospitalId, from: zonedMidnight(year, month, 1, tz), to: zonedMidnight(year, month + 1, 1, tz) }, q);
}

/** The start of a filter period (TODAY since local midnight in `tz`; WEEK/MONTH/THREE_MONTHS the last 7/30/90 days). */
export function periodStart(filter: MeasurementFilterCase, now: Date, tz: string): Date | undefined {
  switch (filter) {
    case 'TODAY':
      return startOfLocalDay(now, tz);
    case 'WEEK':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'MONTH':
      return new Date(now.getTime() - 30 * DAY_MS);
    case 'THREE_MONTHS':
      return new Date(now.getTime() - 90 * DAY_MS);
    case 'ALL':
      return undefined;
  }
}

async function patientByIdentifier(ctx: AppContext, scope: Scope, identifier: string) {
  const patient = await reads.findVisiblePatientByIdentifier(tenantDb(scope, ctx.db), identifier);
  if (!patient) { throw AppError.notFound(); }
  return patient;
}

/**
 * `getmeasurementsforpatientbyidentifier`: a patient's readings for a period, in the patient's
 * time zone. 404 when no visible patient has that identifier (or user id).
 */
export async function findForPatientIdentifier(ctx: AppContext, scope: Scope, identifier: string, filter: MeasurementFilterCase, q: MeasurementPageQuery) {
  const patient = await patientByIdentifier(ctx, scope, identifier);
  const from = periodStart(filter, new Date(), safeTimeZone(patient.userTimezone));
  return page(ctx, scope, { patientId: patient.id, ...(from ? { from } : {}) }, q);
}

/**
 * `getmeasurementsforpatientbyidentifiercustomdate`: a patient's readings from `start` to `end`
 * (days in the patient's time zone, both whole; or instants). 400 `enddate` when it precedes the start.
 */
export async function findForPatientIdentifierRange(ctx: AppContext, scope: Scope, identifier: string, start: string, end: string, q: MeasurementPageQuery) {
  const patient = await patientByIdentifier(ctx, scope, identifier);
  const range = rangeOf(start, end, safeTimeZone(patient.userTimezone));
  if (range.to.getTime() <= range.from.getTime()) { throw AppError.badRequest('validationFailed', { enddate: 'invalid' }); }
  return page(ctx, scope, { patientId: patient.id, from: range.from, to: range.to }, q);
}

/** A from / to pair of days or instants in `tz`; either end may be open. 400 `to` when it precedes `from`. */
function openRange(from: string | undefined, to: string | undefined, tz: string): { from?: Date; to?: Date } {
  const f = from ? rangeOf(from, from, tz).from : undefined;
  const t = to ? rangeOf(to, to, tz).to : undefined;
  if (f && t && t.getTime() <= f.getTime()) { throw AppError.badRequest('validationFailed', { to: 'invalid' }); }
  return { ...(f ? { from: f } : {}), ...(t ? { to: t } : {}) };
}

/**
 * Chosen `getmeasurementsfordevice`: one device's readings (from / to: days in the device's office
 * time zone, or instants), paged. 404 when the device is not the caller's.
 */
export async function findForDevice(ctx: AppContext, scope: Scope, deviceId: number, q: MeasurementPageQuery & { from?: string; to?: string }) {
  const device = await reads.getDeviceInScope(tenantDb(scope, ctx.db), deviceId);
  if (!device) { throw AppError.notFound(); }
  return page(ctx, scope, { deviceId, ...openRange(q.from, q.to, safeTimeZone(device.timeZone)) }, q);
}

/**
 * The CSV export of a device's readings (every reading of the range, at most 50,000 rows): one
 * row per reading with its local time (device offset), type, each value in the caller's units
 * (column titles in the caller's language), severity and the manual / simulated marks.
 */
export async function deviceCsv(ctx: AppContext, scope: Scope, deviceId: number, q: { from?: string; to?: string; sort?: string }, lang: Lang) {
  const device = await reads.getDeviceInScope(tenantDb(scope, ctx.db), deviceId);
  if (!device) { throw AppError.notFound(); }
  const [rows, prefs] = await Promise.all([
    reads.findAllMeasurements(tenantDb(scope, ctx.db), { deviceId, ...openRange(q.from, q.to, safeTimeZone(device.timeZone)) }, q.sort, MEASUREMENTS_CSV_MAX_ROWS),
    callerPrefs(ctx, scope),
  ]);
  const codes = isDeviceType(device.deviceType) ? measurementCatalogue[device.deviceType].values : [];
  const severityText = lang === 'es' ? ['normal', 'precaución', 'crítico'] : ['normal', 'caution', 'critical'];
  const yes = lang === 'es' ? 'sí' : 'yes';
  const header = [
    lang === 'es' ? 'Fecha y hora' : 'Measured at',
    lang === 'es' ? 'Tipo' : 'Type',
    ...codes.map((v) => `${v.label[lang]} (${unitLabelIn(displayUnitOf(v.code, prefs), lang)})`),
    lang === 'es' ? 'Gravedad' : 'Severity',
    'Manual',
    lang === 'es' ? 'Simulada' : 'Simulated',
  ];
  const records = rows.map((r) => [
    localIso(r.measuredAt, r.measuredAtOffset),
    r.deviceType,
    ...codes.map((v) => (r.valuesJson[v.code] === undefined ? '' : toDisplay(v.code, r.valuesJson[v.code]!, prefs).value)),
    severityText[r.severity] ?? String(r.severity),
    r.isManual ? yes : '',
    r.isSimulated ? yes : '',
  ]);
  return { header, records };
}

// Chart series ----------------------------------------------------------------------------------

/**
 * The chart points of one device type as columns (`SeriesPoints`): ids, instants, offsets and
 * flags copied, each of the type's values (`codes`, LOINC) in the display units of `prefs`, null
 * where a reading lacks it. `readings` are in time order.
 */
function seriesPointsOf(readings: readonly reads.SeriesReading[], codes: readonly string[], prefs: UnitPreferences): SeriesPoints {
  const n = readings.length;
  const points: SeriesPoints = {
    id: new Array<number>(n),
    measuredAt: new Array<string>(n),
    measuredAtOffset: new Array<string>(n),
    display: {},
    severity: new Array<number>(n),
    isManual: new Array<boolean>(n),
    isSimulated: new Array<boolean>(n),
  };
  const columns = codes.map((code) => {
    const column = new Array<number | null>(n);
    points.display[code] = column;
    return column;
  });
  for (let i = 0; i < n; i++) {
    const [id, measuredAt, measuredAtOffset, , values, severity, isManual, isSimulated] = readings[i]!;
    points.id[i] = id;
    points.measuredAt[i] = measuredAt;
    points.measuredAtOffset[i] = measuredAtOffset;
    points.severity[i] = severity;
    points.isManual[i] = isManual;
    points.isSimulated[i] = isSimulated;
    for (let c = 0; c < codes.length; c++) {
      const canonical = values[codes[c]!];
      columns[c]![i] = typeof canonical === 'number' ? toDisplay(codes[c]!, canonical, prefs).value : null;
    }
  }
  return points;
}

/** The range of a series request in time zone `tz` (an open end: up to `now`; no start: 30 days before the end), unchecked. */
function seriesBounds(q: { from?: string; to?: string }, tz: string, now: Date): { from: number; to: number } {
  const to = q.to ? rangeOf(q.to, q.to, tz).to.getTime() : now.getTime() + 1;
  const from = q.from ? rangeOf(q.from, q.from, tz).from.getTime() : to - 30 * DAY_MS;
  return { from, to };
}

/** Longest range a series request may cover (SERIES_MAX_DAYS, and a daylight-saving change). */
const SERIES_MAX_MS = SERIES_MAX_DAYS * DAY_MS + 2 * 3_600_000;
/** How far a day's start in any time zone (UTC-12 to UTC+14) lies from its start in UTC, at most. */
const ZONE_SPAN_MS = 14 * 3_600_000;

/**
 * Chosen `getpatientseries`: the patient's readings from `from` to `to` (days in the patient's
 * time zone or instants; default the last 30 days; at most 400 days) grouped by device type, each
 * type with its value units and the thresholds in effect (the catalogue's, the office's, the
 * patient's device's), the points as columns in the caller's display units. Types with readings in
 * the range or an active device of the patient are listed, in catalogue order. One statement
 * (reads.findSeries): as the patient's time zone comes with it, it reads the range as it would be in
 * any time zone, and the readings outside the patient's own range are left out here. 404 when the
 * patient is not visible; 400 `to` for a reversed or too long range.
 */
export async function getPatientSeries(ctx: AppContext, scope: Scope, patientId: number, q: { from?: string; to?: string }): Promise<PatientSeries> {
  const now = new Date();
  const invalid = () => AppError.badRequest('validationFailed', { to: 'invalid' });
  const wide = seriesBounds(q, 'UTC', now);
  wide.from -= ZONE_SPAN_MS;
  wide.to += ZONE_SPAN_MS;
  // Reversed or too long in every time zone: refused before reading anything.
  if (wide.to <= wide.from || wide.to - wide.from > SERIES_MAX_MS + 4 * ZONE_SPAN_MS) { throw invalid(); }
  const found = await reads.findSeries(tenantDb(scope, ctx.db), patientId, new Date(wide.from), new Date(wide.to));
  if (!found) { throw AppError.notFound(); }
  const range = seriesBounds(q, safeTimeZone(found.userTimezone), now);
  if (range.to <= range.from || range.to - range.from > SERIES_MAX_MS) { throw invalid(); }
  const from = new Date(range.from).toISOString();
  const to = new Date(range.to).toISOString();
  // ISO 8601 UTC instants of one format compare as strings.
  const readings = found.readings.filter((r) => r[1] >= from && r[1] < to);
  const { devices, offices, officeDefaults } = found;
  const prefs = unitPreferencesOf(found.callerSettings);
  const present = new Set<string>([...readings.map((r) => r[3]), ...devices.map((d) => d.deviceType)]);
  const types = deviceTypes.filter((t) => present.has(t));
  // Thresholds: the type's newest device of the patient (its office and overrides), else the patient's first office.
  const deviceOfType = new Map<string, (typeof devices)[number]>();
  for (const d of devices) { if (!deviceOfType.has(d.deviceType)) { deviceOfType.set(d.deviceType, d); } }
  const officeOf = (t: string) => deviceOfType.get(t)?.hospitalId ?? offices[0];

  const byType = new Map<string, typeof readings>();
  for (const r of readings) {
    const list = byType.get(r[3]);
    if (list) { list.push(r); }
    else { byType.set(r[3], [r]); }
  }

  return {
    patientId,
    from,
    to,
    series: types.map((t) => {
      const def = measurementCatalogue[t];
      const office = officeOf(t);
      const { thresholds } = resolveThresholds(t, office === undefined ? undefined : officeDefaults.get(`${office}|${t}`), deviceOfType.get(t)?.json);
      const codes = def.values.map((v) => v.code);
      return {
        deviceType: t,
        title: def.title,
        values: def.values.map((v) => ({ code: v.code, label: v.label, unit: v.unit, displayUnit: displayUnitOf(v.code, prefs) })),
        thresholds: Object.fromEntries(codes.map((c) => [c, toEffective(thresholds[c])])),
        displayThresholds: Object.fromEntries(codes.map((c) => [c, toDisplayThresholds(c, thresholds[c], prefs)])),
        points: seriesPointsOf(byType.get(t) ?? [], codes, prefs),
      };
    }),
  };
}
