import { useQuery } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { devicesRootKey } from './keys';

/** Under the devices' root (keys.ts): device changes and plan changes (devices carry their schedule from the active plan) refresh it. */
export const patientDevicesKey = (id: number) => [...devicesRootKey, 'patientDetails', id] as const;

/** GET medicaldevice/getmedicaldevicesforpatientV2: the patient's devices with their schedule in the active plan. */
export const fetchPatientDevices = (patientId: number) => call(devices.getMedicalDevicesForPatientV2, { headers: { patientid: patientId } });

export function usePatientDevices(patientId: number, enabled = true) {
  return useQuery({ queryKey: patientDevicesKey(patientId), queryFn: () => fetchPatientDevices(patientId), enabled });
}
