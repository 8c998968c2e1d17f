/**
 * The route layer (docs/architecture.md "The route chain"): every contract endpoint is one Fastify
 * route whose lifecycle hooks are the cross-cutting concerns below, each in its own file, in the
 * order they run within a hook:
 *
 * | concern             | hooks                    | what it does                                          |
 * |---------------------|--------------------------|-------------------------------------------------------|
 * | principal.ts        | onRequest, preValidation | hub credential; 401 / 429 without a principal         |
 * | permission.ts       | preValidation            | default deny: 403 without the endpoint's permission   |
 * | parse.ts            | preValidation            | NUL guard and the contract's schemas: 400 per field   |
 * | hub-check-in.ts     | preHandler               | an accepted hub's check-in                            |
 * | audit.ts            | preHandler, onSend       | the PHI audit trail of the call                       |
 * | session-refresh.ts  | onSend                   | cached session scopes dropped after a write           |
 * | answer.ts           | handler                  | the feature's handler, the envelope, 304, JSON text   |
 *
 * A new cross-cutting concern is a new file exporting a `RouteConcern`, added to `CONCERNS`.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { EndpointDef } from '@vigil/contract';
import type { AppContext } from '../../context';
import { ifNoneMatchNames } from '../versioned-answers';
import { answer } from './answer';
import { audit } from './audit';
import { hubCheckIn } from './hub-check-in';
import { parse } from './parse';
import { permission } from './permission';
import { principal } from './principal';
import { sessionRefresh } from './session-refresh';
import type { ConcernHooks, Handler, RouteConcern } from './types';

export { JsonText, NotModified, type Handler, type HandlerInput, type RouteConcern } from './types';
export { ifNoneMatchNames };

/** The concerns of every contract endpoint, in the order their hooks run within each lifecycle step. */
const CONCERNS: readonly RouteConcern[] = [principal, permission, parse, hubCheckIn, audit, sessionRefresh];

/** Fastify's URL for a contract path: '/api/' + path with `{x}` as `:x`. */
export const urlOf = (def: EndpointDef) => '/api/' + def.path.replace(/\{(\w+)\}/g, ':$1');

type HookName = keyof ConcernHooks;
const HOOK_NAMES: readonly HookName[] = ['onRequest', 'preValidation', 'preHandler', 'onSend'];

/** The hooks of every concern for `def`, gathered per lifecycle step in `CONCERNS` order. */
function hooksOf(def: EndpointDef, ctx: AppContext): ConcernHooks {
  const gathered: Partial<Record<HookName, unknown[]>> = {};
  for (const concern of CONCERNS) {
    const hooks = concern(def, ctx);
    if (!hooks) { continue; }
    for (const name of HOOK_NAMES) {
      const hook = hooks[name];
      if (hook) { (gathered[name] ??= []).push(...(Array.isArray(hook) ? hook : [hook])); }
    }
  }
  return gathered as ConcernHooks;
}

/**
 * Registers one contract endpoint on `app`: the route of `urlOf(def)` with the concerns' hooks and
 * `handler` as its answer. The route names its permission in its config (plugins/access.ts stops
 * the server at start-up for a route without one: default deny).
 */
export function registerEndpoint<D extends EndpointDef>(app: FastifyInstance, ctx: AppContext, def: D, handler: Handler<D>): void {
  const route: RouteOptions = {
    method: def.method,
    url: urlOf(def),
    config: { permission: def.permission, endpoint: def },
    ...hooksOf(def, ctx),
    handler: answer(def, ctx, handler),
  };
  app.route(route);
}

/** The keys of a contract group (a `*.contract.ts` module's exports) that are endpoint declarations. */
export type EndpointKeys<G> = { [K in keyof G]: G[K] extends EndpointDef ? K : never }[keyof G];

/**
 * One handler for every endpoint of a contract group: a missing one, or one for a name the group
 * does not declare, is a type error (test/route-group.types.test.ts proves it).
 */
export type GroupHandlers<G> = { [K in EndpointKeys<G>]: G[K] extends EndpointDef ? Handler<G[K]> : never };

function isEndpointDef(value: unknown): value is EndpointDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value && 'permission' in value;
}

/**
 * The endpoints `keys` of a contract group, as a group of their own for `registerGroup`: the part a
 * routes file registers in another plugin context (a rate-limited or raw-body scope), or that
 * another file serves. `omitGroup(group, keys)` is the rest of it; split with one `keys` constant,
 * the two parts are the whole group, each one's handlers complete at compile time
 * (docs/architecture.md "The route chain").
 */
export function pickGroup<G extends object, const K extends readonly EndpointKeys<G>[]>(group: G, keys: K): Pick<G, K[number] & keyof G> {
  const all = group as Record<PropertyKey, unknown>;
  return Object.fromEntries(keys.map((key) => [key, all[key as PropertyKey]])) as Pick<G, K[number] & keyof G>;
}

/** A contract group without its endpoints `keys` (registered with `pickGroup(group, keys)`, in another scope or file). */
export function omitGroup<G extends object, const K extends readonly EndpointKeys<G>[]>(group: G, keys: K): Omit<G, K[number]> {
  const left = new Set<PropertyKey>(keys);
  return Object.fromEntries(Object.entries(group).filter(([key]) => !left.has(key))) as Omit<G, K[number]>;
}

/** Every endpoint declaration of the groups in `N` (for example the contract's `ccmGroups`). */
type DeclaredIn<N> = { [S in keyof N]: { [K in keyof N[S]]: N[S][K] extends EndpointDef ? N[S][K] : never }[keyof N[S]] }[keyof N];

/** A contract group without the declarations of the nested groups `N`. */
export type WithoutDeclaredIn<G, N> = { [K in keyof G as G[K] extends DeclaredIn<N> ? never : K]: G[K] };

/**
 * A contract group without the declarations it re-exports by name from the nested groups `groups`:
 * ccm.contract.ts exports the five endpoints of each CCM sub-record group (contract `ccmGroups`),
 * which lib/sub-records registers with one `registerGroup` per nested group. What is left is the
 * group's own routes, complete at compile time when registered (docs/architecture.md "The route chain").
 */
export function omitDeclaredIn<G extends object, N extends object>(group: G, groups: N): WithoutDeclaredIn<G, N> {
  const nested = new Set<unknown>(Object.values(groups).flatMap((inner: object) => Object.values(inner).filter(isEndpointDef)));
  return Object.fromEntries(Object.entries(group).filter(([, def]) => !nested.has(def))) as WithoutDeclaredIn<G, N>;
}

/**
 * Registers every endpoint of a contract group (for example `import { timeTracking } from
 * '@vigil/contract'`) with its handler from `handlers`, which must name each of the group's
 * endpoints (checked at compile time by `GroupHandlers`). Throws at start-up when a handler is
 * missing anyway (a cast).
 */
export function registerGroup<G extends object>(app: FastifyInstance, ctx: AppContext, group: G, handlers: NoInfer<GroupHandlers<G>>): void {
  const byKey = handlers as Record<string, Handler<EndpointDef> | undefined>;
  for (const [key, def] of Object.entries(group)) {
    if (!isEndpointDef(def)) { continue; }
    const handler = byKey[key];
    if (!handler) { throw new Error(`${def.method} ${def.path}: no handler for ${key}`); }
    registerEndpoint(app, ctx, def, handler);
  }
}
