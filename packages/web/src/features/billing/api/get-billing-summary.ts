import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import type { PageState } from '../../../components/ServerTable';
import { billingRootKey, periodHeaders, type BillingMonth, type BillingScope } from './keys';

export const billingSummaryKey = (scope: BillingScope, period: BillingMonth, state: PageState) =>
  [...billingRootKey, 'summary', scope.kind, scope.id, period.year, period.month, state] as const;

/** GET billing/getbillingsummaryforallpatientsformonthv3: the month's summary of every patient of an office or organization, paged. */
export const fetchBillingSummary = (scope: BillingScope, period: BillingMonth, state: PageState) =>
  call(billing.getBillingSummaryForAllPatientsForMonthV3, {
    headers: periodHeaders(scope, period),
    query: { page: state.page, pageSize: state.pageSize, sort: state.sort as never, search: state.search || undefined },
  });

export function useBillingSummary(scope: BillingScope | null, period: BillingMonth, state: PageState) {
  return useQuery({
    queryKey: billingSummaryKey(scope ?? { kind: 'hospital', id: 0 }, period, state),
    queryFn: () => fetchBillingSummary(scope!, period, state),
    enabled: !!scope,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
