import { z } from 'zod';
import { bodyIdSchema, idSchema } from '../../common/ids';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { requiredText } from '../../common/validation';

/** API users' keys (docs/api-keys.md): issued by a system or organization admin, shown once, revocable. */

export const apiKeyAccessSchema = z.enum(['read', 'ingest']);

export const apiKeySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  organizationId: z.number().int(),
  name: z.string(),
  /** The first characters of the key, to recognise it; never enough to use it. */
  prefix: z.string(),
  access: apiKeyAccessSchema,
  rateLimitPerMinute: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListQuerySchema = pageQuerySchema.extend({ userId: idSchema.optional(), organizationId: idSchema.optional() });
export type ApiKeyListQuery = z.output<typeof apiKeyListQuerySchema>;
export const apiKeyPageSchema = pageOf(apiKeySchema);

export const createApiKeyBodySchema = z.strictObject({
  userId: bodyIdSchema,
  name: requiredText(100),
  access: apiKeyAccessSchema,
  rateLimitPerMinute: z.number().int().min(1).max(10_000).default(120),
});
export type CreateApiKeyBody = z.output<typeof createApiKeyBodySchema>;

/** The answer to issuing a key: the key itself, shown this once, and its stored description. */
export const issuedApiKeySchema = z.object({ key: z.string(), apiKey: apiKeySchema });
