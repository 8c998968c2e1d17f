import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import { apiKeyListQuerySchema, apiKeyPageSchema, apiKeySchema, createApiKeyBodySchema, issuedApiKeySchema } from './api-keys.schemas';

// Chosen (not in the spec, which names API users but not their keys): docs/api-keys.md.
const tag = 'API keys';

export const findApiKeys = endpoint({
  method: 'GET',
  path: 'apikeys',
  tag,
  summary: "Chosen: a page of the API keys of the caller's organizations (of one API user with userId), newest first; never the keys themselves",
  permission: 'apiKeys.manage',
  query: apiKeyListQuerySchema,
  response: apiKeyPageSchema,
});

export const createApiKey = endpoint({
  method: 'POST',
  path: 'apikeys',
  tag,
  summary: "Chosen: issues a key to an API user of the caller's organizations (404 otherwise), read-only or ingestion; the key is answered once and stored hashed",
  permission: 'apiKeys.manage',
  body: createApiKeyBodySchema,
  response: issuedApiKeySchema,
  successStatus: 201,
});

export const revokeApiKey = endpoint({
  method: 'DELETE',
  path: 'apikeys/{id}',
  tag,
  summary: 'Chosen: revokes a key at once (its next call answers 401); the key stays listed as revoked',
  permission: 'apiKeys.manage',
  params: z.object({ id: idSchema }),
  response: apiKeySchema,
});
