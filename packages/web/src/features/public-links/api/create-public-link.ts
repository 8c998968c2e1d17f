import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicLinks, type CreatePublicLinkBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { publicLinksRootKey } from './find-public-links';

/** POST publiclink: creates a link; the answer holds its URL, which the server never gives again. */
export const createPublicLink = (body: CreatePublicLinkBody) => call(publicLinks.createPublicLink, { body });

export function useCreatePublicLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPublicLink,
    onSuccess: () => qc.invalidateQueries({ queryKey: publicLinksRootKey }),
  });
}
