import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metadata, type CreatePatientMetadataBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { patientsRootKey } from './keys';

/** POST patientmetadata: height (cm), weight (kg), record number and identifier of a new patient. */
export const createPatientMetadata = (body: CreatePatientMetadataBody) => call(metadata.createPatientMetadata, { body });

export function useCreatePatientMetadata() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPatientMetadata, onSuccess: () => qc.invalidateQueries({ queryKey: patientsRootKey }) });
}
