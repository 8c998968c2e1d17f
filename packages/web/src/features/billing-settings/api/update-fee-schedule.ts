import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing, type UpdateFeeScheduleBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { feeScheduleKey } from './get-fee-schedule';
import { feesRootKey } from './keys';

/** PUT billing/updatefeeschedule (chosen, system admin): inserts or updates amounts of a year by code and locality. */
export const updateFeeSchedule = (body: UpdateFeeScheduleBody) => call(billing.updateFeeSchedule, { body });

export function useUpdateFeeSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateFeeSchedule,
    onSuccess: async (result) => {
      qc.setQueryData(feeScheduleKey(result.year), { year: result.year, items: result.items });
      await qc.invalidateQueries({ queryKey: feesRootKey });
    },
  });
}
