/**
 * The shapes the route chain shares (docs/architecture.md "The route chain"): what a feature's
 * handler receives and may answer, the per-call state the concerns hand each other, and the shape
 * of one concern.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { EndpointBody, EndpointDef, EndpointHeaders, EndpointParams, EndpointQuery, EndpointResponse } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { HubPrincipal, Scope } from '../../db/scope';
import type { EncodedAnswer } from '../versioned-answers';

export interface HandlerInput<D extends EndpointDef> {
  headers: EndpointHeaders<D>;
  query: EndpointQuery<D>;
  params: EndpointParams<D>;
  body: EndpointBody<D>;
  /** The caller; null on public routes, and on `hubAuth` routes when a hub is calling. */
  scope: D['permission'] extends 'public' ? Scope | null : D['hubAuth'] extends true ? Scope | null : Scope;
  /** The calling hub on `hubAuth` routes (authenticated by its own credential), else null. */
  hub: HubPrincipal | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** An endpoint's handler: its answer's `data`, or that data already as JSON text (`JsonText`), or `NotModified` (304). */
export type Handler<D extends EndpointDef> = (input: HandlerInput<D>) => Promise<EndpointResponse<D> | JsonText | NotModified> | EndpointResponse<D> | JsonText | NotModified;

/**
 * An answer's `data` already serialized as JSON text (for a large list the database builds, such as
 * the appointments day view): the answer concern (answer.ts) sends it inside the usual envelope
 * without parsing or serializing it again, and still checks it against the contract when
 * `validateResponses` is on. It is sent by `sendAnswer` (lib/versioned-answers.ts): ETag and 304,
 * `Vary: Accept-Encoding`, and the compressed variant the caller accepts when `answer` has them.
 */
export class JsonText {
  /**
   * `etag`: the answer's entity tag (RFC 9110 section 8.8.3), sent as the ETag header. `answer`:
   * the whole answer already encoded (and compressed), for an answer kept and sent many times
   * (a `VersionedAnswer`: no copy, UTF-8 encoding or compression of a large text per request).
   */
  constructor(
    readonly text: string,
    readonly etag?: string,
    readonly answer?: EncodedAnswer,
  ) {}
}

/**
 * The caller's copy is still the answer: the `etag` it named in If-None-Match matches (RFC 9110
 * section 13.1.2). The answer concern answers 304 with the ETag and no body (`sendNotModified`).
 */
export class NotModified {
  constructor(readonly etag: string) {}
}

/** The parts of a call's input, as parsed by the contract's schemas (parse.ts). */
export interface ParsedInput {
  headers: unknown;
  query: unknown;
  params: unknown;
  body: unknown;
}

/**
 * What one call of a contract endpoint has learnt so far, handed from concern to concern (one per
 * request, `callOf`). Each field is written by one concern and read by the later ones.
 */
export interface EndpointCall {
  /** principal.ts: a hub (its own credential) is calling a `hubAuth` endpoint, no signed-in user. */
  asHub: boolean;
  /** permission.ts: the caller was refused (403) for want of the endpoint's permission. */
  refused: boolean;
  /** parse.ts: the input as the contract's schemas parsed it (null until then). */
  input: ParsedInput | null;
  /** answer.ts: the feature's handler was called (the later concerns act on handled calls only). */
  handled: boolean;
  /** answer.ts: the HTTP outcome of the handler (its success status, the AppError's, or 500). */
  outcome: number;
  /** answer.ts: the handler's answer when it is plain data (not JsonText, NotModified or a sent binary). */
  answer: unknown;
  /** audit.ts: the patient of a DELETE's record, read before the row is gone (undefined: not read). */
  patientBefore: number | null | undefined;
}

const calls = new WeakMap<FastifyRequest, EndpointCall>();

/** The call state of `req`, created on first use (every field at its "nothing known yet" value). */
export function callOf(req: FastifyRequest): EndpointCall {
  let call = calls.get(req);
  if (!call) {
    call = { asHub: false, refused: false, input: null, handled: false, outcome: 0, answer: undefined, patientBefore: undefined };
    calls.set(req, call);
  }
  return call;
}

/** The lifecycle hooks a concern may add to an endpoint's route (Fastify's request lifecycle, in this order). */
export type ConcernHooks = Partial<Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'onSend'>>;

/**
 * One cross-cutting concern of every contract endpoint: given the declaration (and the app's
 * context), the hooks it adds to the route, or null when it has nothing to do for this endpoint.
 * Called once per endpoint at registration, so per-declaration decisions are made once.
 */
export type RouteConcern = (def: EndpointDef, ctx: AppContext) => ConcernHooks | null;
