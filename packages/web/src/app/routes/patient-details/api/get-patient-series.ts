import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { measurements, withSeriesReadings } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { measurementsRootKey } from './keys';

export const patientSeriesKey = (patientId: number, from: string, to?: string) => [...measurementsRootKey, 'patientSeries', patientId, from, to ?? 'now'] as const;

/**
 * GET medicaldevicesdata/getpatientseries (chosen endpoint): per device type the readings of the
 * period (days in the patient's time zone; an open end means up to now) with display values and
 * the thresholds in effect; the points, answered as columns, also one object per reading (`readings`).
 */
export const fetchPatientSeries = async (patientId: number, range: { from: string; to?: string }) =>
  withSeriesReadings(await call(measurements.getPatientSeries, { headers: { patientid: patientId }, query: range }));

export function usePatientSeries(patientId: number, range: { from: string; to?: string }, enabled = true) {
  return useQuery({
    queryKey: patientSeriesKey(patientId, range.from, range.to),
    queryFn: () => fetchPatientSeries(patientId, range),
    placeholderData: keepPreviousData,
    enabled,
  });
}
