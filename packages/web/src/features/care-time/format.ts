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

/** The time marks of the care-management codes (billing-rules.md 1.2, 3: 10, 20, 40 and 60 minutes). */
export const MINUTE_MARKS = [10, 20, 40, 60] as const;

/** Seconds per program of finished entries (running timers have no seconds yet). */
export function secondsByProgram(entries: { program: CareProgram; seconds: number | null }[]): Map<CareProgram, number> {
  const out = new Map<CareProgram, number>();
  for (const e of entries) { if (e.seconds) { out.set(e.program, (out.get(e.program) ?? 0) + e.seconds); } }
  return out;
}
