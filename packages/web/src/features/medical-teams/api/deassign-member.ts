import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalTeams } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { relatedRootKeys, teamsRootKey } from './keys';

/** POST medicalteam/deassignmemberuserfrommedicalteam: removes one member from a team. */
export const deassignMember = ({ medicalTeamId, userId }: { medicalTeamId: number; userId: number }) =>
  call(medicalTeams.deassignMemberFromMedicalTeam, { body: { medicalTeamId, userId } });

export function useDeassignMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deassignMember,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: teamsRootKey });
      for (const key of relatedRootKeys) await qc.invalidateQueries({ queryKey: key });
    },
  });
}
