/**
 * Licence rules, pure (docs/licenses.md): facts in, answer out, no database.
 * A licence is valid through its expiration date in its office's time zone (lib/office-calendar.ts):
 * it expires at the first instant of the next local day.
 */
import { addDays, localDateOf, officeTimeZone, startOfLocalDay } from '../../lib/office-calendar';

/** The instant a licence expiring on `expirationDate` ('YYYY-MM-DD') ends, in the office's `timeZone`: the next local midnight. */
export function licenseExpiresAt(expirationDate: string, timeZone: string): Date {
  return startOfLocalDay(addDays(expirationDate, 1), officeTimeZone(timeZone));
}

/** Whether a licence expiring on `expirationDate` has expired at `now` in the office's `timeZone`. */
export function isLicenseExpired(expirationDate: string, timeZone: string, now: Date): boolean {
  return licenseExpiresAt(expirationDate, timeZone).getTime() <= now.getTime();
}

/**
 * The latest expiration date that may have expired at `now` in any time zone (UTC+14 is the
 * earliest local day): the expiry job reads licences up to this date and decides each in its
 * office's zone.
 */
export function latestPossiblyExpiredDate(now: Date): string {
  return addDays(localDateOf(now, 'Pacific/Kiritimati'), -1);
}
