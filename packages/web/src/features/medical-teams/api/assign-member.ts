import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalTeams } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { relatedRootKeys, teamsRootKey } from './keys';

/** POST medicalteam/assignmemberusertomedicalteam: adds a staff member of the team's office. */
export const assignMember = ({ medicalTeamId, userId }: { medicalTeamId: number; userId: number }) =>
  call(medicalTeams.assignMemberToMedicalTeam, { body: { medicalTeamId, userId } });

export function useAssignMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: assignMember,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: teamsRootKey });
      for (const key of relatedRootKeys) await qc.invalidateQueries({ queryKey: key });
    },
  });
}
