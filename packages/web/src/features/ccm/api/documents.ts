import { useMutation } from '@tanstack/react-query';
import { ccm } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET ccmcareplan/getcareplanpdf: downloads the care plan's PDF (in the patient's language). */
export function useDownloadCarePlanPdf() {
  return useMutation({
    mutationFn: async (id: number) => saveFile(await callBlob(ccm.getCcmCarePlanPdf, { headers: { careplanid: id } }), `care-plan-${id}.pdf`),
  });
}

/** GET ccmrecord/getreportpdfformonth: downloads the office's monthly CCM report as a PDF. */
export function useDownloadCcmReportPdf() {
  return useMutation({
    mutationFn: async ({ hospitalId, year, month }: { hospitalId: number; year: number; month: number }) =>
      saveFile(await callBlob(ccm.getCcmReportPdf, { headers: { hospitalid: hospitalId, year, month } }), `ccm-report-${year}-${String(month).padStart(2, '0')}.pdf`),
  });
}
