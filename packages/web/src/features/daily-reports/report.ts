import type { Measurement, MedicalNoteWithPatient, NotificationWithPatient } from '@vigil/contract';
import { dayIn, hourIn } from '../../lib/calendar';

export interface PatientDay {
  patientId: number;
  name: string;
  readings: number;
  abnormal: number;
  last: string;
  types: string[];
}

/** The patients with readings on the day: how many, how many abnormal (severity > 0), the last one and the types. */
export function patientsOfDay(readings: Measurement[]): PatientDay[] {
  const byPatient = new Map<number, PatientDay>();
  for (const m of readings) {
    const p = byPatient.get(m.patientId) ?? { patientId: m.patientId, name: `${m.patient.lastName}, ${m.patient.firstName}`, readings: 0, abnormal: 0, last: m.measuredAt, types: [] };
    p.readings += 1;
    if (m.severity > 0) { p.abnormal += 1; }
    if (m.measuredAt > p.last) { p.last = m.measuredAt; }
    if (!p.types.includes(m.deviceType)) { p.types.push(m.deviceType); }
    byPatient.set(m.patientId, p);
  }
  return [...byPatient.values()].sort((a, b) => b.abnormal - a.abnormal || a.name.localeCompare(b.name));
}

/** Readings per hour of the day, normal and abnormal apart (for the chart). */
export function readingsByHour(readings: Measurement[], timeZone: string | undefined) {
  const hours = Array.from({ length: 24 }, (_, h) => ({ hour: String(h).padStart(2, '0'), normal: 0, abnormal: 0 }));
  for (const m of readings) {
    const slot = hours[hourIn(timeZone, m.measuredAt)];
    if (!slot) { continue; }
    if (m.severity > 0) { slot.abnormal += 1; }
    else { slot.normal += 1; }
  }
  return hours;
}

export interface StaffDay {
  staffId: number;
  name: string;
  entries: number;
  seconds: number;
  interactive: number;
  notes: number;
}

/**
 * Time per staff member on the day: the time entries documented in the month's notes that started
 * on the day (office time zone), by the detail's author, and the details they wrote that day.
 */
export function staffOfDay(notes: MedicalNoteWithPatient[], day: string, timeZone: string | undefined): StaffDay[] {
  const byStaff = new Map<number, StaffDay>();
  const get = (a: { id: number; firstName: string; lastName: string }) => {
    const s = byStaff.get(a.id) ?? { staffId: a.id, name: `${a.firstName} ${a.lastName}`, entries: 0, seconds: 0, interactive: 0, notes: 0 };
    byStaff.set(a.id, s);
    return s;
  };
  for (const note of notes) {
    for (const d of note.medicalNoteDetails) {
      if (dayIn(timeZone, d.createdAt) === day) { get(d.author).notes += 1; }
      const e = d.timeEntry;
      if (e && e.seconds && dayIn(timeZone, e.startedAt) === day) {
        const s = get(d.author);
        s.entries += 1;
        s.seconds += e.seconds;
        if (e.interactive) { s.interactive += 1; }
      }
    }
  }
  return [...byStaff.values()].sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
}

/** Alerts of the day processed (processingStatus 1). */
export const processedAlerts = (alerts: NotificationWithPatient[]) => alerts.filter((a) => a.processingStatus === 1);
