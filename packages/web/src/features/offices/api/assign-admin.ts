import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offices, type OfficeUserBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

/** POST hospital/assignadmintohospital: an office admin (role 6) becomes an admin of the office. */
export const assignAdmin = (body: OfficeUserBody) => call(offices.assignAdminToOffice, { body });

export function useAssignAdmin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assignAdmin, onSuccess: () => qc.invalidateQueries({ queryKey: officesRootKey }) });
}
