import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { devices, type MedicalDevicePageQuery } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

export type DeviceListQuery = Partial<MedicalDevicePageQuery>;

export const officeDevicesKey = (officeId: number | null, q: DeviceListQuery) => [...devicesRootKey, 'office-devices', officeId ?? 'all', q] as const;

/**
 * GET medicaldevice/getmedicaldevicesforhospital (chosen endpoint): a page of the devices of one
 * office, or of every office in scope, searched by identifier and filtered by type and patient.
 */
export const fetchMedicalDevicesForHospital = (officeId: number | null, query: DeviceListQuery) =>
  call(devices.getMedicalDevicesForHospital, { headers: officeId ? { hospitalid: officeId } : {}, query });

export function useMedicalDevicesForHospital(officeId: number | null, query: DeviceListQuery) {
  return useQuery({ queryKey: officeDevicesKey(officeId, query), queryFn: () => fetchMedicalDevicesForHospital(officeId, query), placeholderData: keepPreviousData });
}
