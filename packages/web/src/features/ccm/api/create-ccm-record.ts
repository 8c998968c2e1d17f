import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ccm, type CreateCcmRecordBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { ccmRecordsKey } from './keys';

/** POST ccmrecord: opens a CCM record for the patient in one of their offices (dated today in the office's zone). */
export const createCcmRecord = (body: CreateCcmRecordBody) => call(ccm.createCcmRecord, { body });

export function useCreateCcmRecord(patientId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCcmRecord, onSettled: () => qc.invalidateQueries({ queryKey: ccmRecordsKey(patientId) }) });
}
