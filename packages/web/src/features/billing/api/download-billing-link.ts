import { useMutation } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * GET billingcodelink/download (chosen): the file behind an e-mailed billing link, for the signed-in
 * user; an office link answers a CSV, an organization link a ZIP. 404 "This billing link is not
 * valid or has expired".
 */
export async function downloadBillingLink(token: string): Promise<void> {
  const blob = await callBlob(billing.downloadBillingCodeLink, { headers: { linktoken: token } });
  const isZip = blob.type.includes('zip');
  const today = new Date().toISOString().slice(0, 10);
  saveFile(blob, `billing-link-${today}.${isZip ? 'zip' : 'csv'}`);
}

export function useDownloadBillingLink() {
  return useMutation({ mutationFn: downloadBillingLink });
}
