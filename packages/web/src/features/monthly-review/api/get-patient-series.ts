import { useQuery } from '@tanstack/react-query';
import { measurements, withSeriesReadings } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { monthlyReviewRootKey } from './keys';

/** GET medicaldevicesdata/getpatientseries: the patient's readings of the days from..to, per device type with thresholds (points also as `readings`). */
export const fetchSeries = async (patientId: number, from: string, to: string) =>
  withSeriesReadings(await call(measurements.getPatientSeries, { headers: { patientid: patientId }, query: { from, to } }));

export function usePatientSeries(patientId: number | null, from: string, to: string) {
  return useQuery({ queryKey: [...monthlyReviewRootKey, 'series', patientId, from, to], queryFn: () => fetchSeries(patientId!, from, to), enabled: !!patientId });
}
