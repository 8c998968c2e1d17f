/**
 * The medical-notes feature's public surface (docs/architecture.md "Feature boundaries"): note
 * details written for other features inside their transaction, with the medical notes' own rules
 * (program enabled in the office, author or office admin, timer-documenting details locked): the
 * CCM record's medical notes are details of the patient's month note (docs/ccm.md); and the writer
 * of the details time tracking keeps with its entries, which app.ts hands to time tracking.
 */
export { addMonthDetailIn, deleteDetailIn, updateDetailIn } from './medical-notes.service';
export { noteDetailsWriter } from './note-details.service';
