import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { billingDetailsKey } from './get-billing-details';
import { billingRootKey, type BillingMonth } from './keys';

/** GET billing/generateforpatientformonth: generates one patient's month now and answers the details with evidence. */
export const generateForPatient = ({ patientId, hospitalId, period }: { patientId: number; hospitalId: number; period: BillingMonth }) =>
  call(billing.generateForPatientForMonth, { headers: { patientid: patientId, hospitalid: hospitalId, month: period.month, year: period.year } });

export function useGenerateForPatient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateForPatient,
    onSuccess: async (details, { patientId, hospitalId, period }) => {
      qc.setQueryData(billingDetailsKey(patientId, hospitalId, period), details);
      await qc.invalidateQueries({ queryKey: billingRootKey });
    },
  });
}
