import { useQuery } from '@tanstack/react-query';
import { notifications, type NotificationWithPatient } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { dayIn } from '../../care-time';
import { dailyReportsRootKey, MAX_PAGES, PAGE_SIZE } from './keys';

export interface DayAlerts {
  items: NotificationWithPatient[];
  /** 'own': the caller's copies (clinicians); 'office': every alert of the office (admins). */
  view: 'own' | 'office';
  truncated: boolean;
}

/** The worklist's period that holds a day `daysAgo` days back (TODAY, the last 7 or 30 days, or everything). */
function periodFor(daysAgo: number): 'TODAY' | 'WEEK' | 'MONTH' | 'ALL' {
  if (daysAgo <= 0) return 'TODAY';
  if (daysAgo < 7) return 'WEEK';
  if (daysAgo < 30) return 'MONTH';
  return 'ALL';
}

/**
 * GET pushnotifications/getmypushnotificationswithpatient: the office's alerts (open and
 * processed, newest first) of the period that holds the day, page by page; kept: those whose
 * reading (or missed slot) is on the day in the office's time zone.
 */
export async function fetchDayAlerts(hospitalId: number, day: string, daysAgo: number, timeZone: string | undefined): Promise<DayAlerts> {
  const items: NotificationWithPatient[] = [];
  let view: DayAlerts['view'] = 'own';
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await call(notifications.getMyPushNotificationsWithPatient, {
      headers: { hospitalid: hospitalId },
      query: { page, pageSize: PAGE_SIZE, filtercase: periodFor(daysAgo), processed: 'all', sort: 'newest' },
    });
    view = r.view;
    let older = false;
    for (const a of r.items) {
      const d = dayIn(timeZone, a.measuredAt ?? a.timestamp);
      if (d === day) items.push(a);
      else if (d < day) older = true;
    }
    if (older || page * PAGE_SIZE >= r.total) return { items, view, truncated: false };
  }
  return { items, view, truncated: true };
}

export function useDayAlerts(hospitalId: number, day: string, daysAgo: number, timeZone: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...dailyReportsRootKey, 'alerts', hospitalId, day, timeZone],
    queryFn: () => fetchDayAlerts(hospitalId, day, daysAgo, timeZone),
    enabled: enabled && hospitalId > 0,
  });
}
