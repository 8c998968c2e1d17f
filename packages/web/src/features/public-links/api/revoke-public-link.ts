import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicLinks } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { publicLinksRootKey } from './find-public-links';

/** DELETE publiclink/{id}: the link stops working at once. */
export const revokePublicLink = (id: number) => call(publicLinks.revokePublicLink, { params: { id } });

export function useRevokePublicLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokePublicLink,
    onSuccess: () => qc.invalidateQueries({ queryKey: publicLinksRootKey }),
  });
}
