import { useMutation } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { slug, ym } from './file-name';
import type { BillingMonth } from './period';

/**
 * GET billing/generatemultiplecsvhospitalpatientsformonthV2: the office's billing CSV for the month,
 * saved as billing-YYYY-MM-office-<id>-<name>.csv (docs/billing-csv.md). 400 for an upcoming month.
 */
export async function downloadOfficeCsv({ hospitalId, hospitalName, period }: { hospitalId: number; hospitalName: string; period: BillingMonth }) {
  const blob = await callBlob(billing.generateMultipleCsvHospitalPatientsForMonthV2, {
    headers: { hospitalid: hospitalId, month: period.month, year: period.year },
  });
  saveFile(blob, `billing-${ym(period.year, period.month)}-office-${hospitalId}-${slug(hospitalName)}.csv`);
}

export function useDownloadOfficeCsv() {
  return useMutation({ mutationFn: downloadOfficeCsv });
}
