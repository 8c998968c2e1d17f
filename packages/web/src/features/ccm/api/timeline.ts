import { keepPreviousData } from '@tanstack/react-query';
import { ccm, type CcmTimelineKind } from '@vigil/contract';
import { useEndpointQuery } from '../../../lib/endpoint-query';

/** GET ccmrecord/{id}/timeline: one page of the record's events, newest first, one kind or all (docs/ccm.md "Timeline"). */
export function useCcmTimeline(ccmRecordId: number, kind: CcmTimelineKind | null, page: number, pageSize: number) {
  return useEndpointQuery(
    ccm.getCcmRecordTimeline,
    { params: { id: ccmRecordId }, query: { page, pageSize, ...(kind ? { kind } : {}) } as never },
    // The sections' saves do not know this list: read it again whenever it is shown again.
    { placeholderData: keepPreviousData, refetchOnMount: 'always' },
  );
}
