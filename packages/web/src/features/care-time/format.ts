import { carePrograms, isCareProgramEnabled, type CareProgram, type CareProgramSwitches } from '@vigil/contract';

/** Seconds as the spec's MM:SS (minutes are not capped at 59: 7200 s is "120:00"). */
export function formatMmSs(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(seconds ?? 0));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** "MM:SS" (or "M:SS", up to 3 digits of minutes) as seconds; null when it is not that format. */
export function parseMmSs(text: string): number | null {
  const m = /^\s*(\d{1,3}):([0-5]\d)\s*$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The programs an office offers (RPM, RTM and CCM follow its switches; the others are always offered). */
export function enabledPrograms(office: CareProgramSwitches | undefined): CareProgram[] {
  if (!office) { return []; }
  return carePrograms.filter((p) => isCareProgramEnabled(office, p));
}

/** The calendar date 'YYYY-MM-DD' of an instant in an IANA time zone (the office's; the browser's when unknown). */
export function dayIn(timeZone: string | undefined, at: Date | string = new Date()): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  }
}

/** A calendar month. */
export interface YearMonth {
  year: number;
  month: number;
}

/** The current calendar month in a time zone. */
export function currentMonthIn(timeZone: string | undefined): YearMonth {
  const [y, m] = dayIn(timeZone).split('-').map(Number);
  return { year: y!, month: m! };
}

export function shiftMonth(ym: YearMonth, delta: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month;

/** "April 2026" / "Abril de 2026". */
export function monthLabel(ym: YearMonth, lang: string): string {
  const text = new Intl.DateTimeFormat(lang.startsWith('en') ? 'en-US' : 'es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(ym.year, ym.month - 1, 1)),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The time marks of the care-management codes (billing-rules.md 1.2, 3: 10, 20, 40 and 60 minutes). */
export const MINUTE_MARKS = [10, 20, 40, 60] as const;

/** Seconds per program of finished entries (running timers have no seconds yet). */
export function secondsByProgram(entries: { program: CareProgram; seconds: number | null }[]): Map<CareProgram, number> {
  const out = new Map<CareProgram, number>();
  for (const e of entries) { if (e.seconds) { out.set(e.program, (out.get(e.program) ?? 0) + e.seconds); } }
  return out;
}
