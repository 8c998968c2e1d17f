import dayjs from 'dayjs';

/** A date and time in the UI language ('21/11/2026 13:04' / '11/21/2026 1:04 PM'). */
export function formatDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) { return '—'; }
  const d = dayjs(iso);
  if (!d.isValid()) { return iso; }
  return new Intl.DateTimeFormat(lang.startsWith('en') ? 'en-US' : 'es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(d.toDate());
}

/** A duration in seconds or milliseconds ('3.3 s', '850 ms'). */
export function formatDuration(ms: number, lang: string): string {
  if (ms < 1000) { return `${ms} ms`; }
  return `${(ms / 1000).toLocaleString(lang.startsWith('en') ? 'en-US' : 'es-ES', { maximumFractionDigits: 1 })} s`;
}
