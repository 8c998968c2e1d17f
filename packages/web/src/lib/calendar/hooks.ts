import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth';
import { useCan } from '../can';
import { useSelectedOffice } from '../office';
import { useOffice } from '../shared-reads';
import {
  formatDate,
  formatDateTime,
  formatLongDateTime,
  formatLongDay,
  formatRelative,
  formatTime,
  formatTimeOnDay,
  monthLabel,
  monthText,
  shortDay,
  uiLang,
  type UiLang,
} from './format';
import { ageOn, browserTimeZone, compareMonths, currentMonthIn, dayBounds, dayIn, isKnownZone, type YearMonth } from './zone';

/** Which zone a screen shows instants in, and why (docs/dates.md "Which zone is shown"). */
export interface DisplayZone {
  /** The IANA zone ('America/New_York'). */
  timeZone: string;
  /** 'office': the selected (or assigned) office's; 'profile': the user's own; 'browser': nothing better is known. */
  source: 'office' | 'profile' | 'browser';
}

/**
 * The zone instants are shown in: the selected office's (the office switcher); with all offices
 * selected, the user's assigned office's; else the zone of the user's profile; else the browser's
 * (a public page, an office not read yet). The office's zone is what the cards and the server's
 * calendar use (api lib/office-calendar.ts), so a browser in Los Angeles shows a New York office's
 * readings in New York time, labelled.
 */
export function useDisplayZone(): DisplayZone {
  const { user } = useAuth();
  const selected = useSelectedOffice();
  const mayReadOffices = useCan('offices.read');
  const officeId = selected > 0 ? selected : (user?.hospitalAssignedData?.id ?? null);
  const office = useOffice(mayReadOffices ? officeId : null);
  const officeZone = office.data?.timeZone;
  if (isKnownZone(officeZone)) { return { timeZone: officeZone, source: 'office' }; }
  if (isKnownZone(user?.userTimezone)) { return { timeZone: user.userTimezone, source: 'profile' }; }
  return { timeZone: browserTimeZone(), source: 'browser' };
}

/** What useCalendar offers a screen: formatters bound to the UI language and the display zone. */
export interface Calendar {
  lang: UiLang;
  /** The zone instants are shown in (useDisplayZone). */
  timeZone: string;
  zoneSource: DisplayZone['source'];
  /** Today ('YYYY-MM-DD') in the display zone. */
  today: string;
  /** A calendar date ("Apr 28, 1991" / "28 abr 1991"); never shifted into a zone. */
  date(value: string | null | undefined): string;
  /** An instant's date and time in the display zone, labelled ("Mar 12, 2026, 3:45 PM EDT"). */
  dateTime(value: string | null | undefined): string;
  /** An instant's time of day in the display zone, labelled ("3:45 PM EDT"). */
  time(value: string | null | undefined): string;
  /** An instant's time without the zone ('19:30'; 'Nov 21, 19:30' when not on `day`). */
  timeOnDay(value: string | null | undefined, day: string): string;
  /** An instant's calendar day, long, in the display zone ("March 12, 2026"). */
  longDay(value: string | null | undefined): string;
  /** An instant in words, labelled ("April 9, 2026 at 3:00 PM EDT"). */
  longDateTime(value: string | null | undefined): string;
  /** "5 minutes ago" / "hace 5 minutos" from `now` (epoch ms, default now). */
  relative(value: string | null | undefined, now?: number): string;
  /** The calendar day ('YYYY-MM-DD') of an instant in the display zone. */
  dayOf(value: string | Date): string;
  /** A day's first instant and the next day's, in the display zone. */
  dayBounds(day: string): { start: string; end: string };
  /** The current month in the display zone. */
  currentMonth: YearMonth;
  /** Whether a month is after the current one (spec section 5: no CSV for upcoming months). */
  isUpcomingMonth(ym: YearMonth): boolean;
  /** Whether a month is the current one. */
  isCurrentMonth(ym: YearMonth): boolean;
  monthLabel(ym: YearMonth): string;
  monthText(ym: YearMonth): string;
  /** "Nov 3" / "3 nov" for a calendar date. */
  shortDay(day: string): string;
  /** Full years from a birth date to today (display zone); null when unknown. */
  age(birthdate: string | null | undefined): number | null;
}

/**
 * The one way a screen shows dates and instants (lib/calendar, docs/dates.md): formatters bound to
 * the current UI language (re-render on a language change) and to the display zone
 * (useDisplayZone), so every screen shows an instant the same way, in the same zone, labelled.
 */
export function useCalendar(): Calendar {
  const { i18n } = useTranslation();
  const lang = uiLang(i18n.language);
  const { timeZone, source } = useDisplayZone();
  const today = dayIn(timeZone);
  return useMemo<Calendar>(
    () => ({
      lang,
      timeZone,
      zoneSource: source,
      today,
      date: (v) => formatDate(v, lang),
      dateTime: (v) => formatDateTime(v, lang, timeZone),
      time: (v) => formatTime(v, lang, timeZone),
      timeOnDay: (v, day) => formatTimeOnDay(v, lang, timeZone, day),
      longDay: (v) => formatLongDay(v, lang, timeZone),
      longDateTime: (v) => formatLongDateTime(v, lang, timeZone),
      relative: (v, now) => formatRelative(v, lang, now),
      dayOf: (v) => dayIn(timeZone, v),
      dayBounds: (day) => dayBounds(day, timeZone),
      currentMonth: currentMonthIn(timeZone),
      isUpcomingMonth: (ym) => compareMonths(ym, currentMonthIn(timeZone)) > 0,
      isCurrentMonth: (ym) => compareMonths(ym, currentMonthIn(timeZone)) === 0,
      monthLabel: (ym) => monthLabel(ym, lang),
      monthText: (ym) => monthText(ym, lang),
      shortDay: (day) => shortDay(day, lang),
      age: (birthdate) => ageOn(birthdate, today),
    }),
    [lang, timeZone, source, today],
  );
}

/**
 * Today's date ('YYYY-MM-DD') in office `officeId`'s time zone (GET hospital/{id}, shared with
 * useOffice), the browser's today until the office is read. Dates the server refuses "in the
 * future" are checked in that calendar (api lib/office-calendar.ts).
 */
export function useOfficeToday(officeId: number | null | undefined): string {
  const office = useOffice(officeId);
  return dayIn(office.data?.timeZone);
}

/** The zone of office `officeId` (GET hospital/{id}); undefined until read. */
export function useOfficeZone(officeId: number | null | undefined): string | undefined {
  return useOffice(officeId).data?.timeZone;
}

/** A relative-time formatter bound to the current UI language ("5 minutes ago"). */
export function useRelativeTime(): (value: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback((value: string | null | undefined) => formatRelative(value, lang), [lang]);
}
