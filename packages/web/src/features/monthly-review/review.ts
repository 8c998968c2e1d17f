/** A reading's calendar day where it was taken: its UTC instant moved by the offset the device reported ('+02:00'). */
export function readingDay(r: { measuredAt: string; measuredAtOffset: string }): string {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(r.measuredAtOffset);
  const offsetMin = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(Date.parse(r.measuredAt) + offsetMin * 60_000).toISOString().slice(0, 10);
}

/** 'YYYY-MM' as a month; null when not that. */
export function parseMonth(text: string | null): { year: number; month: number } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!m) { return null; }
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}

export const monthText = (ym: { year: number; month: number }) => `${ym.year}-${String(ym.month).padStart(2, '0')}`;

/** The first and last day of a month, 'YYYY-MM-DD'. */
export function monthDays(ym: { year: number; month: number }): { from: string; to: string } {
  const last = new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
  const m = String(ym.month).padStart(2, '0');
  return { from: `${ym.year}-${m}-01`, to: `${ym.year}-${m}-${String(last).padStart(2, '0')}` };
}

/** US dollars from cents ('—' when unknown). */
export function money(cents: number | null | undefined, lang: string): string {
  if (cents === null || cents === undefined) { return '—'; }
  return new Intl.NumberFormat(lang.startsWith('en') ? 'en-US' : 'es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
