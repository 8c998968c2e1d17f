import { z } from 'zod';
import { bodyIdSchema } from '../../common/ids';
import { Role, type RoleId } from '../../common/roles';
import { optionalText, requiredText } from '../../common/validation';

/**
 * Single sign-on with OpenID Connect per organization (docs/security.md "Single sign-on"): the
 * organization admin registers the provider; staff of the organization sign in through it
 * (authorization code with PKCE), and may be required to.
 */

/** Which ID token claim names the Vigil user: the e-mail address, or the provider's subject once linked. */
export const ssoClaimSchema = z.enum(['email', 'sub']);
export type SsoClaim = z.infer<typeof ssoClaimSchema>;

/**
 * The roles a just-in-time provisioned user may get (docs/security.md "Single sign-on"): staff who
 * work in one office, never an admin role (system, organization or office admin) and never a
 * role refused at staff sign-in.
 */
export const ssoProvisionableRoles: readonly RoleId[] = [Role.DOCTOR, Role.NURSE, Role.DATA_COORDINATOR];

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/);

/** The organization's SSO settings as the API shows them: never the client secret, only whether one is stored. */
export const ssoConfigSchema = z.object({
  organizationId: z.number().int(),
  enabled: z.boolean(),
  issuerUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  claim: ssoClaimSchema,
  emailDomains: z.array(z.string()),
  jitEnabled: z.boolean(),
  jitRoleId: z.number().int().nullable(),
  jitOfficeId: z.number().int().nullable(),
  required: z.boolean(),
  /** Where the provider sends the browser back (register it at the provider). */
  redirectUri: z.string(),
  /** The back-channel logout URL to register at the provider. */
  backchannelLogoutUri: z.string(),
  updatedAt: z.string().nullable(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/**
 * `PUT sso/config/{organizationId}`. `clientSecret` left out (or empty) keeps the stored one; the
 * first save needs one. With `jitEnabled`, `jitRoleId` and `jitOfficeId` are required and the role
 * must be one of `ssoProvisionableRoles` (the server refuses an admin role with `ssoJitRoleNotAllowed`).
 */
export const saveSsoConfigBodySchema = z
  .strictObject({
    enabled: z.boolean(),
    issuerUrl: z.string().trim().min(1).max(500).pipe(z.url({ protocol: /^https?$/ })),
    clientId: requiredText(255),
    clientSecret: optionalText(2000),
    claim: ssoClaimSchema.default('email'),
    emailDomains: z.array(domainSchema).max(20).default([]),
    jitEnabled: z.boolean().default(false),
    jitRoleId: bodyIdSchema.nullable().optional(),
    jitOfficeId: bodyIdSchema.nullable().optional(),
    required: z.boolean().default(false),
  })
  .refine((b) => !b.jitEnabled || (b.jitRoleId ?? null) !== null, { path: ['jitRoleId'], message: 'required' })
  .refine((b) => !b.jitEnabled || (b.jitOfficeId ?? null) !== null, { path: ['jitOfficeId'], message: 'required' });
export type SaveSsoConfigBody = z.output<typeof saveSsoConfigBodySchema>;

/** `GET sso/discover`: what the sign-in screen typed, an e-mail address, its domain or the organization's number. */
export const ssoDiscoverQuerySchema = z.object({ q: requiredText(254) });
export const ssoDiscoverySchema = z.object({ organizationId: z.number().int(), organizationName: z.string() });
export type SsoDiscovery = z.infer<typeof ssoDiscoverySchema>;

/** `GET sso/start`: the organization whose provider signs the user in. */
export const ssoStartQuerySchema = z.object({ org: z.union([bodyIdSchema, z.string().regex(/^\d{1,10}$/).transform(Number).pipe(bodyIdSchema)]) });

/** `GET sso/callback`: what the provider sends back (RFC 6749 section 4.1.2; errors section 4.1.2.1). */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  session_state: z.string().max(500).optional(),
});

/** `POST sso/backchannel-logout/{organizationId}` (OpenID Connect Back-Channel Logout 1.0, section 2.5): form-encoded. */
export const ssoBackchannelLogoutBodySchema = z.object({ logout_token: z.string().min(1).max(16_000) });
