/**
 * The one client of Terra's REST API (docs/integrations.md "Terra"; Terra's OpenAPI document,
 * ../shared/data/terra/v2-bundled.yaml). The base URL, developer id and API key are settings
 * (VIGIL_TERRA_API_URL, VIGIL_TERRA_DEV_ID, VIGIL_TERRA_API_KEY); they travel in Terra's `dev-id`
 * and `x-api-key` headers, never in a URL or a log.
 */
import type { AppConfig } from '../config/index';

/** A widget session as Terra answers `POST /auth/generateWidgetSession` (200). */
export interface TerraWidgetSession {
  url: string;
  sessionId: string;
  /** Seconds the URL stays valid. */
  expiresIn: number;
}

/** Why a call to Terra failed: not configured here, unreachable or timed out, or refused / malformed answer. */
export class TerraClientError extends Error {
  constructor(readonly kind: 'notConfigured' | 'unreachable' | 'refused') {
    super(`terra ${kind}`);
  }
}

/**
 * Creates a Terra widget session for one end user, named to Terra only by `referenceId` (an opaque
 * token). `language` is the widget's ('en' or 'es'). Errors: TerraClientError 'notConfigured'
 * without developer id or key, 'unreachable' on a network failure or after `timeoutMs`, 'refused'
 * for a non-200 answer or one without a URL.
 */
export async function generateWidgetSession(config: AppConfig['terra'], referenceId: string, language: 'en' | 'es'): Promise<TerraWidgetSession> {
  if (!config.devId || !config.apiKey) { throw new TerraClientError('notConfigured'); }
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/auth/generateWidgetSession`, {
      method: 'POST',
      headers: { 'dev-id': config.devId, 'x-api-key': config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ reference_id: referenceId, language, providers: 'GARMIN,FITBIT,OURA,WITHINGS,GOOGLE,APPLE,OMRON,DEXCOM,FREESTYLELIBRE' }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    throw new TerraClientError('unreachable');
  }
  if (res.status !== 200) { throw new TerraClientError('refused'); }
  const body = (await res.json().catch(() => null)) as { url?: unknown; session_id?: unknown; expires_in?: unknown; status?: unknown } | null;
  if (!body || typeof body.url !== 'string' || !/^https?:\/\//.test(body.url) || body.status === 'error') { throw new TerraClientError('refused'); }
  return { url: body.url, sessionId: typeof body.session_id === 'string' ? body.session_id : '', expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 900 };
}

/**
 * Asks Terra to forget a user (`DELETE /auth/deauthenticateUser?user_id=`): a disconnect by staff.
 * The Terra user id is Terra's opaque UUID, not PHI. Errors as `generateWidgetSession`.
 */
export async function deauthenticateUser(config: AppConfig['terra'], terraUserId: string): Promise<void> {
  if (!config.devId || !config.apiKey) { throw new TerraClientError('notConfigured'); }
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/auth/deauthenticateUser?user_id=${encodeURIComponent(terraUserId)}`, {
      method: 'DELETE',
      headers: { 'dev-id': config.devId, 'x-api-key': config.apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    throw new TerraClientError('unreachable');
  }
  // 404: Terra no longer knows the user, which is what a disconnect wants.
  if (res.status !== 200 && res.status !== 404) { throw new TerraClientError('refused'); }
}
