import { ccm } from '@vigil/contract';
import { useEndpointQuery } from '../../../lib/endpoint-query';

/** GET ccmrecord/getbypatientid: the patient's CCM records in the caller's offices, newest first. */
export function useCcmRecords(patientId: number) {
  return useEndpointQuery(ccm.getCcmRecordsByPatientId, { headers: { patientid: patientId } });
}
