import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { notifications, type NotificationFilterCase, type NotificationWithPatient } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { notificationsRootKey } from './keys';

export type AlertPeriod = Extract<NotificationFilterCase, 'WEEK' | 'MONTH' | 'ALL'>;
export type AlertStatus = 'all' | 'false' | 'true';

/** Most alerts the history reads (5 pages of the worklist's largest page). */
export const ALERT_HISTORY_LIMIT = 1000;
const PAGE = 200;

export const patientAlertsKey = (patientId: number, period: AlertPeriod, processed: AlertStatus) =>
  [...notificationsRootKey, 'patientAlerts', patientId, period, processed] as const;

/**
 * The alert history of one patient from the alert worklist, GET
 * pushnotifications/getmypushnotificationswithpatient (its contract has no patient filter): the
 * period's alerts, processed or not, searched on the server by the patient's name, kept to this
 * patient's id, newest first (the worklist sorts by severity). Like the worklist it holds the
 * caller's own copies of the alerts (sent to them as a member of the patient's care team).
 */
export async function fetchPatientAlerts(patientId: number, patientName: string, period: AlertPeriod, processed: AlertStatus) {
  const items: NotificationWithPatient[] = [];
  let total = 0;
  for (let page = 1; items.length < ALERT_HISTORY_LIMIT; page++) {
    const data = await call(notifications.getMyPushNotificationsWithPatient, {
      query: { filtercase: period, processed, search: patientName, page, pageSize: PAGE },
    });
    total = data.total;
    items.push(...data.items.filter((n) => n.relatedPatientId === patientId));
    if (data.items.length < PAGE || page * PAGE >= data.total) break;
  }
  const when = (n: NotificationWithPatient) => new Date(n.measuredAt ?? n.timestamp).getTime();
  items.sort((a, b) => when(b) - when(a) || b.notificationId - a.notificationId);
  return { items, truncated: total > ALERT_HISTORY_LIMIT };
}

export function usePatientAlerts(patientId: number, patientName: string | null, period: AlertPeriod, processed: AlertStatus) {
  return useQuery({
    queryKey: patientAlertsKey(patientId, period, processed),
    queryFn: () => fetchPatientAlerts(patientId, patientName!, period, processed),
    enabled: !!patientName,
    placeholderData: keepPreviousData,
  });
}
