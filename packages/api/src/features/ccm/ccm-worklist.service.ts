import { CCM_MINUTE_MARKS, type ccmWorklistSortFields, type CcmWorklistQuery } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { pageOffset, parseSort } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import { localYearMonth, officeTimeZone } from '../../lib/office-calendar';
import { monthReport } from './ccm-records.service';

type Row = Awaited<ReturnType<typeof monthReport>>['rows'][number];

/** What each worklist filter keeps (docs/ccm.md "Worklist"). */
const filters: Record<CcmWorklistQuery['filter'], (r: Row) => boolean> = {
  all: () => true,
  consentMissing: (r) => !r.consentOnFile,
  reviewDue: (r) => r.carePlanReviewDue || r.carePlanReviewDate === null,
  belowFirstMark: (r) => r.minutes < CCM_MINUTE_MARKS[0],
};

/** Sort values; a missing review date sorts first ascending (nothing planned is the most urgent). */
const sortValue: Record<(typeof ccmWorklistSortFields)[number], (r: Row) => string | number> = {
  lastName: (r) => `${r.lastName.toLocaleLowerCase('es')}\u0000${r.firstName.toLocaleLowerCase('es')}`,
  minutes: (r) => r.minutes,
  recordDate: (r) => r.recordDate,
  carePlanReviewDate: (r) => r.carePlanReviewDate ?? '',
};

/**
 * `GET ccmrecord/worklist`: the office's CCM worklist for a month (default: the office's current
 * month in its time zone): the rows of the monthly report (each patient's latest CCM record, the
 * month's CCM minutes from the time log counted once, consent on file, care plan review), kept by
 * `filter` and the name `search`, sorted (default: fewest minutes first, then name) and paged on
 * the server. The office's rows are one report's worth (its CCM patients), so they are filtered
 * in memory after the report's three batch reads. 404 for an office out of scope.
 */
export async function worklist(ctx: AppContext, scope: Scope, hospitalId: number, q: CcmWorklistQuery, now: Date = new Date()) {
  const office = await getOfficeInScope(scope, ctx.db, hospitalId);
  if (!office) throw AppError.notFound();
  const current = localYearMonth(now, officeTimeZone(office.timeZone));
  const year = q.year ?? current.year;
  const month = q.month ?? current.month;
  const report = await monthReport(ctx, scope, hospitalId, year, month);
  const search = q.search?.toLocaleLowerCase('es') ?? '';
  const kept = report.rows.filter((r) => filters[q.filter](r) && (!search || `${r.firstName} ${r.lastName}`.toLocaleLowerCase('es').includes(search)));
  const { field, descending } = parseSort<(typeof ccmWorklistSortFields)[number]>(q.sort as never, 'minutes');
  const key = sortValue[field];
  const byName = sortValue.lastName;
  kept.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return (descending ? -c : c) || (byName(a) < byName(b) ? -1 : byName(a) > byName(b) ? 1 : a.patientId - b.patientId);
  });
  return { items: kept.slice(pageOffset(q), pageOffset(q) + q.pageSize), total: kept.length, page: q.page, pageSize: q.pageSize, month, year };
}
