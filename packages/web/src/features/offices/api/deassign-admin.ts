import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offices, type OfficeUserBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

/** POST hospital/deassignadminfromhospital: removes an office admin from the office. */
export const deassignAdmin = (body: OfficeUserBody) => call(offices.deassignAdminFromOffice, { body });

export function useDeassignAdmin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deassignAdmin, onSuccess: () => qc.invalidateQueries({ queryKey: officesRootKey }) });
}
