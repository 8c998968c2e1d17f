import * as oidc from 'openid-client';
import * as jose from 'jose';
import { ssoProvisionableRoles, type RoleId, type SaveSsoConfigBody, type SignInResult, type SsoConfig, type SsoDiscovery } from '@vigil/contract';
import type { AppContext } from '../../context';
import { tenantDb } from '../../db/handles';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { auditTrail } from '../../lib/audit-trail';
import { newToken, tokenHash } from '../../lib/crypto';
import { perContext } from '../../lib/per-context';
import { linkBase } from '../../lib/public-url';
import { recordSystemLog } from '../../lib/system-log';
import { endSessionById, openSessionForUser } from '../auth/index';
import { provisionUser } from '../users/index';
import { seal, unseal } from './sso.crypto';
import * as repo from './sso.repo';

/**
 * Single sign-on with OpenID Connect per organization (docs/security.md "Single sign-on"). The
 * certified client library `openid-client` does discovery, the authorization code grant with PKCE
 * (RFC 7636, S256), and validates the ID token (OpenID Connect Core 1.0 section 3.1.3.7: issuer,
 * audience, signature, expiry, nonce) and the `iss` of the authorization response (RFC 9207).
 * Back-channel logout tokens (OpenID Connect Back-Channel Logout 1.0 section 2.6) are verified
 * with `jose` against the provider's JWKS.
 */

/** The flow cookie: binds `state` to the browser that started the sign-in (login CSRF; RFC 6749 section 10.12). */
export const FLOW_COOKIE = 'vigil_sso';
/** How long a sign-in may take from `sso/start` to `sso/complete`. */
const FLOW_MINUTES = 10;
/** Scopes asked for: the ID token, the e-mail and names, and a refresh token to follow the provider's session. */
const SCOPES = 'openid email profile offline_access';
/** The events claim of a back-channel logout token (Back-Channel Logout 1.0 section 2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** SSO sessions refreshed per run of the refresh job. */
const REFRESH_BATCH = 200;

/** Where the provider sends the browser back (register at the provider). */
export const redirectUriOf = (ctx: AppContext) => `${linkBase(ctx)}/api/sso/callback`;
/** The back-channel logout URL of organization `organizationId` (register at the provider). */
export const backchannelUriOf = (ctx: AppContext, organizationId: number) => `${linkBase(ctx)}/api/sso/backchannel-logout/${organizationId}`;

// ---- Provider discovery, cached per settings version --------------------------------------------

interface Provider {
  config: oidc.Configuration;
  jwks: ReturnType<typeof jose.createRemoteJWKSet>;
}
const providers = perContext<Map<string, Promise<Provider>>>(() => new Map());

const isLoopback = (host: string) => host === '127.0.0.1' || host === '[::1]' || host === 'localhost';

/** Whether the issuer's scheme is allowed: https, or http at a loopback address when VIGIL_SSO_ALLOW_HTTP_ISSUER. */
function issuerAllowed(ctx: AppContext, issuerUrl: string): boolean {
  const url = new URL(issuerUrl);
  if (url.protocol === 'https:') { return true; }
  return url.protocol === 'http:' && ctx.config.sso.allowHttpIssuer && isLoopback(url.hostname);
}

async function discover(ctx: AppContext, issuerUrl: string, clientId: string, clientSecret: string): Promise<Provider> {
  const url = new URL(issuerUrl);
  const insecure = url.protocol === 'http:';
  const config = await oidc.discovery(url, clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
    timeout: 10,
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) { throw new Error('the provider publishes no jwks_uri'); }
  return { config, jwks: jose.createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000 }) };
}

/** The provider of an organization's settings (discovered once per settings version). */
function providerOf(ctx: AppContext, row: repo.SsoConfigRow): Promise<Provider> {
  const key = `${row.organizationId}:${row.updatedAt.getTime()}`;
  const cache = providers(ctx);
  let hit = cache.get(key);
  if (!hit) {
    for (const k of cache.keys()) { if (k.startsWith(`${row.organizationId}:`)) { cache.delete(k); } }
    hit = discover(ctx, row.issuerUrl, row.clientId, unseal(ctx, row.clientSecretSealed));
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

// ---- Settings ------------------------------------------------------------------------------------

function viewOf(ctx: AppContext, row: repo.SsoConfigRow): SsoConfig {
  return {
    organizationId: row.organizationId,
    enabled: row.enabled,
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretSealed.length > 0,
    claim: row.claim === 'sub' ? 'sub' : 'email',
    emailDomains: row.emailDomains,
    jitEnabled: row.jitEnabled,
    jitRoleId: row.jitRoleId,
    jitOfficeId: row.jitOfficeId,
    required: row.required,
    redirectUri: redirectUriOf(ctx),
    backchannelLogoutUri: backchannelUriOf(ctx, row.organizationId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `GET sso/config/{organizationId}`: the settings (null when none), never the secret. 404 for an organization out of scope. */
export async function getConfig(ctx: AppContext, scope: Scope, organizationId: number): Promise<SsoConfig | null> {
  const tenant = tenantDb(scope, ctx.db);
  if (!(await repo.organizationVisible(tenant, organizationId))) { throw AppError.notFound(); }
  const row = await repo.getConfig(tenant, organizationId);
  return row ? viewOf(ctx, row) : null;
}

/**
 * `PUT sso/config/{organizationId}`: registers or changes the organization's provider. 404 out of
 * scope. 400 when: the first save has no client secret (`ssoSecretRequired`); just-in-time
 * provisioning names a role outside `ssoProvisionableRoles`, such as any admin role
 * (`ssoJitRoleNotAllowed`), or an office of another organization (`ssoOfficeNotInOrganization`; 404 for an office the caller does not see);
 * the issuer is not https (http only at a loopback address with VIGIL_SSO_ALLOW_HTTP_ISSUER) or its
 * discovery document cannot be read with these credentials (`ssoIssuerUnreachable`), checked before
 * anything is stored. The secret is stored sealed (sso.crypto.ts). The change is in the PHI audit
 * trail (the endpoint's audit declaration) and in the system log.
 */
export async function saveConfig(ctx: AppContext, scope: Scope, organizationId: number, body: SaveSsoConfigBody): Promise<SsoConfig> {
  const tenant = tenantDb(scope, ctx.db);
  if (!(await repo.organizationVisible(tenant, organizationId))) { throw AppError.notFound(); }
  const existing = await repo.getConfig(tenant, organizationId);
  const secret = body.clientSecret ? body.clientSecret : existing ? unseal(ctx, existing.clientSecretSealed) : null;
  if (!secret) { throw AppError.badRequest('ssoSecretRequired', { clientSecret: 'ssoSecretRequired' }); }
  const jitRoleId = body.jitEnabled ? (body.jitRoleId ?? null) : null;
  const jitOfficeId = body.jitEnabled ? (body.jitOfficeId ?? null) : null;
  // docs/security.md "Single sign-on": a provisioned user is never an admin.
  if (jitRoleId !== null && !ssoProvisionableRoles.includes(jitRoleId as RoleId)) {
    throw AppError.badRequest('ssoJitRoleNotAllowed', { jitRoleId: 'ssoJitRoleNotAllowed' });
  }
  if (jitOfficeId !== null) {
    const officeOrg = await repo.organizationOfOffice(tenant, jitOfficeId);
    if (officeOrg === null) { throw AppError.notFound(); } // not an office the caller sees
    if (officeOrg !== organizationId) { throw AppError.badRequest('ssoOfficeNotInOrganization', { jitOfficeId: 'ssoOfficeNotInOrganization' }); }
  }
  if (!issuerAllowed(ctx, body.issuerUrl)) { throw AppError.badRequest('ssoIssuerUnreachable', { issuerUrl: 'ssoIssuerUnreachable' }); }
  try {
    await discover(ctx, body.issuerUrl, body.clientId, secret);
  } catch (err) {
    ctx.log.warn({ organizationId, err: (err as Error).name }, 'sso: issuer discovery failed');
    throw AppError.badRequest('ssoIssuerUnreachable', { issuerUrl: 'ssoIssuerUnreachable' });
  }
  const row = await ctx.db.transaction((tx) =>
    repo.upsertConfig(tenantDb(scope, tx), {
      organizationId,
      enabled: body.enabled,
      issuerUrl: body.issuerUrl,
      clientId: body.clientId,
      clientSecretSealed: seal(ctx, secret),
      claim: body.claim,
      emailDomains: [...new Set(body.emailDomains)],
      jitEnabled: body.jitEnabled,
      jitRoleId,
      jitOfficeId,
      required: body.required,
      updatedBy: scope.userId,
    }),
  );
  ctx.log.info({ organizationId, userId: scope.userId, enabled: row.enabled, required: row.required, jitEnabled: row.jitEnabled, secretChanged: !!body.clientSecret }, 'sso: settings changed');
  return viewOf(ctx, row);
}

// ---- Sign-in -------------------------------------------------------------------------------------

/**
 * `GET sso/discover`: the organization whose enabled SSO serves what the user typed: an e-mail
 * address or its domain (matched against the organization's e-mail domains), or the organization's
 * number (a per-organization link). 404 `ssoNotAvailable` otherwise.
 */
export async function discoverOrganization(ctx: AppContext, q: string): Promise<SsoDiscovery> {
  const text = q.trim().toLowerCase();
  if (/^\d{1,10}$/.test(text)) {
    const row = await repo.getEnabledConfig(ctx.db, Number(text));
    if (row) { return { organizationId: row.organizationId, organizationName: row.organizationName }; }
  } else {
    const domain = text.includes('@') ? text.slice(text.lastIndexOf('@') + 1) : text;
    const found = await repo.findOrganizationByDomain(ctx.db, domain);
    if (found) { return found; }
  }
  throw AppError.notFound('ssoNotAvailable');
}

/** What the routes pass about cookies: the flow cookie the browser sent, and how to set or clear it. */
export interface FlowCookie {
  value?: string;
  set: (value: string, maxAgeSeconds: number) => void;
  clear: () => void;
}

/**
 * `GET sso/start?org=`: the URL of the provider's authorization endpoint to redirect the browser
 * to, with PKCE (S256), `state` and `nonce`. The flow is a short-lived server-side record keyed by
 * hashes of `state` and of a new flow cookie; nothing about the user is in the URL. 404
 * `ssoNotAvailable` when the organization has no enabled SSO; 400 `ssoIssuerUnreachable` when the
 * provider's discovery cannot be read.
 */
export async function startSignIn(ctx: AppContext, organizationId: number, cookie: FlowCookie): Promise<string> {
  const row = await repo.getEnabledConfig(ctx.db, organizationId);
  if (!row) { throw AppError.notFound('ssoNotAvailable'); }
  let provider: Provider;
  try {
    provider = await providerOf(ctx, row);
  } catch (err) {
    ctx.log.warn({ organizationId, err: (err as Error).name }, 'sso: issuer discovery failed');
    throw AppError.badRequest('ssoIssuerUnreachable');
  }
  const flowToken = newToken();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await repo.deleteExpiredFlows(ctx.db, new Date());
  await repo.insertFlow(ctx.db, {
    organizationId,
    cookieHash: tokenHash(flowToken),
    stateHash: tokenHash(state),
    codeVerifier,
    nonce,
    expiresAt: new Date(Date.now() + FLOW_MINUTES * 60_000),
  });
  cookie.set(flowToken, FLOW_MINUTES * 60);
  const url = oidc.buildAuthorizationUrl(provider.config, {
    redirect_uri: redirectUriOf(ctx),
    scope: SCOPES,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return url.href;
}

function refuse(ctx: AppContext, reason: string, details: Record<string, unknown>, key: 'ssoFailed' | 'ssoNoAccount' = 'ssoFailed', userId?: number): AppError {
  void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source: 'GET sso/callback', message: `Single sign-on refused: ${reason}`, ...(userId ? { userId } : {}), details: { reason, ...details } });
  return key === 'ssoNoAccount' ? new AppError('forbidden', 'ssoNoAccount') : AppError.badRequest('ssoFailed');
}

/**
 * `GET sso/callback`: checks the flow (state bound to the flow cookie, unexpired, used once; 404
 * otherwise, counted by the callback's guess limit), lets `openid-client` exchange the code with
 * the PKCE verifier and validate the ID token with the flow's nonce, then maps the token to a Vigil
 * user of the organization: by the linked subject, else by the verified e-mail (`claim` email, or
 * the first sign-in of `claim` sub), else provisions one just in time when allowed (the admin's
 * role and office; audited). 400 `ssoFailed` when the provider answered an error or the tokens do
 * not validate; 403 `ssoNoAccount` when no user matches and provisioning is off, or the user is
 * disabled. Returns the web address that completes the sign-in (`/sso/complete`).
 */
export async function handleCallback(
  ctx: AppContext,
  input: { currentUrl: URL; state?: string; error?: string },
  cookie: FlowCookie,
  request: { ip: string; requestId: string },
): Promise<string> {
  if (!input.state || !cookie.value) { throw AppError.notFound('ssoFailed'); }
  const flow = await repo.claimFlowForCallback(ctx.db, tokenHash(input.state), tokenHash(cookie.value));
  if (!flow) { throw AppError.notFound('ssoFailed'); }
  const organizationId = flow.organizationId;
  if (input.error) { throw refuse(ctx, 'providerError', { organizationId, error: input.error.slice(0, 100), ip: request.ip }); }
  const row = await repo.getEnabledConfig(ctx.db, organizationId);
  if (!row) { throw AppError.notFound('ssoNotAvailable'); }
  const provider = await providerOf(ctx, row);
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(provider.config, input.currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: input.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    }, { redirect_uri: redirectUriOf(ctx) });
  } catch (err) {
    const e = err as Error & { code?: string; error?: string };
    throw refuse(ctx, 'tokenInvalid', { organizationId, error: e.code ?? e.name, providerError: e.error ?? null, ip: request.ip });
  }
  const idToken = tokens.claims();
  if (!idToken) { throw refuse(ctx, 'noIdToken', { organizationId, ip: request.ip }); }
  const subject = idToken.sub;
  let claims: Record<string, unknown> = idToken;
  if (typeof idToken.email !== 'string' && tokens.access_token) {
    // Providers may keep scope claims out of the ID token (OpenID Connect Core 1.0 section 5.4): read them from UserInfo, for the same subject.
    try {
      claims = { ...(await oidc.fetchUserInfo(provider.config, tokens.access_token, subject)), ...idToken };
    } catch (err) {
      throw refuse(ctx, 'userInfoFailed', { organizationId, error: (err as { code?: string }).code ?? (err as Error).name, ip: request.ip });
    }
  }
  const email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email.toLowerCase() : null;
  const sid = typeof claims.sid === 'string' ? claims.sid : null;

  let userId = await repo.findIdentityUser(ctx.db, organizationId, subject);
  let provisioned = false;
  if (userId === null && email) {
    // claim 'email': matched by e-mail on every sign-in; claim 'sub': by e-mail only until the subject is linked.
    userId = (await repo.findUserByEmail(ctx.db, organizationId, email))?.id ?? null;
  }
  if (userId === null && row.jitEnabled && row.jitRoleId !== null && row.jitOfficeId !== null && email) {
    userId = await provision(ctx, row, { email, claims }, request);
    provisioned = userId !== null;
  }
  if (userId === null) { throw refuse(ctx, 'noAccount', { organizationId, provisioning: row.jitEnabled, ip: request.ip }, 'ssoNoAccount'); }
  const user = await repo.getUserBasics(ctx.db, userId);
  if (!user || user.organizationId !== organizationId || user.status !== 1) {
    throw refuse(ctx, 'accountNotUsable', { organizationId, ip: request.ip }, 'ssoNoAccount', userId);
  }
  await repo.setFlowResult(ctx.db, flow.id, {
    userId,
    subject,
    providerSid: sid,
    refreshTokenSealed: tokens.refresh_token ? seal(ctx, tokens.refresh_token) : null,
    provisioned,
  });
  return `${linkBase(ctx)}/sso/complete`;
}

/** Provisions the user of a verified e-mail with the settings' role and office, audited; null when the e-mail is another account's. */
async function provision(ctx: AppContext, row: repo.SsoConfigRow, from: { email: string; claims: Record<string, unknown> }, request: { ip: string; requestId: string }): Promise<number | null> {
  const roleId = row.jitRoleId as RoleId;
  // Checked again at sign-in: settings written before the rule, or past the API, never make an admin.
  if (!ssoProvisionableRoles.includes(roleId)) { return null; }
  const timeZone = await repo.officeTimeZone(ctx.db, row.jitOfficeId!, row.organizationId);
  if (timeZone === null) { return null; }
  const c = from.claims;
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : '');
  const [nameFirst, ...nameRest] = text(c.name).split(' ');
  const created = await ctx.db.transaction((tx) =>
    provisionUser(tx, {
      organizationId: row.organizationId,
      officeId: row.jitOfficeId!,
      roleId,
      email: from.email,
      firstName: text(c.given_name) || nameFirst || from.email.split('@')[0]!,
      lastName: text(c.family_name) || nameRest.join(' ') || '',
      language: typeof c.locale === 'string' && c.locale.toLowerCase().startsWith('en') ? 'ENG' : 'ESP',
      timeZone,
    }),
  );
  if (!created) { return null; }
  auditTrail(ctx).record({
    at: new Date(),
    userId: created.id,
    roleId,
    organizationId: row.organizationId,
    patientId: null,
    resource: 'Practitioner',
    action: 'C',
    endpoint: 'GET sso/callback',
    outcome: 201,
    address: request.ip,
    requestId: request.requestId,
  });
  ctx.log.info({ organizationId: row.organizationId, userId: created.id, roleId }, 'sso: user provisioned');
  return created.id;
}

/**
 * `POST sso/complete`: opens the Vigil session of the browser's finished sign-in (its flow cookie,
 * once, within the flow's 10 minutes; 401 `ssoFailed` otherwise), through auth's
 * `openSessionForUser` (which refuses disabled users and roles refused at staff sign-in), records
 * the SSO session (the provider's sid, subject and sealed refresh token, first refresh due after
 * VIGIL_SSO_REFRESH_MINUTES), links the subject to the user, and audits the SSO sign-in. The answer
 * is the password sign-in's: the user with their role and offices.
 */
export async function completeSignIn(ctx: AppContext, cookie: FlowCookie, request: { ip: string; requestId: string }): Promise<SignInResult> {
  if (!cookie.value) { throw new AppError('unauthorized', 'ssoFailed'); }
  const flow = await repo.claimFlowForCompletion(ctx.db, tokenHash(cookie.value));
  cookie.clear();
  if (!flow || flow.userId === null || flow.subject === null) { throw new AppError('unauthorized', 'ssoFailed'); }
  const { sessionId, result } = await openSessionForUser(ctx, flow.userId, 'SSO', request.ip);
  await ctx.db.transaction(async (tx) => {
    await repo.insertSsoSession(tx, {
      sessionId,
      organizationId: flow.organizationId,
      userId: flow.userId!,
      subject: flow.subject!,
      providerSid: flow.providerSid,
      refreshTokenSealed: flow.refreshTokenSealed,
      refreshDueAt: flow.refreshTokenSealed ? new Date(Date.now() + ctx.config.sso.refreshMinutes * 60_000) : null,
    });
    await repo.linkIdentity(tx, flow.organizationId, flow.subject!, flow.userId!);
  });
  auditTrail(ctx).record({
    at: new Date(),
    userId: flow.userId,
    roleId: result.user.roleId,
    organizationId: flow.organizationId,
    patientId: null,
    resource: 'Practitioner',
    action: 'E',
    endpoint: 'POST sso/complete',
    outcome: 200,
    address: request.ip,
    requestId: request.requestId,
  });
  return result;
}

// ---- The provider ends sessions --------------------------------------------------------------------

async function endBecauseOfProvider(ctx: AppContext, s: { sessionId: number; userId: number; roleId: number; organizationId: number }, reason: 'ssoBackchannelLogout' | 'ssoRefreshRefused', endpoint: string, address: string, requestId: string) {
  await repo.endSsoSession(ctx.db, s.sessionId, reason);
  await endSessionById(ctx, s.sessionId, reason);
  auditTrail(ctx).record({ at: new Date(), userId: s.userId, roleId: s.roleId, organizationId: s.organizationId, patientId: null, resource: 'Practitioner', action: 'E', endpoint, outcome: 200, address, requestId });
}

/**
 * `POST sso/backchannel-logout/{organizationId}` (OpenID Connect Back-Channel Logout 1.0 section
 * 2.6): verifies the logout token with the organization's provider keys (JWKS; issuer, audience =
 * client id, `iat` within 5 minutes, an `events` claim with the logout event, `sub` or `sid`, and
 * no `nonce`), then ends every open Vigil session from SSO that matches its `sid` (and `sub`). 400
 * `ssoFailed` for an invalid token or an organization without enabled SSO, so the provider sees
 * the logout failed (section 2.8).
 */
export async function backchannelLogout(ctx: AppContext, organizationId: number, logoutToken: string, request: { ip: string; requestId: string }): Promise<null> {
  const row = await repo.getEnabledConfig(ctx.db, organizationId);
  if (!row) { throw AppError.badRequest('ssoFailed'); }
  const provider = await providerOf(ctx, row);
  const meta = provider.config.serverMetadata();
  let payload: jose.JWTPayload;
  try {
    ({ payload } = await jose.jwtVerify(logoutToken, provider.jwks, { issuer: meta.issuer, audience: row.clientId, maxTokenAge: '5m', requiredClaims: ['iat', 'jti', 'events'] }));
  } catch (err) {
    void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source: 'POST sso/backchannel-logout', message: 'Back-channel logout token refused', details: { organizationId, error: (err as { code?: string }).code ?? 'invalid', ip: request.ip } });
    throw AppError.badRequest('ssoFailed');
  }
  const events = payload.events as Record<string, unknown> | undefined;
  const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
  const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
  if (!events || typeof events[LOGOUT_EVENT] !== 'object' || 'nonce' in payload || (sid === undefined && sub === undefined)) {
    throw AppError.badRequest('ssoFailed');
  }
  for (const s of await repo.findOpenSsoSessions(ctx.db, organizationId, { sid, sub })) {
    await endBecauseOfProvider(ctx, { ...s, organizationId }, 'ssoBackchannelLogout', 'POST sso/backchannel-logout', request.ip, request.requestId);
  }
  return null;
}

/**
 * The refresh job's work (queue `sso-refresh`, once a minute): each open SSO session whose refresh
 * is due uses its refresh token at the provider. A provider that refuses it (an OAuth error answer
 * such as `invalid_grant`: the user was disabled or signed out there, the token was revoked) ends
 * the Vigil session at once; a new refresh token replaces the old one; a provider that cannot be
 * reached is tried again next minute (the session is not ended for a network fault). A session
 * signed out in Vigil is closed here too. Returns the counts.
 */
export async function refreshDueSessions(ctx: AppContext, now = new Date()): Promise<{ refreshed: number; ended: number; postponed: number }> {
  const out = { refreshed: 0, ended: 0, postponed: 0 };
  for (const s of await repo.findDueRefreshes(ctx.db, now, REFRESH_BATCH)) {
    if (!s.vigilOpen) { await repo.endSsoSession(ctx.db, s.sessionId, 'vigilSessionEnded'); continue; }
    const row = await repo.getEnabledConfig(ctx.db, s.organizationId);
    if (!row) {
      // SSO switched off for the organization: its SSO sessions end with it.
      await endBecauseOfProvider(ctx, s, 'ssoRefreshRefused', 'job sso-refresh', '', '');
      out.ended++;
      continue;
    }
    try {
      const provider = await providerOf(ctx, row);
      const tokens = await oidc.refreshTokenGrant(provider.config, unseal(ctx, s.refreshTokenSealed!));
      await repo.setRefreshed(ctx.db, s.sessionId, tokens.refresh_token ? seal(ctx, tokens.refresh_token) : s.refreshTokenSealed!, new Date(now.getTime() + ctx.config.sso.refreshMinutes * 60_000));
      out.refreshed++;
    } catch (err) {
      if (err instanceof oidc.ResponseBodyError) {
        ctx.log.info({ organizationId: s.organizationId, userId: s.userId, error: err.error }, 'sso: the provider refused a refresh token; session ended');
        await endBecauseOfProvider(ctx, s, 'ssoRefreshRefused', 'job sso-refresh', '', '');
        out.ended++;
      } else {
        ctx.log.warn({ organizationId: s.organizationId, err: (err as Error).name }, 'sso: refresh could not reach the provider');
        await repo.postponeRefresh(ctx.db, s.sessionId, new Date(now.getTime() + 60_000));
        out.postponed++;
      }
    }
  }
  return out;
}
