import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { feeScheduleKey } from './get-fee-schedule';
import { feesRootKey } from './keys';

/**
 * POST billing/uploadfeeschedule (chosen, system admin): a fee-schedule CSV (multipart field "file",
 * at most 1 MB; columns code, amount in dollars or amountCents, locality?, description?) for a year.
 */
export function uploadFeeSchedule({ year, file }: { year: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return call(billing.uploadFeeSchedule, { query: { year }, form });
}

export function useUploadFeeSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadFeeSchedule,
    onSuccess: async (result) => {
      qc.setQueryData(feeScheduleKey(result.year), { year: result.year, items: result.items });
      await qc.invalidateQueries({ queryKey: feesRootKey });
    },
  });
}
