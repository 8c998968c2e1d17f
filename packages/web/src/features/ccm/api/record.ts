import { ccm } from '@vigil/contract';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/** What a change of the record itself makes stale: its lists, the record and the office report. */
const recordReads = [ccm.getCcmRecordsByPatientId, ccm.getCcmRecordById, ccm.getCcmRecordsMinimalByPatientId, ccm.getCcmRecordReportDataForMonth];

/** DELETE ccmrecord/{id}: only the latest record may go (400 with the spec's message otherwise). */
export function useDeleteCcmRecord() {
  return useEndpointMutation(ccm.deleteCcmRecord, { input: (id: number) => ({ params: { id } }), invalidates: recordReads });
}

/** PUT ccmrecord/setsocialdeterminants/{id}, setcomplexdecisionmaking/{id} and setfunctionalstatus/{id}. */
export function useRecordFieldMutations() {
  return {
    socialDeterminants: useEndpointMutation(ccm.setCcmSocialDeterminants, {
      input: ({ id, body }: { id: number; body: z.input<typeof ccm.setCcmSocialDeterminants.body> }) => ({ params: { id }, body }),
      invalidates: recordReads,
    }),
    complexDecisionMaking: useEndpointMutation(ccm.setCcmComplexDecisionMaking, {
      input: ({ id, body }: { id: number; body: z.input<typeof ccm.setCcmComplexDecisionMaking.body> }) => ({ params: { id }, body }),
      invalidates: recordReads,
    }),
    functionalStatus: useEndpointMutation(ccm.setCcmFunctionalStatus, {
      input: ({ id, body }: { id: number; body: z.input<typeof ccm.setCcmFunctionalStatus.body> }) => ({ params: { id }, body }),
      invalidates: recordReads,
    }),
  };
}

/** GET ccmbilling/getbyccmrecordid: the engine's CCM-family lines of the record's month; 401 reads as none (spec section 8). */
export function useCcmBillingOfRecord(ccmRecordId: number) {
  const q = useEndpointQuery(ccm.getCcmBillingByCcmRecordId, { headers: { ccmrecordid: ccmRecordId } }, { retry: false });
  if (q.error instanceof ApiError && q.error.status === 401) { return { ...q, data: [], error: null }; }
  return q;
}
