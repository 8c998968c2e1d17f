import { useQuery } from '@tanstack/react-query';
import { metadata } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

export const doctorMetadataKey = (id: number) => [...staffRootKey, 'doctorMetadata', id] as const;

/** GET doctormetadata/getmetadatafordoctor: licence, NPI and specializations (null when none yet). */
export const fetchDoctorMetadata = (doctorId: number) => call(metadata.getMetadataForDoctor, { headers: { doctorid: doctorId } });

export function useDoctorMetadata(doctorId: number, enabled = true) {
  return useQuery({ queryKey: doctorMetadataKey(doctorId), queryFn: () => fetchDoctorMetadata(doctorId), enabled });
}
