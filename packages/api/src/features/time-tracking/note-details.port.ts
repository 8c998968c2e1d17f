import type { CareProgram } from '@vigil/contract';
import type { TenantDb } from '../../db/handles';

/**
 * The writes of medical note details that time tracking makes with its entries: a timer's note
 * on stop, the program of a manual entry's note following the entry, a manual entry's note
 * deleted with it. The tables are the medical-notes feature's (docs/architecture.md "Table
 * ownership"), and medical notes call time tracking for their entries, so the writer is handed in
 * by app.ts (`useNoteDetailsWriter`, the medical-notes feature's `noteDetailsWriter`) instead of
 * imported: the same pattern as the session resolver of lib/session-cache.ts. Each call runs
 * inside the caller's transaction (the handle's executor); time tracking has checked the rules.
 */
export interface NoteDetailsWriter {
  /** Adds a detail to the patient's note of the office and month (created when missing); both ids. */
  addDetailToMonthNote(tenant: TenantDb, v: { patientId: number; hospitalId: number; year: number; month: number; text: string; program: CareProgram; categoryTemplateId: number | null; authorId: number }): Promise<{ medicalNoteId: number; detailId: number }>;
  /** Sets the program of details `detailIds` of notes in the caller's offices. */
  setDetailsProgram(tenant: TenantDb, detailIds: number[], program: CareProgram): Promise<void>;
  /** Deletes details `detailIds` of notes in the caller's offices and the notes left empty; their ids. */
  deleteDetailsAndEmptyNotes(tenant: TenantDb, detailIds: number[]): Promise<number[]>;
}

let writer: NoteDetailsWriter | null = null;

/** Hands time tracking the writer of note details (app.ts, once, before routes are served). */
export function useNoteDetailsWriter(next: NoteDetailsWriter): void {
  writer = next;
}

/** The writer app.ts handed in; throws when none was (a programming error, not a user's). */
export function noteDetails(): NoteDetailsWriter {
  if (!writer) { throw new Error('time tracking: no note details writer; app.ts hands in the medical-notes feature\'s (useNoteDetailsWriter)'); }
  return writer;
}
