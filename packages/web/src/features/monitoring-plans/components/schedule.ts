import {
  planTimeSlots,
  type DeviceType,
  type PlanMeasurementPeriod,
  type TreatmentPlan,
  type TreatmentPlanDevice,
  type TreatmentPlanDeviceInput,
} from '@vigil/contract';

/** One device type of a plan as the form holds it (times 'HH:mm', '' when unused). */
export interface ScheduleValues {
  deviceType: DeviceType | null;
  medicalDeviceId: string | null;
  measurementPeriod: PlanMeasurementPeriod;
  measurementsCount: number;
  time1: string;
  time2: string;
  time3: string;
  time4: string;
}

/** Times offered when the count of readings per day changes (only empty slots are filled). */
export const SUGGESTED_TIMES: Record<number, string[]> = {
  1: ['08:00'],
  2: ['08:00', '20:00'],
  3: ['08:00', '14:00', '20:00'],
  4: ['08:00', '12:00', '16:00', '20:00'],
};

export function emptySchedule(deviceType: DeviceType | null = null): ScheduleValues {
  return { deviceType, medicalDeviceId: null, measurementPeriod: 'DAILY', measurementsCount: 1, time1: '08:00', time2: '', time3: '', time4: '' };
}

/** A new count: slots beyond it are emptied, empty slots within it get the suggested time. */
export function withCount(v: ScheduleValues, count: number): ScheduleValues {
  const next = { ...v, measurementsCount: count };
  planTimeSlots.forEach((slot, i) => {
    if (i >= count) { next[slot] = ''; }
    else if (!next[slot]) { next[slot] = SUGGESTED_TIMES[count]![i]!; }
  });
  return next;
}

export function fromPlanDevice(d: TreatmentPlanDevice): ScheduleValues {
  return {
    deviceType: d.deviceType as DeviceType,
    medicalDeviceId: d.medicalDeviceId ? String(d.medicalDeviceId) : null,
    measurementPeriod: d.measurementPeriod as PlanMeasurementPeriod,
    measurementsCount: d.measurementsCount,
    time1: d.time1 ?? '',
    time2: d.time2 ?? '',
    time3: d.time3 ?? '',
    time4: d.time4 ?? '',
  };
}

/** The schedule as the API takes it: unused slots null. */
export function scheduleInput(v: ScheduleValues): TreatmentPlanDeviceInput {
  const slot = (i: number, time: string) => (i < v.measurementsCount ? time.trim() || null : null);
  return {
    deviceType: (v.deviceType ?? undefined) as DeviceType,
    medicalDeviceId: v.medicalDeviceId ? Number(v.medicalDeviceId) : null,
    measurementPeriod: v.measurementPeriod,
    measurementsCount: v.measurementsCount,
    time1: slot(0, v.time1),
    time2: slot(1, v.time2),
    time3: slot(2, v.time3),
    time4: slot(3, v.time4),
  };
}

/** The times of a plan device in order. */
export function timesOf(d: Pick<TreatmentPlanDevice, 'time1' | 'time2' | 'time3' | 'time4'>): string[] {
  return [d.time1, d.time2, d.time3, d.time4].filter((x): x is string => !!x);
}

/** A plan's form values. */
export interface PlanValues {
  title: string;
  description: string;
  isDefault: boolean;
  devices: ScheduleValues[];
}

export function planValues(plan?: TreatmentPlan | null): PlanValues {
  if (!plan) { return { title: '', description: '', isDefault: false, devices: [] }; }
  return { title: plan.title, description: plan.description, isDefault: plan.isDefault, devices: plan.devices.map(fromPlanDevice) };
}
