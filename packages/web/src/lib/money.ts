import enCommon from '../locales/en/common.json';
import esCommon from '../locales/es/common.json';

/**
 * US cents as dollars in the UI language ("$47.43" / "47,43 US$"). A missing amount (the fee
 * schedule has none for the code and year; the API sends null) reads "no amount loaded" / "sin
 * importe cargado", never $0.00 (docs/billing-engine.md "Amounts"). Used by billing and the
 * dashboards alike.
 */
export function formatMoney(cents: number | null | undefined, lang: string): string {
  if (cents === null || cents === undefined) { return (lang.startsWith('en') ? enCommon : esCommon).money.notLoaded; }
  return new Intl.NumberFormat(lang.startsWith('en') ? 'en-US' : 'es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
