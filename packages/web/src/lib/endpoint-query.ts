import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { EndpointDef, EndpointResponse } from '@vigil/contract';
import { ApiError, call, callBlob, type CallInput } from './api-client';
import { invalidateEndpoints, pagesKeyOf, queryKeyOf, type Invalidates, type KeyInput } from './endpoint-keys';

export {
  endpointCallFilters,
  endpointFilters,
  endpointId,
  endpointIdsOf,
  endpointKey,
  forgetEndpointCall,
  invalidateEndpoints,
  pagesKeyOf,
  queryKeyOf,
  type InvalidateOptions,
  type Invalidates,
  type KeyInput,
} from './endpoint-keys';

/**
 * TanStack Query hooks over the contract's endpoint declarations, keyed by lib/endpoint-keys.ts:
 * reads with `useEndpointQuery`, changes with `useEndpointMutation` naming the endpoints they make stale.
 */

/** Query options for one call of `def` (for useQuery, useQueries, prefetching): key and fetcher together. */
export function endpointQueryOptions<D extends EndpointDef>(def: D, input: KeyInput<D> = {}) {
  return queryOptions<EndpointResponse<D>, ApiError, EndpointResponse<D>, QueryKey>({
    queryKey: queryKeyOf(def, input),
    queryFn: ({ signal }) => call(def, { ...input, signal } as CallInput<D>),
  });
}

/** Extra options of useEndpointQuery: every useQuery option but the key and the fetcher. */
export type EndpointQueryOptions<D extends EndpointDef, T> = Omit<UseQueryOptions<EndpointResponse<D>, ApiError, T, QueryKey>, 'queryKey' | 'queryFn'>;

/**
 * Reads one endpoint through TanStack Query with the key derived from its declaration.
 * `input` is the call's headers, query and path parameters; `opts` the usual useQuery options
 * (`enabled`, `select`, `staleTime`, `placeholderData`, ...). Errors are ApiError (lib/api-client).
 */
export function useEndpointQuery<D extends EndpointDef, T = EndpointResponse<D>>(def: D, input: KeyInput<D> = {}, opts: EndpointQueryOptions<D, T> = {}) {
  return useQuery<EndpointResponse<D>, ApiError, T, QueryKey>({ ...endpointQueryOptions(def, input), ...opts } as UseQueryOptions<EndpointResponse<D>, ApiError, T, QueryKey>);
}

/**
 * Reads a file endpoint (`binary: true`: an image, a CSV) as a Blob, keyed like any call of `def`;
 * with `missingAsNull` a 404 answers null (e.g. a profile without a picture) instead of an error.
 */
export function useEndpointFileQuery<D extends EndpointDef>(
  def: D,
  input: KeyInput<D> = {},
  opts: Omit<UseQueryOptions<Blob | null, ApiError, Blob | null, QueryKey>, 'queryKey' | 'queryFn'> & { missingAsNull?: boolean } = {},
) {
  const { missingAsNull = false, ...rest } = opts;
  return useQuery<Blob | null, ApiError, Blob | null, QueryKey>({
    queryKey: queryKeyOf(def, input),
    queryFn: async ({ signal }) => {
      try {
        return await callBlob(def, { ...input, signal } as CallInput<D>);
      } catch (err) {
        if (missingAsNull && err instanceof ApiError && err.status === 404) { return null; }
        throw err;
      }
    },
    ...rest,
  });
}

/** Calls one page of a paged endpoint: the gathering read's input with `page` added to its query. */
export type PageCaller<D extends EndpointDef> = (page: number) => Promise<EndpointResponse<D>>;

/**
 * Query options for a read that gathers several pages of `def` into one answer (keyed by
 * pagesKeyOf: under the endpoint, so invalidating it refreshes this too). `input` is the call
 * without its page; `gather` asks for pages with `callPage(n)` and builds the answer; `scope` is what
 * else shapes the answer (e.g. the day a report keeps).
 */
export function endpointPagesQueryOptions<D extends EndpointDef, T>(def: D, input: KeyInput<D>, gather: (callPage: PageCaller<D>) => Promise<T>, scope: unknown = null) {
  return queryOptions<T, ApiError, T, QueryKey>({
    queryKey: pagesKeyOf(def, input, scope),
    queryFn: ({ signal }) => gather((page) => call(def, { ...input, query: { ...(input.query as object), page }, signal } as CallInput<D>)),
  });
}

/** useQuery over endpointPagesQueryOptions, with the usual options (`enabled`, `placeholderData`, ...). */
export function useEndpointPagesQuery<D extends EndpointDef, T>(
  def: D,
  input: KeyInput<D>,
  gather: (callPage: PageCaller<D>) => Promise<T>,
  opts: Omit<UseQueryOptions<T, ApiError, T, QueryKey>, 'queryKey' | 'queryFn'> & { scope?: unknown } = {},
) {
  const { scope, ...rest } = opts;
  return useQuery<T, ApiError, T, QueryKey>({ ...endpointPagesQueryOptions(def, input, gather, scope), ...rest });
}

/** Options of useEndpointMutation. */
export interface EndpointMutationOptions<D extends EndpointDef, V> extends Omit<UseMutationOptions<EndpointResponse<D>, ApiError, V>, 'mutationFn'> {
  /** Turns the mutation's variables into the call (default: the variables are the call input). */
  input?: (vars: V) => CallInput<D>;
  /** The endpoints whose cached answers this change makes stale (awaited before onSuccess resolves). */
  invalidates?: Invalidates;
  /**
   * When the named endpoints are made stale: 'success' (default), or 'settled' (after a failure
   * too: a refused change, e.g. a 409 because someone else changed the record, still refreshes
   * what is shown; awaited before onSettled).
   */
  invalidateOn?: 'success' | 'settled';
}

/**
 * A change through one endpoint: `mutate(vars)` calls `def` with `input(vars)`, then invalidates
 * the named endpoints' answers, then runs the caller's `onSuccess` (or `onSettled`, with
 * `invalidateOn: 'settled'`). Errors are ApiError with the server's message and per-field messages
 * (lib/forms.ts shows them on the form).
 */
export function useEndpointMutation<D extends EndpointDef, V = CallInput<D>>(def: D, opts: EndpointMutationOptions<D, V> = {}) {
  const qc = useQueryClient();
  const { input, invalidates = [], invalidateOn = 'success', onSuccess, onSettled, ...rest } = opts;
  return useMutation<EndpointResponse<D>, ApiError, V>({
    ...rest,
    mutationFn: (vars) => call(def, input ? input(vars) : (vars as CallInput<D>)),
    onSuccess: async (...args) => {
      if (invalidateOn === 'success') { await invalidateEndpoints(qc, invalidates); }
      await onSuccess?.(...args);
    },
    onSettled: async (...args) => {
      if (invalidateOn === 'settled') { await invalidateEndpoints(qc, invalidates); }
      await onSettled?.(...args);
    },
  });
}
