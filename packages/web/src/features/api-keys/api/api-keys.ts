import { keepPreviousData } from '@tanstack/react-query';
import { apiKeys, users, type ApiKeyListQuery, type CreateApiKeyBody } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

const keyReads = [apiKeys] as const;

/** GET user/getapiusers: a page of the API users in scope. */
export function useApiUsers(query: { page: number; pageSize: number; search?: string }) {
  return useEndpointQuery(users.getApiUsers, { query }, { placeholderData: keepPreviousData });
}

/** GET apikeys: the keys of the caller's organizations (never the keys themselves). */
export function useApiKeys(query: Partial<ApiKeyListQuery>) {
  return useEndpointQuery(apiKeys.findApiKeys, { query }, { placeholderData: keepPreviousData });
}

/** POST apikeys: answers the key once. */
export function useCreateApiKey() {
  return useEndpointMutation(apiKeys.createApiKey, { input: (body: CreateApiKeyBody) => ({ body }), invalidates: keyReads });
}

/** DELETE apikeys/{id}: revokes the key at once. */
export function useRevokeApiKey() {
  return useEndpointMutation(apiKeys.revokeApiKey, { input: (id: number) => ({ params: { id } }), invalidates: keyReads });
}
