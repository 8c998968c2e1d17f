/**
 * Bilingual reasons for codes produced or not (docs/billing-engine.md: every code carries its
 * evidence, and every code not produced says why). English first, Spanish second.
 */
import type { BilingualText } from './settings';
import { formatMmSs } from './dates';

export const t = (en: string, es: string): BilingualText => ({ en, es });

/** "12 minutes" / "12 minutos" from seconds (whole minutes, floor; 1 minute singular). */
export function minutesText(seconds: number): BilingualText {
  const m = Math.floor(seconds / 60);
  return t(`${m} minute${m === 1 ? '' : 's'} (${formatMmSs(seconds)})`, `${m} minuto${m === 1 ? '' : 's'} (${formatMmSs(seconds)})`);
}

/** "1 reading day" / "1 día con lecturas". */
export function daysText(days: number): BilingualText {
  return t(`${days} reading day${days === 1 ? '' : 's'}`, `${days} día${days === 1 ? '' : 's'} con lecturas`);
}

const programEs: Record<string, string> = {
  RPM: 'RPM',
  RTM: 'RTM',
  CCM: 'CCM',
  PCM: 'PCM',
  APCM: 'APCM',
  BHI: 'BHI',
  COCM: 'CoCM',
  CPM: 'manejo del dolor crónico',
};
const programEn: Record<string, string> = { ...programEs, CPM: 'chronic pain management' };

/** The program's name in a sentence. */
export const programName = (p: string): BilingualText => t(programEn[p] ?? p, programEs[p] ?? p);
