import dayjs from 'dayjs';
import 'dayjs/locale/es';
import enCommon from '../../../locales/en/common.json';
import esCommon from '../../../locales/es/common.json';
import type { BillingMonth } from '../api/period';

/**
 * US cents as dollars in the UI language ("$47.43" / "47,43 US$"). A missing amount (the fee
 * schedule has none for the code and year; the API sends null) reads "no amount loaded" / "sin
 * importe cargado", never $0.00 (docs/billing-engine.md "Amounts").
 */
export function formatMoney(cents: number | null | undefined, lang: string): string {
  if (cents === null || cents === undefined) { return (lang.startsWith('en') ? enCommon : esCommon).money.notLoaded; }
  return new Intl.NumberFormat(lang.startsWith('en') ? 'en-US' : 'es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Seconds as the spec's billing time format MM:SS (minutes are not wrapped into hours: 125:30). */
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The current calendar month (spec: the billing month defaults to the current YYYY-MM). */
export function currentMonth(): BillingMonth {
  const now = dayjs();
  return { year: now.year(), month: now.month() + 1 };
}

export const monthValue = (p: BillingMonth) => `${p.year}-${String(p.month).padStart(2, '0')}`;

/** 'YYYY-MM' to a month; null when malformed. */
export function parseMonth(value: string | null | undefined): BillingMonth | null {
  const m = value?.match(/^(\d{4})-(0[1-9]|1[0-2])$/);
  return m ? { year: Number(m[1]), month: Number(m[2]) } : null;
}

/** Whether a month is still to come (CSV cannot be downloaded for upcoming months, spec section 5). */
export function isUpcoming(p: BillingMonth): boolean {
  const now = currentMonth();
  return p.year > now.year || (p.year === now.year && p.month > now.month);
}

export const isCurrent = (p: BillingMonth) => monthValue(p) === monthValue(currentMonth());

/** "noviembre de 2026" / "November 2026", for use inside a sentence. */
export function monthText(p: BillingMonth, lang: string): string {
  return dayjs(`${monthValue(p)}-01`)
    .locale(lang.startsWith('en') ? 'en' : 'es')
    .format(lang.startsWith('en') ? 'MMMM YYYY' : 'MMMM [de] YYYY');
}

/** "Noviembre de 2026" / "November 2026", standing alone (a label, a title). */
export function monthLabel(p: BillingMonth, lang: string): string {
  const text = monthText(p, lang);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A date (YYYY-MM-DD) as a short day ("3 nov" / "Nov 3"). */
export function shortDay(day: string, lang: string): string {
  const d = dayjs(day);
  return d.isValid() ? d.locale(lang.startsWith('en') ? 'en' : 'es').format(lang.startsWith('en') ? 'MMM D' : 'D MMM') : day;
}

/** Colors with white text at AA contrast, one per program. */
export const programColor: Record<string, string> = {
  RPM: 'teal.9',
  RTM: 'blue.9',
  CCM: 'grape.9',
  PCM: 'indigo.9',
  APCM: 'cyan.9',
  BHI: 'violet.9',
  CPM: 'pink.9',
};

/** A dark orange with white text at AA contrast (Mantine's orange.9 is below it). */
export const AT_RISK_COLOR = '#b34400';
