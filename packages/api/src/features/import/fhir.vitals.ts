/**
 * FHIR R4 Observations of the US Core vital signs profiles (and blood glucose) to Vigil's
 * measurements, pure. What each LOINC code becomes:
 *
 * - blood pressure panel 85354-9 / 55284-4 with components 8480-6 (systolic) and 8462-4
 *   (diastolic): a BLOOD_PRESSURE reading; a heart rate (8867-4) component, or a heart-rate
 *   Observation of the same patient at the same time in the bundle (Synthea files them apart),
 *   becomes its pulse;
 * - 29463-7 body weight: a WEIGHT reading (the latest also feeds the metadata, fhir.map.ts);
 * - 8310-5 body temperature: TEMPERATURE; 2708-6 / 59408-5 oxygen saturation: SPO2;
 * - 2339-0 / 2345-7 glucose: GLUCOSE;
 * - merged into other records: 8302-2 body height (the patient's metadata) and a heart rate that
 *   became a blood pressure's pulse;
 * - counted as unmapped, by code: 39156-5 BMI (derived from height and weight), 9279-1
 *   respiratory rate and a heart rate on its own (no device type measures them), every other code.
 *
 * Values are converted to the catalogue's canonical UCUM units; a unit the catalogue does not
 * accept, a value outside its plausible range, a blood pressure without both pressures or an
 * Observation without an effective time fails the record (MappingError: its bundle rolls back).
 * Observations entered in error or cancelled are skipped.
 */
import { loincAliases, measurementCatalogue, toCanonical, type DeviceType } from '@vigil/contract';
import { LOINC_SYSTEM, MappingError } from './fhir.map';
import type { FhirObservation } from './fhir.schemas';

export const LOINC_BP_PANEL = '85354-9';
export const LOINC_HEART_RATE = '8867-4';
const LOINC_HEIGHT = '8302-2';

/** Value codes that make a reading of a device type on their own (canonical codes). */
const singleValueTypes: Record<string, DeviceType> = {
  '29463-7': 'WEIGHT',
  '8310-5': 'TEMPERATURE',
  '59408-5': 'SPO2',
  '2339-0': 'GLUCOSE',
};

export type VitalMapping =
  | { kind: 'measurement'; deviceType: DeviceType; values: Record<string, number>; measuredAt: Date; measuredAtOffset: string }
  | { kind: 'merged' }
  | { kind: 'unmapped'; code: string }
  | { kind: 'skipped'; reason: string };

/** The LOINC codes of an Observation's code, aliases mapped to the stored code (2708-6 -> 59408-5). */
export function loincCodesOf(o: Pick<FhirObservation, 'code'>): string[] {
  return (o.code.coding ?? []).filter((c) => c.system === LOINC_SYSTEM && c.code).map((c) => loincAliases[c.code!] ?? c.code!);
}

/** The code an unmapped Observation is counted under: its first LOINC code, else 'system|code', else 'no code'. */
export function countingCode(o: Pick<FhirObservation, 'code'>): string {
  const coding = o.code.coding ?? [];
  const loinc = coding.find((c) => c.system === LOINC_SYSTEM && c.code);
  if (loinc) { return loinc.code!.slice(0, 40); }
  const other = coding.find((c) => c.code);
  return other ? `${(other.system ?? '').slice(0, 80)}|${other.code!.slice(0, 40)}` : 'no code';
}

/** When an Observation was taken: effectiveDateTime, else the period's start, else issued (ISO text). */
export function effectiveTextOf(o: FhirObservation): string | undefined {
  return o.effectiveDateTime ?? o.effectivePeriod?.start ?? o.effectivePeriod?.end ?? o.issued;
}

/**
 * A FHIR dateTime as an instant and the offset it was written with. A date alone is its UTC
 * midnight; a time without offset is read as UTC. Throws for a year or a month alone.
 */
export function instantOf(text: string | undefined): { at: Date; offset: string } {
  if (!text) { throw new MappingError('effectiveDateTime: a measurement needs the time it was taken'); }
  const m = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(text.trim());
  if (!m) { throw new MappingError('effectiveDateTime: not a date and time (a measurement needs at least a day)'); }
  const offset = !m[3] || m[3] === 'Z' || m[3] === '-00:00' ? '+00:00' : m[3];
  const at = new Date(`${m[1]}${m[2] ?? 'T00:00:00'}${m[3] ?? 'Z'}`);
  if (Number.isNaN(at.getTime())) { throw new MappingError('effectiveDateTime: not a calendar date and time'); }
  return { at, offset };
}

/** A quantity of `code` in the catalogue's canonical unit, checked against the plausible range. */
function canonicalValue(deviceType: DeviceType, code: string, q: FhirObservation['valueQuantity'], where: string): number {
  const def = measurementCatalogue[deviceType].values.find((v) => v.code === code)!;
  if (!q || typeof q.value !== 'number' || !Number.isFinite(q.value)) { throw new MappingError(`${where}: ${code} has no numeric value`); }
  const unit = (q.code ?? q.unit ?? '').trim();
  const value = toCanonical(def, q.value, unit);
  if (value === null) { throw new MappingError(`${where}: '${unit.slice(0, 20)}' is not a UCUM unit of ${code} (${Object.keys(def.accepts).join(', ')})`); }
  if (value < def.min || value > def.max) { throw new MappingError(`${where}: ${code} outside the plausible range ${def.min}-${def.max} ${def.unit}`); }
  return value;
}

/** Whether two Observations were taken at the same instant. */
function sameInstant(a: FhirObservation, b: FhirObservation): boolean {
  const x = Date.parse(effectiveTextOf(a) ?? '');
  return !Number.isNaN(x) && x === Date.parse(effectiveTextOf(b) ?? '');
}

const isBpPanel = (o: FhirObservation) => loincCodesOf(o).includes(LOINC_BP_PANEL);
const isHeartRate = (o: FhirObservation) => loincCodesOf(o)[0] === LOINC_HEART_RATE;
const inactive = (o: FhirObservation) => o.status === 'entered-in-error' || o.status === 'cancelled';

/**
 * Maps one Observation. `sameSubject` are the Observations of the same patient in the bundle
 * (for the pulse of a blood pressure taken with a separate heart-rate Observation).
 */
export function mapVitalObservation(o: FhirObservation, sameSubject: readonly FhirObservation[] = []): VitalMapping {
  const codes = loincCodesOf(o);
  if (codes.includes(LOINC_HEIGHT)) { return { kind: 'merged' }; }
  if (inactive(o)) { return { kind: 'skipped', reason: `status ${o.status}: not imported` }; }

  if (codes.includes(LOINC_BP_PANEL)) {
    const values: Record<string, number> = {};
    for (const [i, c] of (o.component ?? []).entries()) {
      const code = loincCodesOf(c)[0];
      if (code === '8480-6' || code === '8462-4' || code === LOINC_HEART_RATE) { values[code] = canonicalValue('BLOOD_PRESSURE', code, c.valueQuantity, `component[${i}]`); }
    }
    if (values['8480-6'] === undefined || values['8462-4'] === undefined) {
      throw new MappingError('component: a blood pressure needs systolic 8480-6 and diastolic 8462-4');
    }
    if (values[LOINC_HEART_RATE] === undefined) {
      const pulse = sameSubject.find((p) => p !== o && isHeartRate(p) && !inactive(p) && sameInstant(p, o));
      if (pulse) {
        try {
          values[LOINC_HEART_RATE] = canonicalValue('BLOOD_PRESSURE', LOINC_HEART_RATE, pulse.valueQuantity, 'valueQuantity');
        } catch (err) {
          // A bad heart rate fails as its own record; the blood pressure stands without a pulse.
          if (!(err instanceof MappingError)) { throw err; }
        }
      }
    }
    const { at, offset } = instantOf(effectiveTextOf(o));
    return { kind: 'measurement', deviceType: 'BLOOD_PRESSURE', values, measuredAt: at, measuredAtOffset: offset };
  }

  if (codes[0] === LOINC_HEART_RATE) {
    const withBp = sameSubject.some((p) => p !== o && isBpPanel(p) && !inactive(p) && sameInstant(p, o));
    if (!withBp) { return { kind: 'unmapped', code: LOINC_HEART_RATE }; }
    // It becomes that blood pressure's pulse: a bad one is reported here, as its own record.
    canonicalValue('BLOOD_PRESSURE', LOINC_HEART_RATE, o.valueQuantity, 'valueQuantity');
    return { kind: 'merged' };
  }

  const code = codes.find((c) => c in singleValueTypes);
  if (!code) { return { kind: 'unmapped', code: countingCode(o) }; }
  const deviceType = singleValueTypes[code]!;
  const value = canonicalValue(deviceType, code, o.valueQuantity, 'valueQuantity');
  const { at, offset } = instantOf(effectiveTextOf(o));
  return { kind: 'measurement', deviceType, values: { [code]: value }, measuredAt: at, measuredAtOffset: offset };
}
