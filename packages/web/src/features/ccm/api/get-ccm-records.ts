import { useQuery } from '@tanstack/react-query';
import { ccm } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { ccmRecordsKey } from './keys';

/** GET ccmrecord/getbypatientid: the patient's CCM records in the caller's offices, newest first. */
export const fetchCcmRecords = (patientId: number) => call(ccm.getCcmRecordsByPatientId, { headers: { patientid: patientId } });

export function useCcmRecords(patientId: number) {
  return useQuery({ queryKey: ccmRecordsKey(patientId), queryFn: () => fetchCcmRecords(patientId) });
}
