import { useQuery } from '@tanstack/react-query';
import { measurements, type Measurement } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { dayIn } from '../../care-time';
import { dailyReportsRootKey, MAX_PAGES, PAGE_SIZE } from './keys';

export interface DayReadings {
  items: Measurement[];
  /** More readings than the report reads (MAX_PAGES pages). */
  truncated: boolean;
}

/**
 * GET medicaldevicesdata/getmeasurementsforpatientsforhospital: the office's readings of the day's
 * month, newest first, read page by page until the readings are older than the day; kept: those
 * taken on the day in the office's time zone.
 */
export async function fetchDayReadings(hospitalId: number, day: string, timeZone: string | undefined): Promise<DayReadings> {
  const [year, month] = day.split('-').map(Number);
  const items: Measurement[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await call(measurements.getMeasurementsForPatientsForHospital, {
      headers: { hospitalid: hospitalId, bymonth: month!, byyear: year! },
      query: { page, pageSize: PAGE_SIZE, sort: '-measuredAt' },
    });
    let older = false;
    for (const m of r.items) {
      const d = dayIn(timeZone, m.measuredAt);
      if (d === day) items.push(m);
      else if (d < day) older = true;
    }
    if (older || page * PAGE_SIZE >= r.total) return { items, truncated: false };
  }
  return { items, truncated: true };
}

export function useDayReadings(hospitalId: number, day: string, timeZone: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...dailyReportsRootKey, 'readings', hospitalId, day, timeZone],
    queryFn: () => fetchDayReadings(hospitalId, day, timeZone),
    enabled: enabled && hospitalId > 0,
  });
}
