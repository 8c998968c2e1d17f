import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { measurements, type Measurement, type measurementSortKeys } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { deviceReadingsKey } from './keys';

export type DeviceSort = (typeof measurementSortKeys)[number];

export interface DeviceRange {
  from: string;
  to?: string;
}

/**
 * GET medicaldevicesdata/getmeasurementsfordevice (chosen endpoint): one page of the device's
 * readings in the period (days in the device office's time zone; an open end means up to now).
 */
export const fetchDeviceMeasurements = (deviceId: number, range: DeviceRange, page: number, pageSize: number, sort: DeviceSort) =>
  call(measurements.getMeasurementsForDevice, { headers: { deviceid: deviceId }, query: { ...range, page, pageSize, sort, format: 'json' } });

export function useDeviceMeasurements(deviceId: number, range: DeviceRange, page: number, pageSize: number, sort: DeviceSort) {
  return useQuery({
    queryKey: [...deviceReadingsKey(deviceId), 'page', range.from, range.to ?? 'now', page, pageSize, sort],
    queryFn: () => fetchDeviceMeasurements(deviceId, range, page, pageSize, sort),
    placeholderData: keepPreviousData,
  });
}

/** Most readings the chart reads (pages of 200): 90 days at 20 readings a day. */
export const CHART_LIMIT = 2000;

/** Every reading of the period for the chart, oldest first, up to CHART_LIMIT (then the oldest are left out). */
export async function fetchDeviceChartReadings(deviceId: number, range: DeviceRange): Promise<{ items: Measurement[]; total: number }> {
  const items: Measurement[] = [];
  let total = 0;
  for (let page = 1; items.length < CHART_LIMIT; page++) {
    const data = await fetchDeviceMeasurements(deviceId, range, page, 200, '-measuredAt');
    total = data.total;
    items.push(...data.items);
    if (data.items.length < 200 || page * 200 >= data.total) break;
  }
  return { items: items.reverse(), total };
}

export function useDeviceChartReadings(deviceId: number, range: DeviceRange) {
  return useQuery({
    queryKey: [...deviceReadingsKey(deviceId), 'chart', range.from, range.to ?? 'now'],
    queryFn: () => fetchDeviceChartReadings(deviceId, range),
    placeholderData: keepPreviousData,
  });
}
