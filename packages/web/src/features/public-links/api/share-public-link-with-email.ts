import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicLinks, type SharePublicLinkBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { publicLinksRootKey } from './find-public-links';

/** POST publiclink/sharelinkwithemail: creates a link and e-mails it in the chosen language; the URL is answered too. */
export const sharePublicLinkWithEmail = (body: SharePublicLinkBody) => call(publicLinks.sharePublicLinkWithEmail, { body });

export function useSharePublicLinkWithEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sharePublicLinkWithEmail,
    onSuccess: () => qc.invalidateQueries({ queryKey: publicLinksRootKey }),
  });
}
