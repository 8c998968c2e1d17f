import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offices, type OfficeUpdate } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

/** PUT hospital/{id}: every editable field (a full replacement). */
export const updateOffice = ({ id, body }: { id: number; body: OfficeUpdate }) => call(offices.updateOffice, { params: { id }, body });

export function useUpdateOffice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateOffice, onSuccess: () => qc.invalidateQueries({ queryKey: officesRootKey }) });
}
