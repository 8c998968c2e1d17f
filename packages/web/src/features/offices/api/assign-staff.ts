import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offices, type OfficeUsersBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

/** POST hospital/assignmultipleuserstohospital: several users in one transaction. */
export const assignStaff = (body: OfficeUsersBody) => call(offices.assignMultipleUsersToOffice, { body });

export function useAssignStaff() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assignStaff, onSuccess: () => qc.invalidateQueries({ queryKey: officesRootKey }) });
}
