import { useQuery } from '@tanstack/react-query';
import { devices, medicalDeviceIdentifierSchema } from '@vigil/contract';
import { ApiError, call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

export const deviceByIdentifierKey = (identifier: string) => [...devicesRootKey, 'identifier', identifier] as const;

/** GET medicaldevice/getmedicaldevicebydeviceidentifier: the device with exactly this identifier, or null (404). */
export async function fetchMedicalDeviceByIdentifier(identifier: string) {
  try {
    return await call(devices.getMedicalDeviceByDeviceIdentifier, { headers: { deviceidentifier: identifier } });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/** Looks an exact identifier up (only when the text is a valid identifier). */
export function useMedicalDeviceByIdentifier(identifier: string) {
  const text = identifier.trim();
  return useQuery({
    queryKey: deviceByIdentifierKey(text),
    queryFn: () => fetchMedicalDeviceByIdentifier(text),
    enabled: medicalDeviceIdentifierSchema.safeParse(text).success,
  });
}
