import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor } from './turn';

describe('iceServersFor (coturn shared-secret scheme)', () => {
  const now = new Date('2026-11-25T18:00:00Z');
  it('gives "<expiry>:<id>" and base64(HMAC-SHA1(secret, username)), valid for the TTL', () => {
    const { iceServers, expiresAt } = iceServersFor({ turnUrls: ['turn:127.0.0.1:3478?transport=udp'], turnSecret: 's3cret', turnTtlSeconds: 600, iceTransportPolicy: 'all' as const }, 'u42', now);
    const expiry = Math.floor(now.getTime() / 1000) + 600;
    expect(iceServers).toEqual([
      { urls: ['turn:127.0.0.1:3478?transport=udp'], username: `${expiry}:u42`, credential: createHmac('sha1', 's3cret').update(`${expiry}:u42`).digest('base64') },
    ]);
    // A known vector: HMAC-SHA1("s3cret", "1764094200:u42") computed independently (Python hmac).
    expect(iceServersFor({ turnUrls: ['turn:x'], turnSecret: 's3cret', turnTtlSeconds: 600, iceTransportPolicy: 'all' as const }, 'u42', new Date(1764093600_000)).iceServers[0]).toMatchObject({
      username: '1764094200:u42',
      credential: 'KUEH0TTNS6/ef7WvjLe7hJleMZI=',
    });
    expect(expiresAt).toBe(new Date(expiry * 1000).toISOString());
  });

  it('hands out no credential without a secret, and nothing without URLs', () => {
    expect(iceServersFor({ turnUrls: ['stun:127.0.0.1:3478'], turnTtlSeconds: 600, iceTransportPolicy: 'all' as const }, 'u1', now)).toEqual({ iceServers: [{ urls: ['stun:127.0.0.1:3478'] }], expiresAt: null, iceTransportPolicy: 'all' });
    expect(iceServersFor({ turnUrls: [], turnSecret: 'x', turnTtlSeconds: 600, iceTransportPolicy: 'all' as const }, 'u1', now)).toEqual({ iceServers: [], expiresAt: null, iceTransportPolicy: 'all' });
  });

  it('carries the configured ICE transport policy (relay: every call through TURN)', () => {
    expect(iceServersFor({ turnUrls: ['turn:x'], turnSecret: 's', turnTtlSeconds: 600, iceTransportPolicy: 'relay' }, 'g7', now).iceTransportPolicy).toBe('relay');
    expect(iceServersFor({ turnUrls: [], turnTtlSeconds: 600, iceTransportPolicy: 'relay' }, 'g7', now).iceTransportPolicy).toBe('relay');
  });
});
