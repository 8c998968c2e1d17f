import { useQuery } from '@tanstack/react-query';
import { metadata } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

export const nurseMetadataKey = (id: number) => [...staffRootKey, 'nurseMetadata', id] as const;

/** GET nursemetadata/getmetadatafornurse: licence (null when none yet). */
export const fetchNurseMetadata = (nurseId: number) => call(metadata.getMetadataForNurse, { headers: { nurseid: nurseId } });

export function useNurseMetadata(nurseId: number, enabled = true) {
  return useQuery({ queryKey: nurseMetadataKey(nurseId), queryFn: () => fetchNurseMetadata(nurseId), enabled });
}
