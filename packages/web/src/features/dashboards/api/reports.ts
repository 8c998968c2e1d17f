import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { dashboards, type ReportSection } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { useEndpointQuery } from '../../../lib/endpoint-query';
import { saveFile } from '../../../lib/save-file';

/** The report's filters: the organization (undefined: the caller's own, or every one for a system admin) and the months. */
export interface ReportFilters {
  organizationid?: number;
  from: string;
  to: string;
}

const baseName = (f: ReportFilters) => `vigil-report-${f.organizationid ?? 'all'}-${f.from}-${f.to}`;

/** GET report/getbusinessreport (docs/dashboards.md "Reports"). */
export function useBusinessReport(filters: ReportFilters, enabled: boolean) {
  return useEndpointQuery(dashboards.getBusinessReport, { query: filters }, { enabled, placeholderData: keepPreviousData });
}

/** GET report/exportbusinessreportcsv: one section as CSV. */
export function useExportReportCsv() {
  return useMutation({
    mutationFn: async (input: ReportFilters & { section: ReportSection }) => saveFile(await callBlob(dashboards.exportBusinessReportCsv, { query: input }), `${baseName(input)}-${input.section}.csv`),
  });
}

/** GET report/exportbusinessreportpdf: the whole report as a PDF in the user's language. */
export function useExportReportPdf() {
  return useMutation({
    mutationFn: async (input: ReportFilters) => saveFile(await callBlob(dashboards.exportBusinessReportPdf, { query: input }), `${baseName(input)}.pdf`),
  });
}
