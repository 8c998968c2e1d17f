import { useQuery } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

export const patientDevicesKey = (patientId: number) => [...devicesRootKey, 'patient', patientId] as const;

/** GET medicaldevice/getmedicaldevicesforpatient (header patientId): the patient's devices, with or without a hub. */
export const fetchMedicalDevicesForPatient = (patientId: number) => call(devices.getMedicalDevicesForPatient, { headers: { patientid: patientId } });

export function useMedicalDevicesForPatient(patientId: number | null) {
  return useQuery({ queryKey: patientDevicesKey(patientId ?? 0), queryFn: () => fetchMedicalDevicesForPatient(patientId!), enabled: patientId !== null && patientId > 0 });
}
