/**
 * The readings `npm run simulate-hubs` sends, pure and deterministic: for one patient and the
 * last N days, blood pressure (morning and evening, with pulse), weight, fasting glucose and SpO2
 * (with pulse) around the patient's own baseline, with some abnormal values and some missed days.
 * The same patient and day always give the same times and values, so a re-run repeats identities
 * the server already holds (answered 'duplicate', stored once).
 */
import { localParts, zonedMidnight, zoneOffsetMs } from '../features/measurements/index';

/** A patient's usual values (canonical units), from their imported readings or typical adult values. */
export interface Baseline {
  systolic: number;
  diastolic: number;
  pulse: number;
  weightKg: number;
  glucoseMgDl: number;
  spo2: number;
}

export const typicalBaseline: Baseline = { systolic: 126, diastolic: 80, pulse: 72, weightKg: 78, glucoseMgDl: 105, spo2: 97 };

/** The device identifiers of a patient's simulated hub. */
export function simulatedIdentifiers(patientId: number) {
  return {
    hub: `SIM-P${patientId}`,
    BLOOD_PRESSURE: `SIM-P${patientId}-BP`,
    WEIGHT: `SIM-P${patientId}-WEIGHT`,
    GLUCOSE: `SIM-P${patientId}-GLUCOSE`,
    SPO2: `SIM-P${patientId}-SPO2`,
  } as const;
}

/** A locally administered unicast MAC derived from the patient id (02:56:49 = 'V','I'). */
export function simulatedMac(patientId: number): string {
  const b = [(patientId >>> 16) & 0xff, (patientId >>> 8) & 0xff, patientId & 0xff];
  return ['02', '56', '49', ...b.map((x) => x.toString(16).padStart(2, '0'))].join(':').toUpperCase();
}

/** Mulberry32: a small deterministic pseudo-random generator. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) { h = Math.imul(h ^ text.charCodeAt(i), 16777619); }
  return h >>> 0;
}

const round = (v: number, d = 0) => Math.round(v * 10 ** d) / 10 ** d;

export interface PlannedReading {
  deviceIdentifier: string;
  deviceType: 'BLOOD_PRESSURE' | 'WEIGHT' | 'GLUCOSE' | 'SPO2';
  measuredAt: string;
  values: { code: string; value: number; unit: string }[];
}

/** `instant` written at the UTC offset `tz` has then ('2026-03-01T07:32:00-05:00'). */
function withOffset(instant: Date, tz: string): string {
  const offsetMin = Math.round(zoneOffsetMs(instant, tz) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const local = new Date(instant.getTime() + offsetMin * 60_000).toISOString().slice(0, 19);
  return local + offset;
}

/**
 * The readings of `days` local days ending today in `tz` (none dated after `now`). About one day
 * in ten is missed whole and one reading in twenty on its own; about one blood pressure in ten,
 * one glucose in twelve and one SpO2 in fifteen is abnormal. Glucose goes in mmol/L for odd
 * patient ids (the server converts it), everything else in canonical units.
 */
export function planReadings(patientId: number, baseline: Baseline, days: number, tz: string, now: Date): PlannedReading[] {
  const ids = simulatedIdentifiers(patientId);
  const today = localParts(now, tz);
  const out: PlannedReading[] = [];
  for (let back = days - 1; back >= 0; back--) {
    const dayStart = zonedMidnight(today.year, today.month, today.day - back, tz);
    const dayKey = dayStart.toISOString().slice(0, 10);
    const r = rng(seedOf(`${patientId}|${dayKey}`));
    if (r() < 0.1) { continue; } // a missed day
    const at = (hour: number, minute: number) => new Date(dayStart.getTime() + (hour * 60 + minute + Math.floor(r() * 20)) * 60_000);
    const drift = Math.sin((dayStart.getTime() / 86_400_000 + patientId) / 5);
    const push = (when: Date, reading: Omit<PlannedReading, 'measuredAt'>) => {
      const skip = r() < 0.05;
      if (!skip && when.getTime() <= now.getTime()) { out.push({ ...reading, measuredAt: withOffset(when, tz) }); }
    };
    for (const [hour, minute] of [
      [7, 30],
      [19, 30],
    ] as const) {
      const high = r() < 0.1;
      const sys = round(baseline.systolic + (r() - 0.5) * 16 + drift * 4 + (high ? 35 + r() * 30 : 0));
      const dia = round(baseline.diastolic + (r() - 0.5) * 10 + (high ? 12 + r() * 15 : 0));
      const pulse = round(baseline.pulse + (r() - 0.5) * 12);
      push(at(hour, minute), {
        deviceIdentifier: ids.BLOOD_PRESSURE,
        deviceType: 'BLOOD_PRESSURE',
        values: [
          { code: '8480-6', value: sys, unit: 'mm[Hg]' },
          { code: '8462-4', value: Math.min(dia, sys - 10), unit: 'mm[Hg]' },
          { code: '8867-4', value: pulse, unit: '/min' },
        ],
      });
    }
    push(at(7, 5), {
      deviceIdentifier: ids.WEIGHT,
      deviceType: 'WEIGHT',
      values: [{ code: '29463-7', value: round(baseline.weightKg + drift * 0.8 + (r() - 0.5) * 0.6, 1), unit: 'kg' }],
    });
    const g = r();
    const glucose = g < 0.06 ? 250 + r() * 70 : g < 0.08 ? 58 + r() * 8 : baseline.glucoseMgDl + (r() - 0.5) * 30;
    push(at(7, 0), {
      deviceIdentifier: ids.GLUCOSE,
      deviceType: 'GLUCOSE',
      values: [patientId % 2 === 1 ? { code: '2339-0', value: round(glucose / 18.0156, 1), unit: 'mmol/L' } : { code: '2339-0', value: round(glucose), unit: 'mg/dL' }],
    });
    const low = r() < 0.07;
    push(at(7, 45), {
      deviceIdentifier: ids.SPO2,
      deviceType: 'SPO2',
      values: [
        { code: '59408-5', value: Math.min(100, round(low ? 88 + r() * 4 : baseline.spo2 + (r() - 0.5) * 3)), unit: '%' },
        { code: '8867-4', value: round(baseline.pulse + (r() - 0.5) * 12), unit: '/min' },
      ],
    });
  }
  return out;
}
