/**
 * The API key principal (docs/api-keys.md): a server-to-server caller sends its key in the
 * `X-Api-Key` header; it is resolved here, in one place, to a scope of its API user (role 9) in
 * the key's organization (every office of it), narrowed by the key's access (`apiKeyMay` in the
 * contract's permission map). Keys are 256 random bits shown once and stored as SHA-256; a
 * revoked key, or one whose user is not active, resolves to nothing. Each key has a rate limit per
 * minute, and its last use is recorded (at most once a minute) by the api-keys feature, which owns
 * the table: app.ts hands its recorder in (`useApiKeyUseRecorder`; lib imports no feature,
 * docs/architecture.md "Table ownership").
 */
import { and, eq, isNull } from 'drizzle-orm';
import { languageFromStored, Role, type ApiKeyAccess } from '@vigil/contract';
import type { AppContext } from '../context';
import { apiKeys, hospitals, users } from '../db/schema/index';
import type { Scope } from '../db/scope';
import { newToken, tokenHash } from './crypto';
import { perContext } from './per-context';

/** How long a resolved key is trusted without reading the database again (revoking clears this process's cache at once). */
export const API_KEY_TTL_MS = 5_000;
const LAST_USED_EVERY_MS = 60_000;
const WINDOW_MS = 60_000;
/** A key's prefix shown in lists (never enough to use it). */
export const API_KEY_PREFIX_LENGTH = 8;
/** The key text: a fixed marker, then 256 random bits (base64url). */
const KEY_MARKER = 'vgk_';

interface Cached {
  scope: Scope;
  keyId: number;
  limit: number;
  expiresAt: number;
}

interface Cache {
  entries: Map<string, Cached>;
  /** Key id -> [window start (epoch ms), calls in it]. */
  windows: Map<number, [number, number]>;
  lastUsed: Map<number, number>;
  generation: number;
}

const cacheOf = perContext((): Cache => ({ entries: new Map(), windows: new Map(), lastUsed: new Map(), generation: 0 }));

/** Records that API key `keyId` was used at `at` (the api-keys feature's `recordApiKeyUse`). */
export type ApiKeyUseRecorder = (ctx: AppContext, keyId: number, at: Date) => Promise<void>;

const recorderOf = perContext((): { record: ApiKeyUseRecorder | null } => ({ record: null }));

/** Hands this context's API-key principal the recorder of a key's last use (app.ts, before serving). */
export function useApiKeyUseRecorder(ctx: AppContext, record: ApiKeyUseRecorder): void {
  recorderOf(ctx).record = record;
}

/** Forgets this process's resolved keys (after a key is issued or revoked, or a user changes). */
export function forgetApiKeys(ctx: AppContext): void {
  const c = cacheOf(ctx);
  c.entries.clear();
  c.generation++;
}

/** What the auth plugin learns from an `X-Api-Key` header. */
export type ApiKeyResolution = { ok: true; scope: Scope } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'rateLimited'; retryAfterSeconds: number };

/**
 * Resolves an API key to its caller's scope, counting the call against the key's per-minute limit.
 * `invalid` for an unknown or revoked key or a user that is not an active API user;
 * `rateLimited` (with the seconds until the window ends) past the limit.
 */
export async function resolveApiKey(ctx: AppContext, key: string, now = Date.now()): Promise<ApiKeyResolution> {
  if (!key.startsWith(KEY_MARKER) || key.length > 100) { return { ok: false, reason: 'invalid' }; }
  const hash = tokenHash(key);
  const cache = cacheOf(ctx);
  let entry = cache.entries.get(hash);
  if (entry && entry.expiresAt <= now) {
    cache.entries.delete(hash);
    entry = undefined;
  }
  if (!entry) {
    const generation = cache.generation;
    const [row] = await ctx.db
      .select({ id: apiKeys.id, userId: apiKeys.userId, organizationId: apiKeys.organizationId, access: apiKeys.access, limit: apiKeys.rateLimitPerMinute, roleId: users.roleId, status: users.status, language: users.language })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
      .limit(1);
    if (!row || row.roleId !== Role.API_USER || row.status !== 1) { return { ok: false, reason: 'invalid' }; }
    const offices = await ctx.db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.organizationId, row.organizationId));
    entry = {
      keyId: row.id,
      limit: row.limit,
      expiresAt: now + API_KEY_TTL_MS,
      scope: {
        userId: row.userId,
        role: Role.API_USER,
        organizationId: row.organizationId,
        officeIds: offices.map((o) => o.id),
        sessionId: 0,
        lang: languageFromStored(row.language),
        apiKey: { id: row.id, access: row.access as ApiKeyAccess },
      },
    };
    if (generation === cache.generation) { cache.entries.set(hash, entry); }
  }
  const window = cache.windows.get(entry.keyId);
  if (!window || now - window[0] >= WINDOW_MS) { cache.windows.set(entry.keyId, [now, 1]); }
  else if (window[1] >= entry.limit) { return { ok: false, reason: 'rateLimited', retryAfterSeconds: Math.max(1, Math.ceil((window[0] + WINDOW_MS - now) / 1000)) }; }
  else { window[1]++; }
  const last = cache.lastUsed.get(entry.keyId);
  if (last === undefined || now - last >= LAST_USED_EVERY_MS) {
    const record = recorderOf(ctx).record;
    if (!record) { throw new Error('API-key principal: no recorder of a key\'s use; app.ts hands in the api-keys feature\'s (useApiKeyUseRecorder)'); }
    cache.lastUsed.set(entry.keyId, now);
    await record(ctx, entry.keyId, new Date(now));
  }
  return { ok: true, scope: { ...entry.scope, officeIds: [...entry.scope.officeIds] } };
}

/** A new key's text (shown once) and what is stored of it. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = KEY_MARKER + newToken();
  return { key, hash: tokenHash(key), prefix: key.slice(0, KEY_MARKER.length + API_KEY_PREFIX_LENGTH) };
}
