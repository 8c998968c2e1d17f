import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { billingRootKey } from './keys';

export interface ReadinessQuery {
  page: number;
  pageSize: number;
  atRiskOnly: boolean;
}

export const billingReadinessKey = (hospitalId: number, q: ReadinessQuery) => [...billingRootKey, 'readiness', hospitalId, q] as const;

/** GET billing/getbillingreadiness (chosen): the office's monitored patients in the current period, at-risk patients first. */
export const fetchBillingReadiness = (hospitalId: number, q: ReadinessQuery) =>
  call(billing.getBillingReadiness, {
    headers: { hospitalid: hospitalId },
    query: { page: q.page, pageSize: q.pageSize, atRiskOnly: q.atRiskOnly ? 'true' : undefined },
  });

/** Readings and time arrive all day: the figures refresh every 5 minutes. */
export function useBillingReadiness(hospitalId: number | null, q: ReadinessQuery) {
  return useQuery({
    queryKey: billingReadinessKey(hospitalId ?? 0, q),
    queryFn: () => fetchBillingReadiness(hospitalId!, q),
    enabled: hospitalId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 5 * 60_000,
  });
}
