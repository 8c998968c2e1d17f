import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { notifications } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { worklistKey, type WorklistQuery } from './keys';

/** GET pushnotifications/getmypushnotificationswithpatient: a page of the alert worklist of one office (-1: all). */
export const fetchWorklist = (office: number, query: WorklistQuery) =>
  call(notifications.getMyPushNotificationsWithPatient, { headers: { hospitalid: office }, query });

export function useWorklist(office: number, query: WorklistQuery) {
  return useQuery({ queryKey: worklistKey(office, query), queryFn: () => fetchWorklist(office, query), placeholderData: keepPreviousData });
}
