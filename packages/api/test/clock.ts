import timekeeper from 'timekeeper';
import { afterAll, beforeAll } from 'vitest';

/**
 * The tests' clock (docs/architecture.md "Tests and CI", "Clock"). The product reads "today" from
 * `Date` (a patient's month, a device period, a survey's due date, an office's day in its time
 * zone), so a test that depends on the day sets the day instead of taking the machine's.
 *
 * `setTestClock(iso)` replaces `Date` only, with timekeeper's travel mode: `Date` starts at `iso`
 * and runs on at the real pace, also while the process is busy (timers, `performance` and I/O
 * stay real, so Fastify, pg-boss, sockets and the database driver behave as usual). PGlite
 * reads the same `Date`, so SQL `now()` follows it on the embedded database; on PostgreSQL, SQL
 * `now()` stays the server's (the product computes every calendar rule in the API, not in SQL).
 */
export function setTestClock(iso: string): void {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) { throw new Error(`setTestClock: not an instant: ${iso}`); }
  timekeeper.travel(at);
}

/** Back to the run's clock (`VIGIL_TEST_NOW`, running on from that instant) or, without one, the machine's. */
export function restoreClock(): void {
  const at = runClock();
  if (at) { setTestClock(at); }
  else { timekeeper.reset(); }
}

/**
 * For a whole test file: the clock at `iso` from this call (so the file's module-level code after
 * it sees it too) and again from before its first `beforeAll` (the file's own hooks run after the
 * setup file's) until after its last test, then back to the run's clock.
 */
export function useTestClock(iso: string): void {
  setTestClock(iso);
  beforeAll(() => setTestClock(iso));
  afterAll(() => restoreClock());
}

/**
 * The instant the run pins for tests that use "now" without a clock of their own:
 * `VIGIL_TEST_NOW` (an ISO instant), set by CI's date lanes (scripts/test.mjs) to a month's first
 * and last day and to the days of a daylight-saving change; undefined otherwise.
 */
export function runClock(): string | undefined {
  const v = process.env.VIGIL_TEST_NOW;
  return v && v.trim() !== '' ? v.trim() : undefined;
}
