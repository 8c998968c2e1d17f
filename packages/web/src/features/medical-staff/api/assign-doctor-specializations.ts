import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metadata } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

/** POST doctormetadata/assigndoctortomultiplespetializations: SPECIALIZATION_TYPE verifier ids, in one transaction. */
export const assignDoctorSpecializations = ({ doctorId, specializationIds }: { doctorId: number; specializationIds: number[] }) =>
  call(metadata.assignDoctorToMultipleSpecializations, { body: { doctorId, specializationIds } });

export function useAssignDoctorSpecializations() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assignDoctorSpecializations, onSuccess: () => qc.invalidateQueries({ queryKey: staffRootKey }) });
}
