import { planTimeSlots } from '@vigil/contract';

/** The times of a plan device in order ('08:00', '20:00'), without the unused slots. */
export function timesOf(d: { time1: string | null; time2: string | null; time3: string | null; time4: string | null }): string[] {
  return planTimeSlots.map((slot) => d[slot]).filter((v): v is string => !!v);
}
