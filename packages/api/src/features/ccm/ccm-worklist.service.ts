import { CCM_MINUTE_MARKS, type CcmRecord, type ccmWorklistSortFields, type CcmWorklistQuery } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { pageOffset, parseSort } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import { addDays, localTimeToInstant, localYearMonth, officeTimeZone } from '../../lib/office-calendar';
import { chronicConditionsForPatients } from '../diagnoses/index';
import { findWorklistPage } from './ccm-report.repo';
import { tenantDb } from '../../db/handles';

/**
 * `GET ccmrecord/worklist`: the office's CCM worklist for a month (default: the office's current
 * month in its time zone): each patient's latest CCM record with the month's CCM minutes from the
 * time log counted once, consent on file and care plan review (the monthly report's rows), kept by
 * `filter` and the name `search`, sorted (default: fewest minutes first, then name) and paged in
 * PostgreSQL (`findWorklistPage`), so a large office sends one page. 404 for an office out of scope.
 */
export async function worklist(ctx: AppContext, scope: Scope, hospitalId: number, q: CcmWorklistQuery, now: Date = new Date()) {
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  const tz = officeTimeZone(office.timeZone);
  const current = localYearMonth(now, tz);
  const year = q.year ?? current.year;
  const month = q.month ?? current.month;
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const lastDay = addDays(next, -1);
  const { field, descending } = parseSort<(typeof ccmWorklistSortFields)[number]>(q.sort as never, 'minutes');
  const { rows, total } = await findWorklistPage(tenantDb(scope, ctx.db), hospitalId, lastDay, localTimeToInstant(first, '00:00', tz), localTimeToInstant(next, '00:00', tz), CCM_MINUTE_MARKS[0], {
    filter: q.filter,
    search: q.search,
    sort: field,
    descending,
    limit: q.pageSize,
    offset: pageOffset(q),
  });
  const chronic = await chronicConditionsForPatients(scope, ctx.db, rows.map((r) => r.patientId));
  const items = rows.map(({ seconds, interactiveSeconds, ...r }) => {
    const minutes = Math.floor(seconds / 60);
    return {
      ...r,
      chronicConditions: chronic.get(r.patientId)?.length ?? 0,
      complexDecisionMaking: r.complexDecisionMaking as CcmRecord['complexDecisionMaking'],
      minutes,
      interactiveMinutes: Math.floor(interactiveSeconds / 60),
      markReached: [...CCM_MINUTE_MARKS].reverse().find((m) => minutes >= m) ?? 0,
      carePlanReviewDue: r.carePlanReviewDate !== null && r.carePlanReviewDate <= lastDay,
    };
  });
  return { items, total, page: q.page, pageSize: q.pageSize, month, year };
}
