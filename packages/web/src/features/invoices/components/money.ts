/** Cents as money in the reader's language ('$1,234.56' / '1234,56 US$'), from integers (no float arithmetic on amounts). */
export function formatCents(cents: number, lang: string): string {
  const en = lang.startsWith('en');
  const whole = new Intl.NumberFormat(en ? 'en-US' : 'es-US', { maximumFractionDigits: 0 }).format(Math.trunc(Math.abs(cents) / 100));
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const sign = cents < 0 ? '-' : '';
  return en ? `${sign}$${whole}.${fraction}` : `${sign}${whole},${fraction} US$`;
}

/** A typed dollar amount (at most two decimals) as whole cents. */
export const toCents = (dollars: number | string): number => Math.round(Number(dollars) * 100);
