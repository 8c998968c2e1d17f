import { ccm, type CreateCcmRecordBody } from '@vigil/contract';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** POST ccmrecord: opens a CCM record for the patient in one of their offices (dated today in the office's zone). */
export function useCreateCcmRecord() {
  return useEndpointMutation(ccm.createCcmRecord, {
    input: (body: CreateCcmRecordBody) => ({ body }),
    invalidates: [ccm.getCcmRecordsByPatientId],
  });
}
