import { useMutation } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { slug, ym } from './file-name';
import type { BillingMonth } from './period';

/**
 * GET billing/generatemultiplecsvorganizationpatientsformonthV2: a ZIP with one CSV per office of the
 * organization, saved as billing-YYYY-MM-organization-<id>-<name>.zip (docs/billing-csv.md).
 */
export async function downloadOrganizationZip({
  organizationId,
  organizationName,
  period,
}: {
  organizationId: number;
  organizationName: string;
  period: BillingMonth;
}) {
  const blob = await callBlob(billing.generateMultipleCsvOrganizationPatientsForMonthV2, {
    headers: { organizationid: organizationId, month: period.month, year: period.year },
  });
  saveFile(blob, `billing-${ym(period.year, period.month)}-organization-${organizationId}-${slug(organizationName)}.zip`);
}

export function useDownloadOrganizationZip() {
  return useMutation({ mutationFn: downloadOrganizationZip });
}
