import { useMutation } from '@tanstack/react-query';
import { ccm } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';

/** Saves `blob` as a download named `fileName`. */
function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET ccmcareplan/getcareplanpdf: downloads the care plan's PDF (in the patient's language). */
export function useDownloadCarePlanPdf() {
  return useMutation({
    mutationFn: async (id: number) => download(await callBlob(ccm.getCcmCarePlanPdf, { headers: { careplanid: id } }), `care-plan-${id}.pdf`),
  });
}

/** GET ccmrecord/getreportpdfformonth: downloads the office's monthly CCM report as a PDF. */
export function useDownloadCcmReportPdf() {
  return useMutation({
    mutationFn: async ({ hospitalId, year, month }: { hospitalId: number; year: number; month: number }) =>
      download(await callBlob(ccm.getCcmReportPdf, { headers: { hospitalid: hospitalId, year, month } }), `ccm-report-${year}-${String(month).padStart(2, '0')}.pdf`),
  });
}
