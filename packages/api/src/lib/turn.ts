import { createHmac } from 'node:crypto';

/**
 * The one client module for TURN (HOUSE_STYLE section 8): short-lived credentials in coturn's
 * shared-secret scheme ("TURN REST API", draft-uberti-behave-turn-rest-00, coturn's
 * `use-auth-secret` + `static-auth-secret`): username "<expiry unix seconds>:<id>", credential
 * base64(HMAC-SHA1(secret, username)). coturn recomputes the HMAC with the same secret and refuses
 * an expired username, so nothing is stored. docs/video-visits.md.
 */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * The ICE servers for a browser: the TURN URLs with a credential valid `ttlSeconds` from `now` for
 * `id` (an opaque caller id such as "u42", never a name), with the configured ICE transport policy
 * (VIGIL_ICE_TRANSPORT_POLICY). No URLs: none. URLs without a secret: the
 * URLs alone (a STUN server needs no credential).
 */
export function iceServersFor(
  cfg: { turnUrls: string[]; turnSecret?: string; turnTtlSeconds: number; iceTransportPolicy: 'all' | 'relay' },
  id: string,
  now = new Date(),
): { iceServers: IceServer[]; expiresAt: string | null; iceTransportPolicy: 'all' | 'relay' } {
  const iceTransportPolicy = cfg.iceTransportPolicy;
  if (cfg.turnUrls.length === 0) { return { iceServers: [], expiresAt: null, iceTransportPolicy }; }
  if (!cfg.turnSecret) { return { iceServers: [{ urls: cfg.turnUrls }], expiresAt: null, iceTransportPolicy }; }
  const expiry = Math.floor(now.getTime() / 1000) + cfg.turnTtlSeconds;
  const username = `${expiry}:${id}`;
  const credential = createHmac('sha1', cfg.turnSecret).update(username).digest('base64');
  return { iceServers: [{ urls: cfg.turnUrls, username, credential }], expiresAt: new Date(expiry * 1000).toISOString(), iceTransportPolicy };
}
