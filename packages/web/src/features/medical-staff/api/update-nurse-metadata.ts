import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metadata, type UpdateNurseMetadataBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

/** PUT nursemetadata/updatemetadatafornurse: the nurse's licence; created when missing. */
export const updateNurseMetadata = ({ nurseId, body }: { nurseId: number; body: UpdateNurseMetadataBody }) =>
  call(metadata.updateMetadataForNurse, { headers: { nurseid: nurseId }, body });

export function useUpdateNurseMetadata() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateNurseMetadata, onSuccess: () => qc.invalidateQueries({ queryKey: staffRootKey }) });
}
