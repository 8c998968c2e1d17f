/**
 * The office day view's answers kept by this API process (docs/appointments.md "Day view cache and
 * ETag"), the first user of lib/versioned-answers.ts. An entry is the JSON text of one office's
 * local day as staff see it, with the day-view version (schema `appointmentDayVersions`) read in
 * the statement that built it, and its gzip and brotli variants. It is served only while the
 * database still holds that version, which every request reads first: a write by any API process
 * on the same database takes a new version in its own transaction, so no process serves an answer
 * older than the last committed write. Patients' views (filtered to themselves) are not kept.
 */
import { defineVersionedAnswers } from '../../lib/versioned-answers';

/** One process's day views: at most 36 MB (texts and encoded answers), least recently used dropped first. */
export const dayViewAnswers = defineVersionedAnswers({ maxBytes: 36 * 1024 * 1024 });

/** The key of office `hospitalId`'s local `day` (YYYY-MM-DD) in IANA zone `zone`. */
export const dayViewKey = (hospitalId: number, day: string, zone: string): string => `${hospitalId}|${day}|${zone}`;
