/**
 * SMART Backend Services (SMART App Launch 2.x, "Backend Services"; docs/fhir.md): the token
 * endpoint's checks and the FHIR API's principal. A client asks for a token with a JWT it signed
 * (RS384 or ES384) with a key of its registered JWKS; the assertion names the client in `iss` and
 * `sub`, the token URL in `aud`, a `jti` never used before and an `exp` at most 5 minutes ahead.
 * Access tokens are opaque (256 random bits), stored as SHA-256, bound to the client's
 * organization, valid 5 minutes, and stop at once when the client is revoked. Tokens and
 * assertions are never logged.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { Role } from '@vigil/contract';
import type { AppContext } from '../../context';
import { systemDb } from '../../db/handles';
import type { Scope } from '../../db/scope';
import { newToken, tokenHash } from '../../lib/crypto';
import { recordSystemLog } from '../../lib/system-log';
import { officeIdsOfOrganization } from '../offices/index';
import * as repo from './fhir-api.repo';

/** How long an access token lives, in seconds. */
export const ACCESS_TOKEN_SECONDS = 300;
/** The latest an assertion may expire, in seconds after now (SMART: no more than five minutes). */
export const MAX_ASSERTION_SECONDS = 300;
/** The assertion algorithms SMART Backend Services requires servers to support. */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'];
export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** An OAuth 2.0 error answer (RFC 6749 section 5.2): its status, code and a fixed description. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}

/** What one scope grants: a resource type (or `*`) and whether it reads and / or searches. */
interface Grant {
  type: string;
  read: boolean;
  search: boolean;
}

/** Parses `system/<type>.<perm>` (v2 `rs`, `r`, `s`; v1 `read` = `rs`); null for anything else. */
export function parseScope(scope: string): Grant | null {
  const m = /^system\/(\*|[A-Z][A-Za-z]{1,63})\.(rs|r|s|read)$/.exec(scope);
  if (!m) { return null; }
  const perm = m[2]!;
  return { type: m[1]!, read: perm === 'read' || perm.includes('r'), search: perm === 'read' || perm.includes('s') };
}

/** Whether the scopes `allowed` cover scope `requested` (a `*` type covers every type). */
export function scopeCovered(allowed: string[], requested: string): boolean {
  const want = parseScope(requested);
  if (!want) { return false; }
  const grants = allowed.map(parseScope).filter((g): g is Grant => g !== null && (g.type === '*' || g.type === want.type));
  return (!want.read || grants.some((g) => g.read)) && (!want.search || grants.some((g) => g.search));
}

/** Whether a token's `scopes` allow `interaction` on resource `type`. */
export function tokenMay(scopes: string[], type: string, interaction: 'read' | 'search'): boolean {
  return scopes.map(parseScope).some((g) => g !== null && (g.type === '*' || g.type === type) && (interaction === 'read' ? g.read : g.search));
}

/** The token request's form fields (application/x-www-form-urlencoded). */
export interface TokenRequest {
  grant_type?: string;
  scope?: string;
  client_assertion_type?: string;
  client_assertion?: string;
}

/** The token answer (SMART Backend Services "Response"). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/**
 * Checks a token request and issues an access token. `tokenUrl` is the assertion's required
 * audience. Throws OAuthError: unsupported_grant_type, invalid_request (a field missing),
 * invalid_client (unknown or revoked client, bad signature, wrong iss / sub / aud, expired, exp
 * more than 5 minutes ahead, no jti, a jti used before), invalid_scope (no requested scope is
 * allowed). The issue is recorded in the token table and as a system log line (no token).
 */
export async function issueToken(ctx: AppContext, form: TokenRequest, tokenUrl: string, now: Date = new Date()): Promise<TokenAnswer> {
  if (form.grant_type !== 'client_credentials') { throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials'); }
  if (form.client_assertion_type !== JWT_BEARER) { throw new OAuthError(400, 'invalid_request', `client_assertion_type must be ${JWT_BEARER}`); }
  if (typeof form.client_assertion !== 'string' || form.client_assertion.length === 0 || form.client_assertion.length > 16_000) { throw new OAuthError(400, 'invalid_request', 'client_assertion is required'); }
  if (typeof form.scope !== 'string' || form.scope.trim() === '') { throw new OAuthError(400, 'invalid_request', 'scope is required'); }
  let iss: unknown;
  try {
    iss = decodeJwt(form.client_assertion).iss;
  } catch {
    throw new OAuthError(401, 'invalid_client', 'The client assertion is not a JWT');
  }
  const client = typeof iss === 'string' && iss.length <= 200 ? await repo.activeClientByClientId(systemDb(ctx.db), iss) : null;
  if (!client) { throw new OAuthError(401, 'invalid_client', 'Unknown or revoked client'); }
  let payload: { exp?: number; jti?: unknown };
  try {
    ({ payload } = await jwtVerify(form.client_assertion, createLocalJWKSet(client.jwks as unknown as JSONWebKeySet), {
      algorithms: ASSERTION_ALGORITHMS,
      issuer: client.clientId,
      subject: client.clientId,
      audience: tokenUrl,
      requiredClaims: ['exp', 'jti'],
      currentDate: now,
      clockTolerance: 0,
    }));
  } catch {
    throw new OAuthError(401, 'invalid_client', 'The client assertion could not be verified');
  }
  const exp = payload.exp!;
  if (exp * 1000 > now.getTime() + MAX_ASSERTION_SECONDS * 1000) { throw new OAuthError(401, 'invalid_client', 'The client assertion expires more than 5 minutes ahead'); }
  if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 200) { throw new OAuthError(401, 'invalid_client', 'The client assertion has no jti'); }
  if (!(await repo.claimAssertionJti(systemDb(ctx.db), client.id, payload.jti, new Date(exp * 1000), now))) {
    throw new OAuthError(401, 'invalid_client', 'The client assertion was already used');
  }
  const requested = form.scope.trim().split(/\s+/);
  const granted = [...new Set(requested.filter((s) => scopeCovered(client.scopes, s)))];
  if (granted.length === 0) { throw new OAuthError(400, 'invalid_scope', 'None of the requested scopes is allowed to this client'); }
  const token = newToken();
  await repo.insertToken(systemDb(ctx.db), { clientId: client.id, organizationId: client.organizationId, tokenHash: tokenHash(token), scopes: granted, issuedAt: now, expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000) });
  void recordSystemLog(ctx.db, {
    level: 'info',
    kind: 'fhirApi',
    source: 'POST /fhir/R4/auth/token',
    message: 'FHIR API access token issued',
    organizationId: client.organizationId,
    details: { smartClientId: client.id, scopes: granted.length },
  }, (err) => ctx.log.warn({ errName: (err as Error)?.name }, 'system log not stored'));
  return { access_token: token, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS, scope: granted.join(' ') };
}

/** A caller of the FHIR API: its client, the scopes its token grants and the tenant scope its reads run under. */
export interface FhirPrincipal {
  clientId: number;
  organizationId: number;
  scopes: string[];
  /** The organization's every office, as an API user sees them; user id 0 is nobody (no "own" rows). */
  scope: Scope;
}

/** Resolves an `Authorization: Bearer` header to its principal; null for a missing, unknown, expired or revoked token. */
export async function resolveFhirToken(ctx: AppContext, authorization: string | undefined, now: Date = new Date()): Promise<FhirPrincipal | null> {
  if (typeof authorization !== 'string' || !/^bearer /i.test(authorization)) { return null; }
  const token = authorization.slice(7).trim();
  if (token.length === 0 || token.length > 100) { return null; }
  const live = await repo.liveToken(systemDb(ctx.db), tokenHash(token), now);
  if (!live) { return null; }
  const officeIds = await officeIdsOfOrganization(systemDb(ctx.db), live.organizationId);
  return {
    clientId: live.clientId,
    organizationId: live.organizationId,
    scopes: live.scopes,
    scope: { userId: 0, role: Role.API_USER, organizationId: live.organizationId, officeIds, sessionId: 0, lang: 'en' },
  };
}
