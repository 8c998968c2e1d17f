import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import type { PageState } from '../../../components/ServerTable';
import { templatesRootKey } from './keys';

export const templatesKey = (organizationId: number | null, state: PageState) => [...templatesRootKey, organizationId, state] as const;

/** GET billingauthorizationtemplate: the organization's named sets of programs (organizationid for a system admin). */
export const fetchTemplates = (organizationId: number | null, state: PageState) =>
  call(billing.findBillingAuthorizationTemplates, {
    query: {
      organizationid: organizationId ?? undefined,
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort as never,
      search: state.search || undefined,
    },
  });

export function useTemplates(organizationId: number | null, state: PageState, enabled = true) {
  return useQuery({
    queryKey: templatesKey(organizationId, state),
    queryFn: () => fetchTemplates(organizationId, state),
    enabled,
    placeholderData: keepPreviousData,
  });
}
