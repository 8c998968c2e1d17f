import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing, type CreateBillingCodeLinkBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { currentLang } from '../../../lib/i18n';
import { billingRootKey } from './keys';

/**
 * POST billingcodelink then POST billingcodelink/sendemail: a link to the billing file of an office
 * or organization for a month, e-mailed to its recipient (who signs in to download it).
 */
export async function sendBillingLink(body: CreateBillingCodeLinkBody) {
  const link = await call(billing.createBillingCodeLink, { body });
  return call(billing.sendBillingCodeLinkEmail, { headers: { billingcodelinkid: link.id }, body: { lang: currentLang() } });
}

export function useSendBillingLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendBillingLink,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...billingRootKey, 'links'] }),
  });
}
