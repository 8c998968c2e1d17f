import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offices, type OfficeUserBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

/** DELETE hospital/deassigmedicalstafffromhospitalv2: removes a member from the office and its medical teams. */
export const deassignStaff = (body: OfficeUserBody) => call(offices.deassignMedicalStaffFromOfficeV2, { body });

export function useDeassignStaff() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deassignStaff, onSuccess: () => qc.invalidateQueries({ queryKey: officesRootKey }) });
}
