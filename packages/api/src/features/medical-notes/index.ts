/**
 * The medical-notes feature's public surface (docs/architecture.md "Feature boundaries"): note
 * details written for other features inside their transaction, with the medical notes' own rules
 * (program enabled in the office, author or office admin, timer-documenting details locked): the
 * CCM record's medical notes are details of the patient's month note (docs/ccm.md).
 */
export { addMonthDetailIn, deleteDetailIn, updateDetailIn } from './medical-notes.service';
