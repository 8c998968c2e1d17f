import * as details from './note-details.repo';

/**
 * The writer of note details that app.ts hands to time tracking (`useNoteDetailsWriter`,
 * features/time-tracking/note-details.port.ts): the detail of a timer's note, a manual entry's
 * note following its program, a manual entry's note deleted with it. The medical-notes feature
 * owns the tables (docs/architecture.md "Table ownership"); time tracking checks its own rules
 * (program enabled, author, template) before it calls, inside its transaction.
 */
export const noteDetailsWriter = {
  addDetailToMonthNote: details.addDetailToMonthNote,
  setDetailsProgram: details.setDetailsProgram,
  deleteDetailsAndEmptyNotes: details.deleteDetailsAndEmptyNotes,
};
