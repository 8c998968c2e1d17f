import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { apiKeyMay, can, fieldErrors, type EndpointDef, type EndpointBody, type EndpointHeaders, type EndpointParams, type EndpointQuery, type EndpointResponse } from '@vigil/contract';
import type { HubPrincipal, Scope } from '../db/scope';
import { AppError } from './app-error';
import type { AppContext } from '../context';
import { forgetSessions } from './session-cache';
import { findNulCharacter } from './input-guard';
import { recordHubCheckIn } from './hub-auth';
import { auditPlanOf, patientBeforeDelete, recordAuditedCall } from './audit-route';
import { statusOf } from './app-error';
import { envelopeOf, ifNoneMatchNames, sendAnswer, sendNotModified, type EncodedAnswer } from './versioned-answers';

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

/** Fastify's URL for a contract path: '/api/' + path with `{x}` as `:x`. */
export const urlOf = (def: EndpointDef) => '/api/' + def.path.replace(/\{(\w+)\}/g, ':$1');

function pickHeaders(def: EndpointDef, req: FastifyRequest): Record<string, unknown> {
  if (!def.headers) { return {}; }
  const query = (req.query ?? {}) as Record<string, unknown>;
  const lowerQuery = new Map(Object.entries(query).map(([k, v]) => [k.toLowerCase(), v]));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(def.headers.shape)) {
    const value = req.headers[key] ?? lowerQuery.get(key);
    if (value !== undefined) { out[key] = value; }
  }
  return out;
}

/**
 * An answer's `data` already serialized as JSON text (for a large list the database builds, such as
 * the appointments day view): `registerEndpoint` sends it inside the usual envelope without parsing
 * or serializing it again, and still checks it against the contract when `validateResponses` is on.
 * It is sent by `sendAnswer` (lib/versioned-answers.ts): ETag and 304, `Vary: Accept-Encoding`, and
 * the compressed variant the caller accepts when `answer` has them.
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
 * section 13.1.2). `registerEndpoint` answers 304 with the ETag and no body (`sendNotModified`).
 */
export class NotModified {
  constructor(readonly etag: string) {}
}

export { ifNoneMatchNames };

/**
 * Registers one contract endpoint. Checks the session and permission (default deny), validates
 * headers, query, params and body with the contract's schemas (400 with per-field messages in the
 * caller's language), runs the handler, and wraps the result in the spec's envelope.
 */
export function registerEndpoint<D extends EndpointDef>(app: FastifyInstance, ctx: AppContext, def: D, handler: Handler<D>): void {
  // The PHI audit trail: what this endpoint's calls record, from its declaration (lib/audit-route.ts, docs/audit.md).
  const auditPlan = auditPlanOf(def);
  app.route({
    method: def.method,
    url: urlOf(def),
    config: { permission: def.permission, endpoint: def },
    handler: async (req, reply) => {
      const scope = req.scope;
      const asHub = !scope && def.hubAuth === true && req.hub !== null;
      if (def.permission !== 'public' && !asHub) {
        // A hub credential that does not resolve (unknown, revoked, hub disabled) gets its own message.
        if (!scope && def.hubAuth === true && req.headers.hubtoken && !req.hub) { throw new AppError('unauthorized', 'hubCredentialInvalid'); }
        const refusal = req.apiKeyRefusal;
        if (!scope && refusal?.reason === 'rateLimited') {
          throw new AppError('tooManyRequests', 'tooManyRequests', { seconds: refusal.retryAfterSeconds }, undefined, refusal.retryAfterSeconds);
        }
        if (!scope && refusal) { throw AppError.unauthorized('apiKeyInvalid'); }
        if (!scope) { throw AppError.unauthorized(); }
        const refusedByKey = scope.apiKey !== undefined && !apiKeyMay(scope.apiKey.access, def.permission);
        if (!can(scope.role, def.permission) || refusedByKey) {
          // A refused attempt at patient data is recorded too, with the patient its raw input names.
          if (auditPlan) { recordAuditedCall(ctx, auditPlan, scope, req, { headers: req.headers, query: req.query, params: req.params, body: req.body }, 403); }
          // An API key acts with its user's role narrowed by the key's access (docs/api-keys.md).
          throw AppError.forbidden();
        }
      }
      const lang = req.lang;
      const pickedHeaders = pickHeaders(def, req);
      // No field may carry a NUL character (input-guard.ts): 400 naming the field, before any schema runs.
      const nulAt =
        findNulCharacter(pickedHeaders, '') ?? findNulCharacter(req.query, '') ?? findNulCharacter(req.params, '') ?? (def.multipart ? null : findNulCharacter(req.body, ''));
      if (nulAt !== null) { throw new AppError('badRequest', 'validationFailed', {}, { [nulAt || '_']: 'controlCharacters' }); }
      const errors: Record<string, string> = {};
      const parse = <S extends z.ZodType | undefined>(schema: S, input: unknown, prefix: string) => {
        if (!schema) { return undefined; }
        const result = schema.safeParse(input ?? {});
        if (!result.success) {
          Object.assign(errors, fieldErrors(result.error, input, lang, prefix));
          return undefined;
        }
        return result.data;
      };
      const headers = parse(def.headers, pickedHeaders, '');
      const query = parse(def.query, req.query, '');
      const params = parse(def.params, req.params, '');
      const body = def.multipart ? undefined : parse(def.body, req.body, '');
      if (Object.keys(errors).length > 0) { throw new AppError('badRequest', 'validationFailed', {}, undefined, undefined, errors); }
      if (asHub) { await recordHubCheckIn(ctx, req.hub!); } // only an accepted hub credential checks in (lib/hub-auth.ts)

      // A DELETE keyed by a record: its patient is read now, before the row is gone (lib/audit-route.ts).
      const patientBefore = auditPlan?.readBefore && scope && !asHub ? await patientBeforeDelete(ctx, auditPlan, scope, { headers, query, params, body }) : undefined;
      let data: EndpointResponse<D> | JsonText | NotModified | undefined;
      let outcome: number = def.successStatus ?? 200;
      try {
        data = await handler({ headers, query, params, body, scope, hub: asHub ? req.hub : null, req, reply } as HandlerInput<D>);
      } catch (error) {
        outcome = error instanceof AppError ? statusOf[error.code] : 500;
        throw error;
      } finally {
        // Hubs' readings are not recorded here: each reading keeps its hub (measurements.hub_id).
        if (auditPlan && scope && !asHub) { recordAuditedCall(ctx, auditPlan, scope, req, { headers, query, params, body }, outcome, data instanceof JsonText || data instanceof NotModified ? undefined : data, patientBefore); }
        // Any change but a hub's readings or a write declared `changesAccess: false` may have touched sessions, users or offices: cached scopes go (session-cache.ts).
        if (def.method !== 'GET' && !asHub && def.changesAccess !== false) { await forgetSessions(ctx); }
      }
      if (def.binary) { return reply; }
      if (data instanceof NotModified) { return sendNotModified(reply, data.etag); }
      if (data instanceof JsonText) {
        // Already the JSON of `data` (built by the database): checked like any answer, sent as is or compressed.
        if (ctx.config.validateResponses) {
          const checked = def.response.safeParse(JSON.parse(data.text));
          if (!checked.success) { throw new Error(`response of ${def.method} ${def.path} breaks its contract: ${checked.error.message}`); }
        }
        const answer = data.answer ?? { envelope: envelopeOf(data.text), gzip: null, br: null };
        return sendAnswer(req, reply, answer, { status: def.successStatus ?? 200, ...(data.etag ? { etag: data.etag } : {}) });
      }
      if (ctx.config.validateResponses) {
        const checked = def.response.safeParse(data);
        if (!checked.success) {
          throw new Error(`response of ${def.method} ${def.path} breaks its contract: ${checked.error.message}`);
        }
      }
      return reply.code(def.successStatus ?? 200).send({ resFlag: true, data: data ?? null, msg: 'OK' });
    },
  });
}
