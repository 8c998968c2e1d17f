import { keepPreviousData } from '@tanstack/react-query';
import { admin, type ImportRun } from '@vigil/contract';
import type { PageState } from '../../../components/ServerTable';
import { useEndpointQuery } from '../../../lib/endpoint-query';

type RunsSort = 'startedAt' | '-startedAt' | 'status' | '-status';

/** GET admin/importruns: import runs with their reports, newest first, paged. */
export function useImportRuns(state: PageState) {
  return useEndpointQuery(
    admin.findImportRuns,
    { query: { page: state.page, pageSize: state.pageSize, sort: state.sort as RunsSort | undefined, search: state.search || undefined } },
    { placeholderData: keepPreviousData },
  );
}

export type { ImportRun };
