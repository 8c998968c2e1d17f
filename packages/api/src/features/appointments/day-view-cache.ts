/**
 * The office day view's answers kept by this API process (docs/appointments.md "Day view cache and
 * ETag"). An entry is the JSON text of one office's local day as staff see it, with the day-view
 * version (schema `appointmentDayVersions`) read in the statement that built it. It is served only
 * while the database still holds that version, which every request reads first: a write by any API
 * process on the same database takes a new version in its own transaction, so no process serves an
 * answer older than the last committed write. Patients' views (filtered to themselves) are not kept.
 */
import type { AppContext } from '../../context';
import { JsonText } from '../../lib/route';

/** Entries' size kept at most (the text's UTF-16 code units, ~2 bytes each, and the encoded answer): 12 M units, about 36 MB. */
const MAX_UNITS = 12 * 1024 * 1024;

interface Entry {
  version: string;
  /** The JSON text of the day. */
  json: string;
  /** The whole answer, encoded once (`JsonText.envelope`). */
  envelope: Buffer;
}

/** One process's day views, least recently used dropped first beyond `MAX_UNITS`. */
export class DayViewCache {
  private readonly entries = new Map<string, Entry>();
  private units = 0;

  /** The key of office `hospitalId`'s local `day` (YYYY-MM-DD) in IANA zone `zone`. */
  static key(hospitalId: number, day: string, zone: string): string {
    return `${hospitalId}|${day}|${zone}`;
  }

  /** The kept answer of `key` when it was built at `version`, else undefined. */
  get(key: string, version: string): { json: string; envelope: Buffer } | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  /** Keeps `json` for `key` as built at `version` (replacing an older one). */
  set(key: string, version: string, json: string): void {
    const old = this.entries.get(key);
    if (old) {
      this.units -= old.json.length;
      this.entries.delete(key);
    }
    if (json.length > MAX_UNITS) return;
    this.entries.set(key, { version, json, envelope: JsonText.envelope(json) });
    this.units += json.length;
    for (const [k, e] of this.entries) {
      if (this.units <= MAX_UNITS) break;
      this.entries.delete(k);
      this.units -= e.json.length;
    }
  }
}

const caches = new WeakMap<AppContext, DayViewCache>();

/** The day-view cache of the app `ctx` (one per app: a test process runs several apps on several databases). */
export function dayViewCacheOf(ctx: AppContext): DayViewCache {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new DayViewCache()));
  return cache;
}
