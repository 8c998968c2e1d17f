import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin, type ImportRun } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import type { PageState } from '../../../components/ServerTable';

export const importRunsKey = ['admin', 'importruns'] as const;

type RunsSort = 'startedAt' | '-startedAt' | 'status' | '-status';

/** GET admin/importruns: import runs with their reports, newest first, paged. */
export function findImportRuns(state: PageState) {
  return call(admin.findImportRuns, {
    query: { page: state.page, pageSize: state.pageSize, sort: state.sort as RunsSort | undefined, search: state.search || undefined },
  });
}

export function useImportRuns(state: PageState) {
  return useQuery({ queryKey: [...importRunsKey, state], queryFn: () => findImportRuns(state), placeholderData: keepPreviousData });
}

export type { ImportRun };
