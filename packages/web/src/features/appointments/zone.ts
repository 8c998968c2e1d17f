/**
 * Wall-clock times in an office's IANA zone, in the browser (the server's counterpart is
 * api lib/office-calendar.ts; the same 'compatible' rule: a skipped time moves forward).
 */
function offsetMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  const f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  for (const p of f.formatToParts(new Date(instant))) { if (p.type !== 'literal') { parts[p.type] = Number(p.value); } }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(instant / 1000) * 1000;
}

/** The ISO instant at which `timeZone` shows `date` ('YYYY-MM-DD') `time` ('HH:mm'). */
export function instantOfWallTime(date: string, time: string, timeZone: string): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  return new Date(second).toISOString();
}

