import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { medicalTeams, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { teamsRootKey } from './keys';

export type OfficeTeamsQuery = NonNullable<In<typeof medicalTeams.getMedicalTeamsForHospital.query>>;

export const officeTeamsKey = (officeId: number, q: OfficeTeamsQuery) => [...teamsRootKey, 'office', officeId, q] as const;

/** GET medicalteam/getmedicalteamsforhospital: a page of the office's teams, searched by patient name. */
export const fetchOfficeTeams = (officeId: number, query: OfficeTeamsQuery) =>
  call(medicalTeams.getMedicalTeamsForHospital, { headers: { hospitalid: officeId }, query });

export function useOfficeTeams(officeId: number | null, query: OfficeTeamsQuery) {
  return useQuery({
    queryKey: officeTeamsKey(officeId ?? 0, query),
    queryFn: () => fetchOfficeTeams(officeId!, query),
    enabled: officeId !== null && officeId > 0,
    placeholderData: keepPreviousData,
  });
}
