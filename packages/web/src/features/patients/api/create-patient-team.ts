import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalTeams, type CreateMedicalTeamBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { patientsRootKey, relatedRootKeys } from './keys';

/** POST medicalteam: the patient's first care team in one office (a doctor and a nurse among the members). */
export const createPatientTeam = (body: CreateMedicalTeamBody) => call(medicalTeams.createMedicalTeam, { body });

export function useCreatePatientTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPatientTeam,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: patientsRootKey });
      for (const key of relatedRootKeys) await qc.invalidateQueries({ queryKey: key });
    },
  });
}
