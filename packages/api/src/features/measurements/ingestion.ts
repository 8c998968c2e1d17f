/**
 * The rules one reading must pass before anything is looked up (README "Remote monitoring"), pure:
 * its shape, its time (ISO 8601 with offset, not in the future), its values (LOINC codes of the
 * device type, aliases mapped, converted from the sent UCUM unit to the canonical one, inside the
 * catalogue's plausible range, every required code present). A refused reading gets a stable
 * reason and a detail naming the field, code or unit (never a value, never PHI).
 */
import {
  ingestReadingSchema,
  loincAliases,
  measurementCatalogue,
  toCanonical,
  type DeviceType,
  type IngestRejectReason,
} from '@vigil/contract';
import { offsetOf } from './time';

/** How far ahead of the server's clock a reading may be dated (device clocks drift). */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;
/** Readings dated before this are refused as an invalid time (a device clock never set). */
export const EARLIEST_READING = Date.UTC(2000, 0, 1);

/** A reading that passed the rules: canonical values keyed by canonical LOINC code. */
export interface CheckedReading {
  index: number;
  deviceIdentifier?: string;
  deviceType: DeviceType;
  measuredAt: Date;
  measuredAtOffset: string;
  values: Record<string, number>;
  patientId?: number;
  simulated: boolean;
}

export interface Rejection {
  index: number;
  reason: IngestRejectReason;
  detail?: string;
}

export type CheckOutcome = { ok: true; reading: CheckedReading } | { ok: false; rejection: Rejection };

const reject = (index: number, reason: IngestRejectReason, detail?: string): CheckOutcome => ({ ok: false, rejection: { index, reason, ...(detail ? { detail } : {}) } });

/**
 * Checks reading `index` of a request. `now` is the server's clock (ms). Reasons: 'invalid reading'
 * (shape; detail lists the fields), 'unknown device type', 'invalid measuredAt' (no offset, not a
 * date, before 2000), 'measuredAt in the future' (more than 10 minutes ahead), 'unknown code',
 * 'duplicate code', 'wrong unit' (detail lists the accepted units), 'impossible value' (outside the
 * plausible range), 'missing value' (a required code).
 */
export function checkReading(raw: unknown, index: number, now = Date.now()): CheckOutcome {
  const parsed = ingestReadingSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const first = issues[0]!;
    const top = String(first.path[0] ?? '');
    const input = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    if (top === 'deviceType' && input.deviceType !== undefined) { return reject(index, 'unknown device type', 'deviceType'); }
    if (top === 'measuredAt' && input.measuredAt !== undefined) { return reject(index, 'invalid measuredAt', 'measuredAt: ISO 8601 date-time with offset'); }
    const fields = [...new Set(issues.map((i) => i.path.map(String).join('.') || '(reading)'))].slice(0, 5);
    return reject(index, 'invalid reading', fields.join(', '));
  }
  const r = parsed.data;
  const measuredAt = new Date(r.measuredAt);
  if (measuredAt.getTime() < EARLIEST_READING) { return reject(index, 'invalid measuredAt', 'measuredAt: before 2000-01-01'); }
  if (measuredAt.getTime() > now + FUTURE_TOLERANCE_MS) { return reject(index, 'measuredAt in the future'); }

  const def = measurementCatalogue[r.deviceType];
  const values: Record<string, number> = {};
  for (const v of r.values) {
    const code = loincAliases[v.code] ?? v.code;
    const valueDef = def.values.find((d) => d.code === code);
    if (!valueDef) { return reject(index, 'unknown code', `${v.code.slice(0, 20)} is not a value of ${r.deviceType}`); }
    if (code in values) { return reject(index, 'duplicate code', code); }
    const canonical = toCanonical(valueDef, v.value, v.unit);
    if (canonical === null) {
      return reject(index, 'wrong unit', `${code}: '${v.unit.slice(0, 20)}' is not accepted (${Object.keys(valueDef.accepts).join(', ')})`);
    }
    if (canonical < valueDef.min || canonical > valueDef.max) {
      return reject(index, 'impossible value', `${code}: outside ${valueDef.min}-${valueDef.max} ${valueDef.unit}`);
    }
    values[code] = canonical;
  }
  const missing = def.required.filter((code) => !(code in values));
  if (missing.length > 0) { return reject(index, 'missing value', missing.join(', ')); }

  return {
    ok: true,
    reading: {
      index,
      ...(r.deviceIdentifier !== undefined ? { deviceIdentifier: r.deviceIdentifier } : {}),
      deviceType: r.deviceType,
      measuredAt,
      measuredAtOffset: offsetOf(r.measuredAt),
      values,
      ...(r.patientId !== undefined ? { patientId: r.patientId } : {}),
      simulated: r.simulated === true,
    },
  };
}

/** The identity of a reading (README "Remote monitoring", "Exactly once"): hub, device, type, measured-at. */
export function identityKey(hubKey: number, deviceKey: number, deviceType: string, measuredAt: Date): string {
  return `${hubKey}|${deviceKey}|${deviceType}|${measuredAt.getTime()}`;
}
