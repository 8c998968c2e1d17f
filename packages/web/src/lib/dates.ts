import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

/**
 * A date (YYYY-MM-DD or ISO 8601) in the UI language's medium format ("28 abr 1991" / "Apr 28, 1991");
 * '' for a missing or unreadable value. Date-only values are read as calendar dates, not instants.
 */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) { return ''; }
  const d = dayjs(value);
  return d.isValid() ? d.locale(lang.startsWith('en') ? 'en' : 'es').format('ll') : '';
}

/** As formatDate, with the time ("28 abr 1991 14:05"). */
export function formatDateTime(value: string | null | undefined, lang: string): string {
  if (!value) { return ''; }
  const d = dayjs(value);
  return d.isValid() ? d.locale(lang.startsWith('en') ? 'en' : 'es').format('lll') : '';
}

/**
 * Today's calendar date ('YYYY-MM-DD') in IANA zone `timeZone`, or in the browser's calendar when
 * no zone is known yet. The server checks "not in the future" against the office's calendar
 * (api lib/office-calendar.ts), so a form that defaults or caps a date with today uses the office's
 * zone: at 20:00 in New York a browser set to UTC is already on tomorrow.
 */
export function todayIn(timeZone?: string | null): string {
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    } catch {
      // An unknown zone falls back to the browser's calendar.
    }
  }
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Full years between a birth date (YYYY-MM-DD) and today; null when unknown. */
export function ageFrom(birthdate: string | null | undefined): number | null {
  if (!birthdate) { return null; }
  const d = dayjs(birthdate);
  return d.isValid() ? dayjs().diff(d, 'year') : null;
}

/** The date formatters bound to the current UI language (re-render on language change). */
export function useDates() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    date: (value: string | null | undefined) => formatDate(value, lang),
    dateTime: (value: string | null | undefined) => formatDateTime(value, lang),
  };
}
