/**
 * The devices a hub may post for, cached in this process: ingestion resolves the device of every
 * reading, and at thousands of single readings a second that lookup would be
 * one query per request for an answer that rarely changes.
 *
 * An entry is keyed by hub, the hub's office, the hub's patient and the device identifier (the
 * lookup's answer depends on all four: a hub reaches its own devices and the devices of its office
 * assigned to its patient), holds the device with its office's stored defaults for the device's
 * type (what `findDevicesForHub` joins), and lives HUB_DEVICE_TTL_MS. An identifier the hub may
 * not post for is cached too, as absent: a hub repeating an unknown device costs no query.
 *
 * Every change this process makes through the services clears the cache at once
 * (`forgetHubDevices`): a device created, changed, retired, deleted or given new thresholds
 * (devices.service), a hub changed or deleted or its credential issued or revoked
 * (hubs.service calls it with `forgetHubCredentials` of lib/hub-auth.ts), an office's defaults changed
 * (measurements.service). The trade-off: ANOTHER API process (or a write past the services, such
 * as a SQL console) is seen up to 5 s late, so within that window a reading may still be stored
 * for a device's previous patient or office, graded with its previous limits, accepted from a
 * retired device, or refused for a device just registered. Were a device deleted meanwhile, the
 * INSERT fails on its foreign key and that request answers 500 (the hub retries).
 */
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import type { HubPrincipal } from '../../db/scope';
import * as repo from './measurements.repo';

/** How long a looked-up device (or its absence) is trusted: the same 5 s as a hub credential (lib/hub-auth.ts). */
export const HUB_DEVICE_TTL_MS = 5_000;
/** Entries kept per application context before the cache starts over (a bound on memory). */
const MAX_CACHED = 20_000;

interface Entry {
  device: repo.IngestDevice | null;
  expiresAt: number;
}

interface Cache {
  entries: Map<string, Entry>;
  /** Bumped by every `forgetHubDevices`: a lookup that was running across it does not fill the cache with what it read before. */
  generation: number;
}

/** Per application context (each test app has its own database). */
const cacheOf = perContext((): Cache => ({ entries: new Map(), generation: 0 }));

const keyOf = (hub: HubPrincipal, identifier: string) => `${hub.hubId}|${hub.hospitalId}|${hub.assignedToUserId ?? ''}|${identifier}`;

/** Forgets every device this process cached for hubs (after a device, a hub or an office's defaults changed). */
export function forgetHubDevices(ctx: AppContext): void {
  const cache = cacheOf(ctx);
  cache.entries.clear();
  cache.generation++;
}

/**
 * Of `identifiers` (distinct), the active devices `hub` may post for, by device identifier
 * (`repo.findDevicesForHub`): from this process's cache when looked up less than
 * HUB_DEVICE_TTL_MS ago, the rest in one query. An identifier the hub may not post for is absent
 * from the map. The devices are shared with the cache: read them, never change them. A change
 * made through another API process shows here up to 5 s late (see the file's comment).
 */
export async function findHubDevices(ctx: AppContext, hub: HubPrincipal, identifiers: readonly string[]): Promise<Map<string, repo.IngestDevice>> {
  const cache = cacheOf(ctx);
  const now = Date.now();
  const found = new Map<string, repo.IngestDevice>();
  let missing: string[] | undefined;
  for (const identifier of identifiers) {
    const entry = cache.entries.get(keyOf(hub, identifier));
    if (entry !== undefined && entry.expiresAt > now) {
      if (entry.device) { found.set(identifier, entry.device); }
    } else {
      (missing ??= []).push(identifier);
    }
  }
  if (missing === undefined) { return found; }

  const generation = cache.generation;
  for (const device of await repo.findDevicesForHub(hub, ctx.db, missing)) { found.set(device.deviceIdentifier, device); }
  if (generation === cache.generation) {
    if (cache.entries.size + missing.length > MAX_CACHED) { cache.entries.clear(); }
    const expiresAt = Date.now() + HUB_DEVICE_TTL_MS;
    for (const identifier of missing) { cache.entries.set(keyOf(hub, identifier), { device: found.get(identifier) ?? null, expiresAt }); }
  }
  return found;
}
