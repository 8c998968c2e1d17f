import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billing, type BillingProgram } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import type { PageState } from '../../../components/ServerTable';
import { authorizationsRootKey } from './keys';

export const authorizationsKey = (hospitalId: number, state: PageState, program: BillingProgram | null) =>
  [...authorizationsRootKey, hospitalId, state, program] as const;

/** GET billingusersauthorization: which staff may bill which programs in the office, paged. */
export const fetchAuthorizations = (hospitalId: number, state: PageState, program: BillingProgram | null) =>
  call(billing.findUserBillingAuthorizations, {
    query: {
      hospitalid: hospitalId,
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort as never,
      search: state.search || undefined,
      program: program ?? undefined,
    },
  });

export function useAuthorizations(hospitalId: number | null, state: PageState, program: BillingProgram | null) {
  return useQuery({
    queryKey: authorizationsKey(hospitalId ?? 0, state, program),
    queryFn: () => fetchAuthorizations(hospitalId!, state, program),
    enabled: hospitalId !== null,
    placeholderData: keepPreviousData,
  });
}
