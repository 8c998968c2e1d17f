/**
 * The time-tracking feature's public surface (docs/architecture.md "Feature boundaries"): care
 * time entries (the medical notes write the entries of their details), the care rules, closing
 * forgotten timers (the per-minute job), manual entries written for other features with time
 * tracking's rules (manual-entries.service.ts), and the port through which app.ts hands in the
 * medical-notes feature's writer of note details (note-details.port.ts).
 */
export { assertAuthorOrOfficeAdmin, assertProgramEnabled } from './care-rules';
export { assertUsableTemplate, closeForgottenTimers, officeForPatient } from './time-tracking.service';
export {
  createManualEntry,
  deleteDetailEntries,
  deleteManualEntry,
  entryView,
  moveDetailEntriesToProgram,
  recordCallEntry,
  updateManualEntry,
  type ManualEntryFields,
  type ManualEntryValues,
} from './manual-entries.service';
export { useNoteDetailsWriter, type NoteDetailsWriter } from './note-details.port';
