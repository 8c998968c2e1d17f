import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** POST hub/{id}/credential (chosen endpoint): issues or rotates the hub's ingestion credential, answered once. */
export const issueHubCredential = (id: number) => call(devices.issueHubCredential, { params: { id } });

export function useIssueHubCredential() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: issueHubCredential, onSuccess: () => qc.invalidateQueries({ queryKey: devicesRootKey }) });
}
