import { useMutation, useQueryClient } from '@tanstack/react-query';
import { measurements, type IngestReading } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { devicesRootKey, measurementsRootKey, notificationsRootKey, patientDetailsKey } from './keys';

/**
 * POST medicaldevicesdata as a staff member: one reading entered by hand (stored as manual), values
 * in the user's units (the server converts them to the canonical ones). Refreshes the readings,
 * the charts and the alerts (an abnormal value raises one).
 */
export const postVitals = (reading: IngestReading) => call(measurements.postMeasurements, { body: reading });

export function usePostVitals(patientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postVitals,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: measurementsRootKey }),
        qc.invalidateQueries({ queryKey: notificationsRootKey }),
        qc.invalidateQueries({ queryKey: devicesRootKey }),
        qc.invalidateQueries({ queryKey: patientDetailsKey(patientId) }),
      ]);
    },
  });
}
