import { keepPreviousData } from '@tanstack/react-query';
import { ccm, type CcmWorklistQuery } from '@vigil/contract';
import { useEndpointQuery } from '../../../lib/endpoint-query';

/** GET ccmrecord/worklist: one page of the office's CCM worklist for a month (server-side filter, search, sort, paging). */
export function useCcmWorklist(hospitalId: number | null, query: Partial<CcmWorklistQuery>) {
  return useEndpointQuery(ccm.getCcmWorklist, { headers: { hospitalid: hospitalId ?? 0 }, query: query as never }, { enabled: hospitalId !== null, placeholderData: keepPreviousData });
}

/** GET ccmrecord/getreportdataformonth: the office's monthly CCM report (every CCM patient of the office). */
export function useCcmMonthReport(hospitalId: number | null, year: number, month: number) {
  return useEndpointQuery(ccm.getCcmRecordReportDataForMonth, { headers: { hospitalid: hospitalId ?? 0, year, month } }, { enabled: hospitalId !== null });
}
