import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { billingRootKey, periodHeaders, type BillingMonth, type BillingScope } from './keys';

export const billingReportKey = (scope: BillingScope, period: BillingMonth) => [...billingRootKey, 'report', scope.kind, scope.id, period.year, period.month] as const;

/** GET admin/getbillingreport: the month's billable totals per code and per office. */
export const fetchBillingReport = (scope: BillingScope, period: BillingMonth) => call(billing.getBillingReport, { headers: periodHeaders(scope, period) });

export function useBillingReport(scope: BillingScope | null, period: BillingMonth) {
  return useQuery({
    queryKey: billingReportKey(scope ?? { kind: 'hospital', id: 0 }, period),
    queryFn: () => fetchBillingReport(scope!, period),
    enabled: !!scope,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
