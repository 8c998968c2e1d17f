import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { notifications, type NotificationFilterCase } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { notificationsRootKey } from './keys';

export type AlertPeriod = Extract<NotificationFilterCase, 'WEEK' | 'MONTH' | 'ALL'>;
export type AlertStatus = 'all' | 'false' | 'true';

export const patientAlertsKey = (patientId: number, period: AlertPeriod, processed: AlertStatus, page: number, pageSize: number) =>
  [...notificationsRootKey, 'patientAlerts', patientId, period, processed, page, pageSize] as const;

/**
 * One page of the patient's alert history, GET pushnotifications/getmypushnotificationswithpatient
 * with the `patientid` filter: the period's alerts (abnormal and missed measurements) of this
 * patient, processed or not, newest reading first (`sort` newest), one row per reading, in every
 * office of the caller. The page's `view` says whose: a clinician's own copies ('own'), or every
 * alert of the caller's offices for an office, organization or system admin ('office').
 */
export const fetchPatientAlerts = (patientId: number, period: AlertPeriod, processed: AlertStatus, page: number, pageSize: number) =>
  call(notifications.getMyPushNotificationsWithPatient, {
    headers: { patientid: patientId },
    query: { filtercase: period, processed, sort: 'newest', page, pageSize },
  });

export function usePatientAlerts(patientId: number, period: AlertPeriod, processed: AlertStatus, page: number, pageSize: number) {
  return useQuery({
    queryKey: patientAlertsKey(patientId, period, processed, page, pageSize),
    queryFn: () => fetchPatientAlerts(patientId, period, processed, page, pageSize),
    placeholderData: keepPreviousData,
  });
}
