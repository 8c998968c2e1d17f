import { useQuery } from '@tanstack/react-query';
import { timeTracking } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { entriesKey } from './keys';

/** GET timetracking/gettimeentriesforpatient: the patient's time entries of a calendar month in one office. */
export const fetchTimeEntries = (patientId: number, hospitalId: number, year: number, month: number) =>
  call(timeTracking.getTimeEntriesForPatient, { headers: { patientid: patientId, hospitalid: hospitalId, year, month } });

export function useTimeEntries(patientId: number, hospitalId: number, year: number, month: number, enabled: boolean) {
  return useQuery({
    queryKey: entriesKey(patientId, hospitalId, year, month),
    queryFn: () => fetchTimeEntries(patientId, hospitalId, year, month),
    enabled,
  });
}
