/**
 * Management time per calendar month and program (C1), never counted twice (C4): an entry counts
 * toward its own program only, and time of one staff member that overlaps an earlier entry of the
 * same staff member (in any program) counts once, toward the earlier entry.
 */
import type { Program } from './codes';
import type { TimeEntryFact, TimeEvidence } from './types';

/** Time buckets: the programs, with BHI split into general BHI and psychiatric collaborative care. */
export type TimeBucket = Program | 'COCM';

/** A BHI entry whose activity starts with "COCM" is collaborative-care time (99492-99494, G0568/G0569). */
export const isCocmActivity = (activity: string) => activity.trim().toUpperCase().startsWith('COCM');

export const bucketOf = (entry: Pick<TimeEntryFact, 'program' | 'activity'>): TimeBucket =>
  entry.program === 'BHI' && isCocmActivity(entry.activity) ? 'COCM' : entry.program;

/** The counted time of one bucket in the month. */
export interface BucketTime {
  bucket: TimeBucket;
  entries: TimeEvidence[];
  /** Counted seconds of every staff member. */
  totalSeconds: number;
  /** Counted seconds of the billing practitioner personally (99491, 99424, G3002 ...). */
  practitionerSeconds: number;
  /** The first real-time interactive communication of the bucket in the month (C8). */
  interactive: { timeEntryId: number; day: string; staffUserId: number; videoCallId?: number | null } | null;
}

/**
 * Counts the month's entries per bucket. `practitionerUserId` marks the entries that are the
 * billing practitioner's personal time. Entries with no positive seconds are ignored.
 */
export function countTime(entries: TimeEntryFact[], practitionerUserId: number | null): Map<TimeBucket, BucketTime> {
  const sorted = [...entries].filter((e) => e.seconds > 0).sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id - b.id);
  const coveredUntil = new Map<number, number>();
  const out = new Map<TimeBucket, BucketTime>();
  for (const e of sorted) {
    const start = Date.parse(e.startedAt);
    const end = start + e.seconds * 1000;
    const covered = coveredUntil.get(e.staffUserId) ?? Number.NEGATIVE_INFINITY;
    // Entries are sorted by start, so what earlier entries cover from `start` on is [start, covered).
    const overlapMs = covered > start ? Math.min(end, covered) - start : 0;
    const counted = Math.max(0, Math.round((end - start - overlapMs) / 1000));
    coveredUntil.set(e.staffUserId, Math.max(covered, end));
    const bucket = bucketOf(e);
    let b = out.get(bucket);
    if (!b) {
      b = { bucket, entries: [], totalSeconds: 0, practitionerSeconds: 0, interactive: null };
      out.set(bucket, b);
    }
    b.entries.push({
      id: e.id,
      day: e.day,
      staffUserId: e.staffUserId,
      activity: e.activity,
      seconds: e.seconds,
      countedSeconds: counted,
      interactive: e.interactive,
      medicalNoteDetailId: e.medicalNoteDetailId,
      ...(e.videoCallId != null ? { videoCallId: e.videoCallId } : {}),
    });
    b.totalSeconds += counted;
    if (practitionerUserId !== null && e.staffUserId === practitionerUserId) { b.practitionerSeconds += counted; }
    if (e.interactive && !b.interactive) { b.interactive = { timeEntryId: e.id, day: e.day, staffUserId: e.staffUserId, ...(e.videoCallId != null ? { videoCallId: e.videoCallId } : {}) }; }
  }
  return out;
}

/** The local day on which the counted time (of everyone, or of `onlyStaff`) reached `seconds`; null if never. */
export function dayReached(bucket: BucketTime | undefined, seconds: number, onlyStaff?: number | null): string | null {
  if (!bucket) { return null; }
  let sum = 0;
  for (const e of bucket.entries) {
    if (onlyStaff != null && e.staffUserId !== onlyStaff) { continue; }
    sum += e.countedSeconds;
    if (sum >= seconds) { return e.day; }
  }
  return null;
}

/** Whole minutes of counted seconds (thresholds compare seconds; minutes are for messages). */
export const wholeMinutes = (seconds: number) => Math.floor(seconds / 60);
