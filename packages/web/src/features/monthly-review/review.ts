/** US dollars from cents ('—' when unknown). */
export function money(cents: number | null | undefined, lang: string): string {
  if (cents === null || cents === undefined) { return '—'; }
  return new Intl.NumberFormat(lang.startsWith('en') ? 'en-US' : 'es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
