import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema/index';

/**
 * Records that API key `keyId` was used at `at` (its `last_used_at`, docs/api-keys.md): the
 * recorder app.ts hands to the API-key principal (lib/api-key-auth.ts `useApiKeyUseRecorder`),
 * which calls it at most once a minute per key. The api-keys feature owns the table
 * (docs/architecture.md "Table ownership").
 */
export async function recordApiKeyUse(ctx: AppContext, keyId: number, at: Date): Promise<void> {
  await ctx.db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId));
}
