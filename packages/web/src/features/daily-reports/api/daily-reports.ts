import { measurements, medicalNotes, notifications, reporting, type Measurement, type MedicalNoteWithPatient, type NotificationWithPatient } from '@vigil/contract';
import { useEndpointPagesQuery, useEndpointQuery } from '../../../lib/endpoint-query';
import { dayIn } from '../../../lib/calendar';

/** Most pages (of 200) one part of the report reads; beyond, the report says it is incomplete. */
const MAX_PAGES = 25;
const PAGE_SIZE = 200;

// Each part of the report gathers pages of one endpoint (lib/endpoint-query.ts useEndpointPagesQuery),
// keyed under that endpoint: a change naming it (a reading, a note, a processed alert) refreshes the report.

export interface DayReadings {
  items: Measurement[];
  /** More readings than the report reads (MAX_PAGES pages). */
  truncated: boolean;
}

/**
 * GET medicaldevicesdata/getmeasurementsforpatientsforhospital: the office's readings of the day's
 * month, newest first, read page by page until the readings are older than the day; kept: those
 * taken on the day in the office's time zone.
 */
export function useDayReadings(hospitalId: number, day: string, timeZone: string | undefined, enabled: boolean) {
  const [year, month] = day.split('-').map(Number);
  return useEndpointPagesQuery(
    measurements.getMeasurementsForPatientsForHospital,
    { headers: { hospitalid: hospitalId, bymonth: month!, byyear: year! }, query: { pageSize: PAGE_SIZE, sort: '-measuredAt' } },
    async (callPage): Promise<DayReadings> => {
      const items: Measurement[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await callPage(page);
        let older = false;
        for (const m of r.items) {
          const d = dayIn(timeZone, m.measuredAt);
          if (d === day) { items.push(m); }
          else if (d < day) { older = true; }
        }
        if (older || page * PAGE_SIZE >= r.total) { return { items, truncated: false }; }
      }
      return { items, truncated: true };
    },
    { enabled: enabled && hospitalId > 0, scope: { day, timeZone } },
  );
}

export interface MonthNotes {
  items: MedicalNoteWithPatient[];
  truncated: boolean;
}

/**
 * GET medicalnote/getmedicalnoteforhospital: every note of the office's month with its details and
 * the time entries they document. The daily report takes the time logged on the day from them:
 * the API has no office-wide list of time entries (only per patient), so time without a note is
 * not counted here.
 */
export function useMonthNotes(hospitalId: number, year: number, month: number, enabled: boolean) {
  return useEndpointPagesQuery(
    medicalNotes.getMedicalNoteForHospital,
    { headers: { hospitalid: hospitalId, bymonth: month, byyear: year }, query: { pageSize: PAGE_SIZE } },
    async (callPage): Promise<MonthNotes> => {
      const items: MedicalNoteWithPatient[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await callPage(page);
        items.push(...r.items);
        if (page * PAGE_SIZE >= r.total) { return { items, truncated: false }; }
      }
      return { items, truncated: true };
    },
    { enabled: enabled && hospitalId > 0 },
  );
}

export interface DayAlerts {
  items: NotificationWithPatient[];
  /** 'own': the caller's copies (clinicians); 'office': every alert of the office (admins). */
  view: 'own' | 'office';
  truncated: boolean;
}

/** The worklist's period that holds a day `daysAgo` days back (TODAY, the last 7 or 30 days, or everything). */
function periodFor(daysAgo: number): 'TODAY' | 'WEEK' | 'MONTH' | 'ALL' {
  if (daysAgo <= 0) { return 'TODAY'; }
  if (daysAgo < 7) { return 'WEEK'; }
  if (daysAgo < 30) { return 'MONTH'; }
  return 'ALL';
}

/**
 * GET pushnotifications/getmypushnotificationswithpatient: the office's alerts (open and
 * processed, newest first) of the period that holds the day, page by page; kept: those whose
 * reading (or missed slot) is on the day in the office's time zone.
 */
export function useDayAlerts(hospitalId: number, day: string, daysAgo: number, timeZone: string | undefined, enabled: boolean) {
  return useEndpointPagesQuery(
    notifications.getMyPushNotificationsWithPatient,
    { headers: { hospitalid: hospitalId }, query: { pageSize: PAGE_SIZE, filtercase: periodFor(daysAgo), processed: 'all', sort: 'newest' } },
    async (callPage): Promise<DayAlerts> => {
      const items: NotificationWithPatient[] = [];
      let view: DayAlerts['view'] = 'own';
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await callPage(page);
        view = r.view;
        let older = false;
        for (const a of r.items) {
          const d = dayIn(timeZone, a.measuredAt ?? a.timestamp);
          if (d === day) { items.push(a); }
          else if (d < day) { older = true; }
        }
        if (older || page * PAGE_SIZE >= r.total) { return { items, view, truncated: false }; }
      }
      return { items, view, truncated: true };
    },
    { enabled: enabled && hospitalId > 0, scope: { day, timeZone } },
  );
}

/**
 * GET reporting/getallrelatedpatientdailyscores (filterCase TODAY, permission reports.dailyScores:
 * office admins, doctors and nurses): each monitored patient's score of the office's today
 * (docs/audit.md "Daily score"). The API scores periods, not past days, so the report reads it for
 * today only.
 */
export function useTodayScores(hospitalId: number, enabled: boolean) {
  return useEndpointQuery(reporting.getAllRelatedPatientDailyScores, { query: { filterCase: 'TODAY', hospitalId } }, { enabled: enabled && hospitalId > 0 });
}
