import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { notifications } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { worklistKey, type WorklistQuery } from './keys';

/** How often the office view reloads: its alerts go to the care teams' sockets, not to the admin's. */
const OFFICE_VIEW_REFRESH_MS = 60_000;

/** GET pushnotifications/getmypushnotificationswithpatient: a page of the alert worklist of one office (-1: all). */
export const fetchWorklist = (office: number, query: WorklistQuery) =>
  call(notifications.getMyPushNotificationsWithPatient, { headers: { hospitalid: office }, query });

/**
 * A worklist page. A clinician's own view stays live from the socket (live-updates.ts); the office
 * view of an admin (page `view` 'office') is reloaded every minute instead.
 */
export function useWorklist(office: number, query: WorklistQuery) {
  return useQuery({
    queryKey: worklistKey(office, query),
    queryFn: () => fetchWorklist(office, query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.view === 'office' ? OFFICE_VIEW_REFRESH_MS : false),
  });
}
