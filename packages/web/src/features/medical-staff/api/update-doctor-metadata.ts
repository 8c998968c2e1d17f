import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metadata, type UpdateDoctorMetadataBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

/** PUT doctormetadata/updatemetadatafordoctor: licence and NPI (CMS check digit); created when missing. */
export const updateDoctorMetadata = ({ doctorId, body }: { doctorId: number; body: UpdateDoctorMetadataBody }) =>
  call(metadata.updateMetadataForDoctor, { headers: { doctorid: doctorId }, body });

export function useUpdateDoctorMetadata() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateDoctorMetadata, onSuccess: () => qc.invalidateQueries({ queryKey: staffRootKey }) });
}
