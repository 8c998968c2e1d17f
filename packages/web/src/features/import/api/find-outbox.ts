import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import type { PageState } from '../../../components/ServerTable';

export const outboxKey = ['admin', 'outbox'] as const;

export type OutboxStatus = 'kept' | 'sent' | 'failed';

/** GET admin/outbox: the e-mails of the embedded default, newest first, paged, with their text. */
export function findOutbox(state: PageState, status: OutboxStatus | undefined) {
  return call(admin.findOutbox, {
    query: {
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort as 'createdAt' | '-createdAt' | undefined,
      search: state.search || undefined,
      status,
    },
  });
}

export function useOutbox(state: PageState, status: OutboxStatus | undefined) {
  return useQuery({ queryKey: [...outboxKey, state, status], queryFn: () => findOutbox(state, status), placeholderData: keepPreviousData });
}
