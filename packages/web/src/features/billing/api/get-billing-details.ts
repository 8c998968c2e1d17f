import { useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { billingRootKey, type BillingMonth } from './keys';

export const billingDetailsKey = (patientId: number, hospitalId: number, period: BillingMonth) =>
  [...billingRootKey, 'details', patientId, hospitalId, period.year, period.month] as const;

/** GET billing/getbillingdetailsforpatientformonth: one patient's codes, produced and suppressed, with their evidence. */
export const fetchBillingDetails = (patientId: number, hospitalId: number, period: BillingMonth) =>
  call(billing.getBillingDetailsForPatientForMonth, { headers: { patientid: patientId, hospitalid: hospitalId, month: period.month, year: period.year } });

export function useBillingDetails(patientId: number, hospitalId: number, period: BillingMonth) {
  return useQuery({
    queryKey: billingDetailsKey(patientId, hospitalId, period),
    queryFn: () => fetchBillingDetails(patientId, hospitalId, period),
    retry: false,
  });
}
