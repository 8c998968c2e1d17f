/**
 * The FHIR R4 API at /fhir/R4 (docs/fhir.md): outside the contract and its JSON envelope, like
 * /metrics. It answers `application/fhir+json` and OperationOutcome errors (OAuth errors on the
 * token endpoint, RFC 6749 section 5.2). The discovery documents (`metadata`,
 * `.well-known/smart-configuration`) and the token endpoint are public by their standards; every
 * resource route needs a live SMART access token whose scopes allow the interaction (default deny),
 * and reads through the owners' read functions with the token's tenant scope, so another
 * organization's record answers 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@vigil/contract';
import type { AppContext } from '../../context';
import { tenantDb } from '../../db/handles';
import { AppError } from '../../lib/app-error';
import { auditTrail } from '../../lib/audit-trail';
import { limitTokenGuesses, TOKEN_GUESS_LIMIT } from '../../lib/guess-limit';
import { linkBase } from '../../lib/public-url';
import { loadUserView, loadUserViews } from '../users/index';
import { capabilityStatement, operationOutcome, patientResource, searchset, type FhirJson } from './fhir.resources';
import { ASSERTION_ALGORITHMS, issueToken, OAuthError, resolveFhirToken, tokenMay, type FhirPrincipal, type TokenRequest } from './smart-auth';

export const FHIR_BASE_PATH = '/fhir/R4';
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** The largest page a search answers, and its default. */
export const MAX_COUNT = 100;
export const DEFAULT_COUNT = 50;
const ID = /^[1-9][0-9]{0,9}$/;

/** A FHIR error answer: its HTTP status and OperationOutcome. */
class FhirError extends Error {
  constructor(readonly status: number, readonly outcome: FhirJson) {
    super('fhir error');
  }
}
const invalid = (text: string) => new FhirError(400, operationOutcome('invalid', text));
const notFound = () => new FhirError(404, operationOutcome('not-found', 'Resource not found'));

/** The API's base URL, from VIGIL_PUBLIC_URL (lib/public-url.ts), never from the request's Host. */
function baseUrl(ctx: AppContext, _req: FastifyRequest): string {
  return `${linkBase(ctx)}${FHIR_BASE_PATH}`;
}

/**
 * One PHI audit event per patient whose record a FHIR call answered (docs/audit.md, docs/fhir.md
 * "Audit"): caller user 0 with the API user role and the token's organization (the client is no
 * user), resource Patient, action R, the route's path, the status. A read that found nothing is
 * recorded without a patient.
 */
function auditRead(ctx: AppContext, req: FastifyRequest, principal: FhirPrincipal, endpoint: string, patientIds: number[], outcome: number): void {
  for (const patientId of patientIds.length > 0 ? patientIds : [null]) {
    auditTrail(ctx).record({
      at: new Date(),
      userId: 0,
      roleId: Role.API_USER,
      organizationId: principal.organizationId,
      patientId,
      resource: 'Patient',
      action: 'R',
      endpoint,
      outcome,
      address: req.ip ?? '',
      requestId: String(req.id),
    });
  }
}

/**
 * The answer to a path under /fhir/R4 that no route serves: 404 OperationOutcome `not-supported`.
 * Also used by the app's own not-found handler (app.ts), which the web's static files reach first
 * for an unknown path once the web app is built.
 */
export function sendFhirNotSupported(reply: FastifyReply): FastifyReply {
  return send(reply, 404, operationOutcome('not-supported', 'This FHIR interaction is not supported'));
}

const send = (reply: FastifyReply, status: number, body: FhirJson) => reply.code(status).header('Content-Type', FHIR_JSON).header('Cache-Control', 'no-store').send(JSON.stringify(body));

/** The query's parameters as single strings; a repeated parameter is refused (400). */
function queryOf(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    if (typeof v !== 'string') { throw invalid(`Parameter ${k} may appear once`); }
    out[k] = v;
  }
  const format = out._format;
  if (format !== undefined && !['json', 'application/json', 'application/fhir+json'].includes(format)) { throw invalid('Only _format=json is supported'); }
  delete out._format;
  return out;
}

/** The caller's principal when its token allows `interaction` on `type`; 401 without a live token, 403 when its scopes do not allow it. */
async function principalFor(ctx: AppContext, req: FastifyRequest, type: string, interaction: 'read' | 'search'): Promise<FhirPrincipal> {
  const principal = await resolveFhirToken(ctx, req.headers.authorization);
  if (!principal) { throw new FhirError(401, operationOutcome('login', 'A valid SMART access token is required')); }
  if (!tokenMay(principal.scopes, type, interaction)) { throw new FhirError(403, operationOutcome('forbidden', `The token's scopes do not allow ${interaction} of ${type}`)); }
  return principal;
}

/** Registers /fhir/R4 in its own plugin context (its own body parsers, error and not-found answers). */
export function fhirRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(
    async (fhir) => {
      fhir.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32_768 }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      // A caller guessing tokens or assertions: every 401 counts against the public-token guess
      // budget of its address (lib/guess-limit.ts: 20 in 15 minutes, shared with the other links),
      // then 429 with Retry-After (docs/fhir.md "Limits").
      limitTokenGuesses(fhir, ctx, TOKEN_GUESS_LIMIT, (status) => status === 401);
      fhir.setErrorHandler((err, _req, reply) => {
        if (err instanceof FhirError) { return send(reply, err.status, err.outcome); }
        if (err instanceof AppError && err.code === 'tooManyRequests') {
          if (err.retryAfterSeconds) { reply.header('Retry-After', String(err.retryAfterSeconds)); }
          return send(reply, 429, operationOutcome('throttled', 'Too many failed attempts: try again later'));
        }
        const status = (err as { statusCode?: number }).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500) { return send(reply, status, operationOutcome('invalid', 'The request could not be read')); }
        ctx.log.error({ errName: (err as Error)?.name }, 'FHIR API error');
        return send(reply, 500, operationOutcome('exception', 'Unexpected server error', 'fatal'));
      });
      fhir.setNotFoundHandler((_req, reply) => sendFhirNotSupported(reply));

      fhir.get('/.well-known/smart-configuration', { config: { public: true } }, (req, reply) => {
        const base = baseUrl(ctx, req);
        return reply.header('Cache-Control', 'no-store').send({
          token_endpoint: `${base}/auth/token`,
          token_endpoint_auth_methods_supported: ['private_key_jwt'],
          token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
          grant_types_supported: ['client_credentials'],
          scopes_supported: ['system/*.rs', 'system/*.read', 'system/Patient.rs', 'system/Patient.read'],
          capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
        });
      });

      fhir.get('/metadata', { config: { public: true } }, (req, reply) => {
        queryOf(req);
        return send(reply, 200, capabilityStatement(baseUrl(ctx, req), new Date()));
      });

      fhir.post('/auth/token', { config: { public: true } }, async (req, reply) => {
        reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
        const body = req.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          return reply.code(400).send({ error: 'invalid_request', error_description: 'Send the form as application/x-www-form-urlencoded' });
        }
        try {
          return await issueToken(ctx, body as TokenRequest, `${baseUrl(ctx, req)}/auth/token`);
        } catch (err) {
          if (err instanceof OAuthError) { return reply.code(err.status).send({ error: err.error, error_description: err.description }); }
          throw err;
        }
      });

      fhir.get<{ Params: { id: string } }>('/Patient/:id', { config: { public: true } }, async (req, reply) => {
        const principal = await principalFor(ctx, req, 'Patient', 'read');
        if (Object.keys(queryOf(req)).length > 0) { throw invalid('A read takes no parameters but _format'); }
        if (!ID.test(req.params.id)) { throw notFound(); }
        const user = await loadUserView(tenantDb(principal.scope, ctx.db), Number(req.params.id));
        const resource = user ? patientResource(user) : null;
        if (!resource) {
          auditRead(ctx, req, principal, 'GET fhir/R4/Patient/{id}', [], 404);
          throw notFound();
        }
        auditRead(ctx, req, principal, 'GET fhir/R4/Patient/{id}', [Number(resource.id)], 200);
        return send(reply, 200, resource);
      });

      fhir.get('/Patient', { config: { public: true } }, async (req, reply) => {
        const principal = await principalFor(ctx, req, 'Patient', 'search');
        const q = queryOf(req);
        for (const k of Object.keys(q)) {
          if (!['_id', '_count', '_offset'].includes(k)) { throw invalid(`Search parameter ${k} is not supported for Patient`); }
        }
        const count = q._count === undefined ? DEFAULT_COUNT : Number(q._count);
        const offset = q._offset === undefined ? 0 : Number(q._offset);
        if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) { throw invalid(`_count must be a whole number from 1 to ${MAX_COUNT}`); }
        if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) { throw invalid('_offset must be a whole number from 0'); }
        if (q._id === undefined) { throw invalid('Patient search needs _id'); }
        const ids = q._id.split(',').map((s) => s.trim());
        if (ids.length > MAX_COUNT) { throw invalid(`_id takes at most ${MAX_COUNT} ids`); }
        const known = [...new Set(ids.filter((s) => ID.test(s)).map(Number))];
        const views = known.length === 0 ? [] : await loadUserViews(tenantDb(principal.scope, ctx.db), known);
        const all = views.map(patientResource).filter((r): r is FhirJson => r !== null).sort((a, b) => Number(a.id) - Number(b.id));
        const base = baseUrl(ctx, req);
        const link = (o: number) => `${base}/Patient?${new URLSearchParams({ _id: q._id!, _count: String(count), ...(o > 0 ? { _offset: String(o) } : {}) }).toString()}`;
        const page = all.slice(offset, offset + count);
        auditRead(ctx, req, principal, 'GET fhir/R4/Patient', page.map((r) => Number(r.id)), 200);
        return send(reply, 200, searchset(page, all.length, link(offset), offset + count < all.length ? link(offset + count) : null, base));
      });
    },
    { prefix: FHIR_BASE_PATH },
  );
}
