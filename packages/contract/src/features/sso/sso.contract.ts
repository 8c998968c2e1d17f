import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import { signInResultSchema } from '../auth/auth.schemas';
import {
  saveSsoConfigBodySchema,
  ssoBackchannelLogoutBodySchema,
  ssoCallbackQuerySchema,
  ssoConfigSchema,
  ssoDiscoverQuerySchema,
  ssoDiscoverySchema,
  ssoStartQuerySchema,
} from './sso.schemas';

// Chosen (not in the spec): single sign-on with OpenID Connect, docs/security.md "Single sign-on".
const tag = 'SSO';

export const getSsoConfig = endpoint({
  method: 'GET',
  path: 'sso/config/{organizationId}',
  tag,
  summary: "Chosen: the organization's OpenID Connect settings (null when none), never the client secret",
  permission: 'sso.manage',
  params: z.object({ organizationId: idSchema }),
  response: ssoConfigSchema.nullable(),
  audit: false, // the organization's provider settings: no patient data, no secret
});

export const saveSsoConfig = endpoint({
  method: 'PUT',
  path: 'sso/config/{organizationId}',
  tag,
  summary: "Chosen: registers or changes the organization's OpenID Connect provider; audited; the secret is stored encrypted",
  permission: 'sso.manage',
  params: z.object({ organizationId: idSchema }),
  body: saveSsoConfigBodySchema,
  response: ssoConfigSchema,
  audit: { resource: 'Organization' },
});

export const discoverSso = endpoint({
  method: 'GET',
  path: 'sso/discover',
  tag,
  summary: 'Chosen: the organization whose single sign-on serves an e-mail address, domain or organization number (404 when none)',
  permission: 'public',
  query: ssoDiscoverQuerySchema,
  response: ssoDiscoverySchema,
});

export const startSso = endpoint({
  method: 'GET',
  path: 'sso/start',
  tag,
  summary: "Chosen: redirects the browser to the organization's provider (authorization code with PKCE, state and nonce)",
  permission: 'public',
  query: ssoStartQuerySchema,
  binary: true,
  response: z.unknown(),
});

export const ssoCallback = endpoint({
  method: 'GET',
  path: 'sso/callback',
  tag,
  summary: 'Chosen: the redirect URI: exchanges the code, validates the ID token, and sends the browser on to finish signing in',
  permission: 'public',
  query: ssoCallbackQuerySchema,
  binary: true,
  response: z.unknown(),
});

export const completeSso = endpoint({
  method: 'POST',
  path: 'sso/complete',
  tag,
  summary: 'Chosen: opens the Vigil session of a finished provider sign-in (one-time, bound to this browser by a cookie)',
  permission: 'public',
  response: signInResultSchema,
});

export const ssoBackchannelLogout = endpoint({
  method: 'POST',
  path: 'sso/backchannel-logout/{organizationId}',
  tag,
  summary: "Chosen: OpenID Connect back-channel logout: the provider's signed logout token ends the matching Vigil sessions",
  permission: 'public',
  params: z.object({ organizationId: idSchema }),
  body: ssoBackchannelLogoutBodySchema,
  response: z.null(),
});
