import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { relatedRootKeys, staffRootKey } from './keys';

/** DELETE hospital/deassigmedicalstafffromhospitalv2: removes a member from the office and from its medical teams. */
export const deassignStaff = ({ hospitalId, userId }: { hospitalId: number; userId: number }) =>
  call(offices.deassignMedicalStaffFromOfficeV2, { body: { hospitalId, userId } });

export function useDeassignStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deassignStaff,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: staffRootKey });
      for (const key of relatedRootKeys) await qc.invalidateQueries({ queryKey: key });
    },
  });
}
