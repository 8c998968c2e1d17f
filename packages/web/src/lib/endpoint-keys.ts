import { hashKey, type QueryClient, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { EndpointDef } from '@vigil/contract';
import type { CallInput } from './api-client';

/**
 * Query keys derived from the contract's endpoint declarations (HOUSE_STYLE section 8: "the web
 * derives query keys from the endpoint declaration"). Every cached answer of an endpoint has the key
 * `[endpointId(def), input]`, so one endpoint read by several screens shares one cache entry, and a
 * change names the endpoints it makes stale instead of hand-typed key prefixes. The hooks over these
 * keys are in lib/endpoint-query.ts.
 */

/** What a query's key holds of its call: headers, query and path parameters (no signal, no body). */
export type KeyInput<D extends EndpointDef> = Pick<CallInput<D>, 'headers' | 'query' | 'params' | 'body'>;

/** A group of declarations as the contract exports it (`import { devices } from '@vigil/contract'`). */
export type EndpointGroup = Record<string, unknown>;

/** The endpoints a change makes stale: declarations, or whole contract groups (every declaration in them). */
export type Invalidates = readonly (EndpointDef | EndpointGroup)[];

/** The stable id of one endpoint, the first element of each of its query keys: "GET hub/{id}". */
export function endpointId(def: EndpointDef): string {
  return `${def.method} ${def.path}`;
}

function isEndpointDef(x: unknown): x is EndpointDef {
  return typeof x === 'object' && x !== null && typeof (x as EndpointDef).method === 'string' && typeof (x as EndpointDef).path === 'string' && 'response' in x;
}

/** The key prefix of every cached answer of `def` (all inputs): use it to invalidate or remove them. */
export function endpointKey(def: EndpointDef): readonly [string] {
  return [endpointId(def)];
}

/**
 * The query key of one call of `def`: `[endpointId, { headers, query, params }]`. Undefined fields
 * do not change the key (TanStack Query hashes keys as JSON), so `{ search: undefined }` and `{}`
 * share an entry.
 */
export function queryKeyOf<D extends EndpointDef>(def: D, input: KeyInput<D> = {}): readonly [string, KeyInput<D>] {
  const { headers, query, params, body } = input;
  return [endpointId(def), { headers, query, params, body }];
}

/**
 * The query key of a read that gathers several pages of `def` into one answer (a chart's whole
 * period, a day's report): `[endpointId, { headers, query, params }, 'pages', scope]`. `input` is
 * the call without its page; `scope` what else shapes the answer (a day, a time zone). It starts with
 * the endpoint's id, so a change naming the endpoint refreshes it with the single-page reads.
 */
export function pagesKeyOf<D extends EndpointDef>(def: D, input: KeyInput<D> = {}, scope: unknown = null): readonly [string, KeyInput<D>, 'pages', unknown] {
  const { headers, query, params, body } = input;
  return [endpointId(def), { headers, query, params, body }, 'pages', scope];
}

/** Every endpoint id that `targets` names (a group contributes each declaration inside it). */
export function endpointIdsOf(targets: Invalidates): string[] {
  const ids = new Set<string>();
  for (const t of targets) {
    if (isEndpointDef(t)) { ids.add(endpointId(t)); }
    else { for (const v of Object.values(t)) { if (isEndpointDef(v)) { ids.add(endpointId(v)); } } }
  }
  return [...ids];
}

/**
 * Query filters matching each single-call answer of `def` (`[endpointId, input]`, not the gathered
 * page reads of pagesKeyOf): for patching cached pages in place (a real-time event putting a new
 * row on the first page of every list it belongs to). The call's input is the key's second element.
 */
export function endpointCallFilters(def: EndpointDef): QueryFilters {
  const id = endpointId(def);
  return { predicate: (q) => q.queryKey.length === 2 && q.queryKey[0] === id };
}

/** How invalidateEndpoints treats the matching answers. */
export interface InvalidateOptions {
  /** Which matching queries refetch now (TanStack Query's refetchType; default 'active': the ones on screen). */
  refetchType?: 'active' | 'inactive' | 'all' | 'none';
  /** Calls left alone (queryKeyOf keys): e.g. a record just deleted, whose own query would answer 404 while its drawer closes. */
  except?: readonly QueryKey[];
}

/**
 * Query filters matching every cached answer of the named endpoints (all inputs), for the query
 * client's other bulk methods: getQueriesData / setQueriesData (a real-time event patching lists in
 * place), removeQueries, cancelQueries.
 */
export function endpointFilters(targets: Invalidates, except: readonly QueryKey[] = []): QueryFilters {
  const ids = new Set(endpointIdsOf(targets));
  const skip = new Set(except.map((k) => hashKey(k)));
  return { predicate: (q) => typeof q.queryKey[0] === 'string' && ids.has(q.queryKey[0]) && !skip.has(q.queryHash) };
}

/** Marks every cached answer of the named endpoints stale and refetches the ones on screen. */
export async function invalidateEndpoints(qc: QueryClient, targets: Invalidates, opts: InvalidateOptions = {}): Promise<void> {
  if (endpointIdsOf(targets).length === 0) { return; }
  await qc.invalidateQueries({ ...endpointFilters(targets, opts.except), refetchType: opts.refetchType });
}

/** Drops the cached answer of one call of `def` (a deleted record: nothing refetches it). */
export function forgetEndpointCall<D extends EndpointDef>(qc: QueryClient, def: D, input: KeyInput<D> = {}): void {
  qc.removeQueries({ queryKey: queryKeyOf(def, input), exact: true });
}
