import { useQuery } from '@tanstack/react-query';
import { timeTracking } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { monthlyReviewRootKey } from './keys';

/** GET timetracking/gettimeentriesforpatient: the month's time entries of the patient in the office. */
export const fetchEntries = (patientId: number, hospitalId: number, year: number, month: number) =>
  call(timeTracking.getTimeEntriesForPatient, { headers: { patientid: patientId, hospitalid: hospitalId, year, month } });

export function useTimeEntries(patientId: number | null, hospitalId: number, year: number, month: number, enabled: boolean) {
  return useQuery({
    queryKey: [...monthlyReviewRootKey, 'entries', patientId, hospitalId, year, month],
    queryFn: () => fetchEntries(patientId!, hospitalId, year, month),
    enabled: enabled && !!patientId && hospitalId > 0,
  });
}
