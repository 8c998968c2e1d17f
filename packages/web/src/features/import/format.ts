/** A duration in seconds or milliseconds ('3.3 s', '850 ms'). */
export function formatDuration(ms: number, lang: string): string {
  if (ms < 1000) { return `${ms} ms`; }
  return `${(ms / 1000).toLocaleString(lang.startsWith('en') ? 'en-US' : 'es-ES', { maximumFractionDigits: 1 })} s`;
}
