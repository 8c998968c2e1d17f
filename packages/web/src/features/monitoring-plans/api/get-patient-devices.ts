import { useQuery } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** GET medicaldevice/getmedicaldevicesforpatient (header patientId): the patient's devices, to link one to a plan device. */
export const fetchPatientDevices = (patientId: number) => call(devices.getMedicalDevicesForPatient, { headers: { patientid: patientId } });

export function usePatientDevices(patientId: number | null) {
  return useQuery({ queryKey: ['devices', 'patient', patientId], queryFn: () => fetchPatientDevices(patientId!), enabled: patientId !== null && patientId > 0 });
}
