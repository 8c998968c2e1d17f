import { useQuery } from '@tanstack/react-query';
import { metadata } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { patientDetailsKey } from './keys';

export const patientMetadataKey = (id: number) => [...patientDetailsKey(id), 'metadata'] as const;

/** GET patientmetadata/getmetadataforpatient: height (cm), weight (kg), ideal weight (kg), identifiers; null when none yet. */
export const fetchPatientMetadata = (patientId: number) => call(metadata.getMetadataForPatient, { headers: { patientid: patientId } });

export function usePatientMetadata(patientId: number, enabled = true) {
  return useQuery({ queryKey: patientMetadataKey(patientId), queryFn: () => fetchPatientMetadata(patientId), enabled });
}
