/** US cents in the UI language, "no amount loaded" for null (lib/money.ts, shared with the dashboards). */
export { formatMoney } from '../../../lib/money';

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
