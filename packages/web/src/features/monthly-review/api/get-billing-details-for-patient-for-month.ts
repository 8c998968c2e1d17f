import { useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { monthlyReviewRootKey } from './keys';

/**
 * GET billing/getbillingdetailsforpatientformonth: every code produced and every candidate
 * suppressed, with the reason and the evidence (reading days, time, notes, interactive contact,
 * practitioner); a live preview while the month is not generated.
 */
export const fetchBillingDetails = (patientId: number, hospitalId: number, year: number, month: number) =>
  call(billing.getBillingDetailsForPatientForMonth, { headers: { patientid: patientId, hospitalid: hospitalId, year, month } });

export function useBillingDetails(patientId: number | null, hospitalId: number, year: number, month: number, enabled: boolean) {
  return useQuery({
    queryKey: [...monthlyReviewRootKey, 'billing', patientId, hospitalId, year, month],
    queryFn: () => fetchBillingDetails(patientId!, hospitalId, year, month),
    enabled: enabled && !!patientId && hospitalId > 0,
    retry: false,
  });
}
