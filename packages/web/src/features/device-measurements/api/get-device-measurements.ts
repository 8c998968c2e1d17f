import { keepPreviousData } from '@tanstack/react-query';
import { measurements, type Measurement, type measurementSortKeys } from '@vigil/contract';
import { useEndpointPagesQuery, useEndpointQuery, type PageCaller } from '../../../lib/endpoint-query';

export type DeviceSort = (typeof measurementSortKeys)[number];

export interface DeviceRange {
  from: string;
  to?: string;
}

/**
 * GET medicaldevicesdata/getmeasurementsfordevice (chosen endpoint): one page of the device's
 * readings in the period (days in the device office's time zone; an open end means up to now).
 */
export function useDeviceMeasurements(deviceId: number, range: DeviceRange, page: number, pageSize: number, sort: DeviceSort) {
  return useEndpointQuery(
    measurements.getMeasurementsForDevice,
    { headers: { deviceid: deviceId }, query: { ...range, page, pageSize, sort, format: 'json' } },
    { placeholderData: keepPreviousData },
  );
}

/** Most readings the chart reads (pages of 200): 90 days at 20 readings a day. */
export const CHART_LIMIT = 2000;
const CHART_PAGE = 200;

/** Every reading of the period for the chart, oldest first, up to CHART_LIMIT (then the oldest are left out). */
async function gatherChartReadings(callPage: PageCaller<typeof measurements.getMeasurementsForDevice>): Promise<{ items: Measurement[]; total: number }> {
  const items: Measurement[] = [];
  let total = 0;
  for (let page = 1; items.length < CHART_LIMIT; page++) {
    const data = await callPage(page);
    total = data.total;
    items.push(...data.items);
    if (data.items.length < CHART_PAGE || page * CHART_PAGE >= data.total) { break; }
  }
  return { items: items.reverse(), total };
}

/** The chart's readings of the period (pages of GET medicaldevicesdata/getmeasurementsfordevice, newest first, gathered). */
export function useDeviceChartReadings(deviceId: number, range: DeviceRange) {
  return useEndpointPagesQuery(
    measurements.getMeasurementsForDevice,
    { headers: { deviceid: deviceId }, query: { ...range, pageSize: CHART_PAGE, sort: '-measuredAt', format: 'json' } },
    gatherChartReadings,
    { placeholderData: keepPreviousData },
  );
}
