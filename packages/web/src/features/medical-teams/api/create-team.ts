import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalTeams, type CreateMedicalTeamBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { relatedRootKeys, teamsRootKey } from './keys';

/** POST medicalteam: a patient's team in one office; a patient's first team needs a doctor and a nurse. */
export const createTeam = (body: CreateMedicalTeamBody) => call(medicalTeams.createMedicalTeam, { body });

export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: teamsRootKey });
      for (const key of relatedRootKeys) await qc.invalidateQueries({ queryKey: key });
    },
  });
}
