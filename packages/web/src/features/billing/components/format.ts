import enCommon from '../../../locales/en/common.json';
import esCommon from '../../../locales/es/common.json';

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
