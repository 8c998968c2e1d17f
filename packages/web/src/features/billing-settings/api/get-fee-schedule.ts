import { useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { feesRootKey } from './keys';

export const feeScheduleKey = (year: number) => [...feesRootKey, year] as const;

/** GET billing/getfeeschedule (chosen): the payment amounts (cents) of a year by code and locality. */
export const fetchFeeSchedule = (year: number) => call(billing.getFeeSchedule, { query: { year } });

export function useFeeSchedule(year: number) {
  return useQuery({ queryKey: feeScheduleKey(year), queryFn: () => fetchFeeSchedule(year) });
}
