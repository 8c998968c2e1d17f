/**
 * Terra payloads read as Vigil readings, pure (docs/integrations.md "What becomes a reading").
 * Terra's body samples (JSON Schemas in ../shared/data/terra/json-schemas: BloodPressureSample,
 * GlucoseDataSample, OxygenSaturationSample, TemperatureSample, MeasurementDataSample,
 * HeartRateDataSample) become readings of the ingestion body (LOINC code + value + UCUM unit),
 * which the measurements feature then checks like any hub's reading:
 *
 * | Terra field | device type | LOINC | UCUM |
 * |---|---|---|---|
 * | blood_pressure_data.blood_pressure_samples[].systolic_bp / diastolic_bp | BLOOD_PRESSURE | 8480-6 / 8462-4 | mm[Hg] |
 * | glucose_data.blood_glucose_samples[].blood_glucose_mg_per_dL | GLUCOSE | 2339-0 | mg/dL |
 * | oxygen_data.saturation_samples[].percentage | SPO2 | 59408-5 | % |
 * | temperature_data.body_temperature_samples[].temperature_celsius | TEMPERATURE | 8310-5 | Cel |
 * | measurements_data.measurements[].weight_kg (at measurement_time) | WEIGHT | 29463-7 | kg |
 * | heart_data.heart_rate_data.detailed.hr_samples[].bpm | pulse of the SpO2 or blood-pressure reading at the same instant, else HEART_RATE | 8867-4 | /min |
 *
 * A heart-rate sample taken with an SpO2 or blood-pressure reading (the same instant) is that
 * reading's pulse, as a hub's oximeter or cuff sends it; any other one is a reading of its own.
 * Ambient and skin temperatures, body fat, BMI and daily summaries are not vitals of the catalogue.
 */
import type { IngestReading } from '@vigil/contract';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 40 ? v : null);

/** Instants compare by their UTC time, whatever offset or precision Terra wrote them with. */
const instantKey = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : String(ms);
};

/**
 * The readings of a body payload's `data` array (each item one day of one source). Samples with a
 * missing time or value are left out here (nothing to store); values outside the catalogue's
 * plausible range are left to ingestion, which refuses them with their reason.
 */
export function readingsOfBody(data: unknown): IngestReading[] {
  const readings: IngestReading[] = [];
  const byInstant = new Map<string, IngestReading[]>();
  const add = (r: IngestReading) => {
    readings.push(r);
    const key = instantKey(r.measuredAt);
    const list = byInstant.get(key);
    if (list) { list.push(r); }
    else { byInstant.set(key, [r]); }
  };
  const hr: { at: string; bpm: number }[] = [];
  for (const item of arr(data)) {
    const day = obj(item);
    if (!day) { continue; }
    for (const s of arr(obj(day.blood_pressure_data)?.blood_pressure_samples)) {
      const o = obj(s);
      const at = str(o?.timestamp);
      const sys = num(o?.systolic_bp);
      const dia = num(o?.diastolic_bp);
      if (at && sys !== null && dia !== null) {
        add({ deviceType: 'BLOOD_PRESSURE', measuredAt: at, values: [{ code: '8480-6', value: sys, unit: 'mm[Hg]' }, { code: '8462-4', value: dia, unit: 'mm[Hg]' }] });
      }
    }
    for (const s of arr(obj(day.glucose_data)?.blood_glucose_samples)) {
      const o = obj(s);
      const at = str(o?.timestamp);
      const v = num(o?.blood_glucose_mg_per_dL);
      if (at && v !== null) { add({ deviceType: 'GLUCOSE', measuredAt: at, values: [{ code: '2339-0', value: v, unit: 'mg/dL' }] }); }
    }
    for (const s of arr(obj(day.oxygen_data)?.saturation_samples)) {
      const o = obj(s);
      const at = str(o?.timestamp);
      const v = num(o?.percentage);
      if (at && v !== null) { add({ deviceType: 'SPO2', measuredAt: at, values: [{ code: '59408-5', value: v, unit: '%' }] }); }
    }
    for (const s of arr(obj(day.temperature_data)?.body_temperature_samples)) {
      const o = obj(s);
      const at = str(o?.timestamp);
      const v = num(o?.temperature_celsius);
      if (at && v !== null) { add({ deviceType: 'TEMPERATURE', measuredAt: at, values: [{ code: '8310-5', value: v, unit: 'Cel' }] }); }
    }
    for (const s of arr(obj(day.measurements_data)?.measurements)) {
      const o = obj(s);
      const at = str(o?.measurement_time);
      const v = num(o?.weight_kg);
      if (at && v !== null) { add({ deviceType: 'WEIGHT', measuredAt: at, values: [{ code: '29463-7', value: v, unit: 'kg' }] }); }
    }
    for (const s of arr(obj(obj(obj(day.heart_data)?.heart_rate_data)?.detailed)?.hr_samples)) {
      const o = obj(s);
      const at = str(o?.timestamp);
      const bpm = num(o?.bpm);
      if (at && bpm !== null) { hr.push({ at, bpm }); }
    }
  }
  for (const h of hr) {
    const pulse = { code: '8867-4', value: Math.round(h.bpm), unit: '/min' };
    const target = byInstant.get(instantKey(h.at))?.find((r) => (r.deviceType === 'SPO2' || r.deviceType === 'BLOOD_PRESSURE') && !r.values.some((v) => v.code === '8867-4'));
    if (target) { target.values.push(pulse); }
    else { readings.push({ deviceType: 'HEART_RATE', measuredAt: h.at, values: [pulse] }); }
  }
  return readings;
}

/**
 * The key under which a data payload's copy is kept (terra_data_copies): activity and sleep by
 * `metadata.summary_id` (Terra's dedupe rule; a sleep without one by its start and end), body and
 * daily by the day's `metadata.start_time`. Null when the item carries neither.
 */
export function copyKeyOf(type: string, item: unknown): string | null {
  const meta = obj(obj(item)?.metadata);
  if (!meta) { return null; }
  if (type === 'activity' || type === 'sleep') {
    const id = typeof meta.summary_id === 'string' && meta.summary_id.length <= 200 ? meta.summary_id : null;
    if (id) { return id; }
    const start = str(meta.start_time);
    const end = str(meta.end_time);
    return start && end ? `${start}/${end}` : null;
  }
  return str(meta.start_time);
}

/** The Terra event types whose `data` is kept and deduplicated (Terra's data webhooks Vigil uses). */
export const DATA_TYPES = new Set(['body', 'daily', 'activity', 'sleep']);
/** Types keyed by day (a later copy of the day is 'superseded'); activity and sleep are keyed by summary (a repeat is a 'duplicate'). */
export const REPLACED_BY_DAY = new Set(['body', 'daily']);
/** The connection events that change a connection's status. */
export const CONNECTION_TYPES = new Set(['auth', 'user_reauth', 'deauth', 'access_revoked', 'connection_error']);
