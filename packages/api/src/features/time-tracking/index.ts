/**
 * The time-tracking feature's public surface (docs/architecture.md "Feature boundaries"): care
 * time entries and the month's medical note details they belong to (medical notes write both),
 * the care rules, closing forgotten timers (the per-minute job), and manual entries written for
 * other features with time tracking's rules (manual-entries.service.ts).
 */
export { assertAuthorOrOfficeAdmin, assertProgramEnabled } from './care-rules';
export { assertUsableTemplate, closeForgottenTimers, officeForPatient } from './time-tracking.service';
export { createManualEntry, deleteManualEntry, recordCallEntry, updateManualEntry, type ManualEntryFields, type ManualEntryValues } from './manual-entries.service';
export {
  addDetailToMonthNote,
  deleteDetailsAndEmptyNotes,
  deleteEntries,
  findEntriesOfDetails,
  insertDetail,
  insertEntry,
  loadEntryViews,
  updateEntry,
} from './time-tracking.repo';
