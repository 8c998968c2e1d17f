import { z } from 'zod';
import { bodyIdSchema } from '../../common/ids';
import { requiredText } from '../../common/validation';

/**
 * SMART Backend Services clients (docs/fhir.md "Registering a client"; SMART App Launch 2.x,
 * "Backend Services"): a system client of one organization proves itself with a JWT signed by a
 * key of its registered JWKS and receives an access token for the organization's FHIR R4 API.
 */

/** The scopes a backend client may be allowed: SMART v2 `system/<type>.rs` and v1 `system/<type>.read`, `*` for every type. */
export const SMART_SCOPE_PATTERN = /^system\/(\*|[A-Z][A-Za-z]{1,63})\.(rs|r|s|read)$/;

export const smartScopeSchema = z.string().trim().regex(SMART_SCOPE_PATTERN, { message: 'smartScopeInvalid' });

/** A public JSON Web Key (RFC 7517): RSA or EC, with no private part. */
const publicJwkSchema = z
  .object({
    kty: z.enum(['RSA', 'EC']),
    kid: z.string().max(200).optional(),
    alg: z.enum(['RS384', 'ES384']).optional(),
    use: z.string().max(10).optional(),
    n: z.string().max(2000).optional(),
    e: z.string().max(20).optional(),
    crv: z.string().max(20).optional(),
    x: z.string().max(200).optional(),
    y: z.string().max(200).optional(),
  })
  .passthrough()
  .refine((k) => !('d' in k) && !('p' in k) && !('q' in k), { message: 'smartJwksPrivate' })
  .refine((k) => (k.kty === 'RSA' ? Boolean(k.n && k.e) : Boolean(k.crv && k.x && k.y)), { message: 'smartJwksInvalid' });

/** A JWK Set with 1 to 10 public keys. */
export const smartJwksSchema = z.object({ keys: z.array(publicJwkSchema).min(1, { message: 'smartJwksInvalid' }).max(10) });
export type SmartJwks = z.infer<typeof smartJwksSchema>;

export const smartClientSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  /** The OAuth `client_id` the client puts in its assertion's `iss` and `sub`. */
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  /** How many keys the registered JWKS holds (the keys themselves are public, but the list stays short). */
  keyCount: z.number().int(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type SmartClient = z.infer<typeof smartClientSchema>;

export const smartClientListQuerySchema = z.object({ organizationId: z.coerce.number().int().positive().max(2_147_483_647) });

export const createSmartClientBodySchema = z.strictObject({
  organizationId: bodyIdSchema,
  name: requiredText(100),
  jwks: smartJwksSchema,
  scopes: z.array(smartScopeSchema).min(1).max(40),
});
export type CreateSmartClientBody = z.output<typeof createSmartClientBodySchema>;
