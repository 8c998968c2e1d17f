/**
 * `callAs(user, endpoint, input)`: one call of a contract endpoint through the app under test,
 * typed from the endpoint's declaration (packages/contract `common/endpoint.ts`). The URL comes
 * from the declaration's path and `params`, the query string from `query`, the headers from
 * `headers`; the answer's envelope is unwrapped into `{ status, body, msg, code, errors }`, with
 * `body` typed as the endpoint's response. Sessions are opened once per user and cached for the
 * caller's life (one test file). docs/architecture.md "Tests and CI".
 */
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { buildPath, Role, type EndpointDef, type EndpointResponse, type In } from '@vigil/contract';
import { sessionFor, signInAs, type TestApp } from './setup';

/** A signed-in caller: a user row (from `createUser` or `createTenancyFixture`). */
export interface CallUser {
  id: number;
  roleId?: number;
  username?: string;
}

/** A hub calling with its own credential (`HubToken` header) instead of a staff session. */
export interface CallHub {
  hubtoken: string;
}

/** A caller without a session (public endpoints, and the 401 of a guarded one). */
export const anonymous = Object.freeze({ anonymous: true as const });

export type Caller = CallUser | CallHub | typeof anonymous;

/**
 * The query a call may send: the declared query fields, and any declared header field (a header
 * value may also be passed as a query parameter of the same name: contract `common/endpoint.ts`).
 */
export type CallQuery<D extends EndpointDef> = (D['query'] extends z.ZodType ? z.input<D['query']> : unknown) &
  (D['headers'] extends z.ZodType ? Partial<z.input<D['headers']>> : unknown);

/** What one call sends: each part typed as the endpoint's schema accepts it (zod input types). */
export interface CallInput<D extends EndpointDef> {
  params?: In<D['params']>;
  query?: CallQuery<D>;
  headers?: In<D['headers']>;
  body?: In<D['body']>;
  /** The Accept-Language of the call; `en` unless told (fixture users store Spanish). */
  lang?: 'en' | 'es';
  /** Transport headers the declaration does not name (If-None-Match, Accept-Encoding, Content-Type). */
  extraHeaders?: Record<string, string>;
  /**
   * Query parameters the declaration does not name as such, sent after `query`: a header field
   * spelled in another case (`patientId` for the `patientid` header; a header may come from a query
   * parameter of the same name in any case, lib/route/parse.ts).
   */
  rawQuery?: Record<string, string | number>;
  /** A raw request payload (a multipart form, a text that is not JSON); replaces `body`. */
  payload?: string | Buffer;
}

/**
 * An answer: the HTTP status, the envelope's `data` as `body` (typed as the endpoint's response;
 * it is `null` when the call is refused or fails, and `undefined` for a binary answer), the
 * envelope's message, error code and per-field messages, and the raw reply (headers, bytes).
 */
export interface CallResult<D extends EndpointDef> {
  status: number;
  body: EndpointResponse<D>;
  msg: string;
  code?: string;
  errors?: Record<string, string>;
  reply: LightMyRequestResponse;
}

/**
 * Deliberately invalid input, sent as is: the typed call input would refuse it at compile time,
 * and a validation test means to send exactly that. Greppable, so a wrong value is never silent.
 */
export function invalid(value: unknown): never {
  return value as never;
}

/** How staff sessions are opened: `session` writes one directly (fast), `api` signs in through POST auth/signinv3. */
export type SignInMode = 'session' | 'api';

export interface CallAs {
  <D extends EndpointDef>(who: Caller, endpoint: D, input?: CallInput<D>): Promise<CallResult<D>>;
  /** The headers of `user`'s cached session (opening it on first use), for calls outside the contract (WebSocket, raw bytes). */
  sessionOf(user: CallUser): Promise<{ sessionguid: string }>;
  /** Drops `user`'s cached session (after a sign-out, a password change or a disabled account). */
  forget(user: CallUser): void;
}

function text(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * Builds the file's `callAs` for the app `app()` returns (read at each call, so it may be set in
 * `beforeAll`). `signIn: 'api'` opens staff sessions through the sign-in endpoint (for files that
 * assert what a real sign-in records); patients and caregivers cannot sign in to the staff app,
 * so theirs are always written directly (test/setup.ts `sessionFor`).
 */
export function callerFor(app: () => TestApp, opts: { signIn?: SignInMode } = {}): CallAs {
  const sessions = new Map<number, Promise<{ sessionguid: string }>>();
  const sessionOf = (user: CallUser) => {
    let s = sessions.get(user.id);
    if (!s) {
      const viaApi = opts.signIn === 'api' && user.username !== undefined && user.roleId !== Role.PATIENT && user.roleId !== Role.CARE_GIVER;
      s = viaApi ? signInAs(app(), user.username!) : sessionFor(app(), user.id);
      sessions.set(user.id, s);
    }
    return s;
  };
  const callAs = async <D extends EndpointDef>(who: Caller, endpoint: D, input: CallInput<D> = {}): Promise<CallResult<D>> => {
    let url = '/api/' + buildPath(endpoint.path, (input.params ?? {}) as Record<string, string | number>);
    const query = Object.entries({ ...(input.query ?? {}), ...input.rawQuery } as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
    if (query.length > 0) { url += '?' + new URLSearchParams(query.map(([k, v]): [string, string] => [k, text(v)])).toString(); }
    const headers: Record<string, string> = { 'accept-language': input.lang ?? 'en' };
    if ('hubtoken' in who) { headers.hubtoken = who.hubtoken; }
    else if ('id' in who) { Object.assign(headers, await sessionOf(who)); }
    for (const [k, v] of Object.entries((input.headers ?? {}) as Record<string, unknown>)) {
      if (v !== undefined && v !== null) { headers[k] = text(v); }
    }
    Object.assign(headers, input.extraHeaders);
    const payload = input.payload ?? (input.body !== undefined ? (input.body as object) : undefined);
    const reply = await app().app.inject({ method: endpoint.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    const isJson = (reply.headers['content-type'] ?? '').toString().includes('json');
    const envelope = (isJson ? reply.json() : {}) as { data?: unknown; msg?: string; code?: string; errors?: Record<string, string> };
    return {
      status: reply.statusCode,
      body: envelope.data as EndpointResponse<D>,
      msg: envelope.msg ?? '',
      code: envelope.code,
      errors: envelope.errors,
      reply,
    };
  };
  return Object.assign(callAs, {
    sessionOf,
    forget: (user: CallUser) => { sessions.delete(user.id); },
  });
}
