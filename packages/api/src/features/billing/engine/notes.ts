/**
 * The day of service of a medical-note detail, for the evidence and the dates of service (APCM).
 * A detail documents care given on a day that need not be the day it was written (a note for
 * March may be written on 2 April):
 * - the detail documents a time entry -> the entry's local start day (`timeEntry`; the day a
 *   manual entry with custom seconds was given, or a timer ran);
 * - else the day it was written when that day lies in the note's month (`written`);
 * - else the nearest day of the note's month (`noteMonth`: written after the month -> its last
 *   day; before -> its first), since the note is the record of that month.
 * Source: CMS date-of-service convention for monthly care-management codes (reference C1: time is
 * counted per calendar month); docs/billing-engine.md "Facts".
 */
import { monthBounds } from './dates';
import type { NoteEvidence, NoteFact } from './types';

/** The detail's day of service within the note's month (`year`, `month`) and where it comes from. */
export function noteServiceDay(n: Pick<NoteFact, 'timeEntryDay' | 'writtenDay'>, year: number, month: number): { day: string; daySource: NoteEvidence['daySource'] } {
  if (n.timeEntryDay) { return { day: n.timeEntryDay, daySource: 'timeEntry' }; }
  const { first, last } = monthBounds(year, month);
  if (n.writtenDay >= first && n.writtenDay <= last) { return { day: n.writtenDay, daySource: 'written' }; }
  return { day: n.writtenDay > last ? last : first, daySource: 'noteMonth' };
}

/** A note as evidence of a claim: ids, author and its day of service. */
export function noteEvidence(n: NoteFact, year: number, month: number): NoteEvidence {
  return { id: n.id, medicalNoteId: n.medicalNoteId, ...noteServiceDay(n, year, month), authorId: n.authorId };
}
