// What other features may compose from care-time: the notes and timer panel and the presence action
// of /patientdetails/{id}, the month's time entries and note (read by the monthly review too), and
// the MM:SS and month helpers used by the monthly review and reports.
export { CareTimePanel } from './components/CareTimePanel';
export { PatientPresenceAction } from './components/PatientPresenceAction';
export { ProgramBadge } from './components/shared';
export { currentMonthIn, dayIn, formatMmSs, monthLabel, secondsByProgram, type YearMonth } from './format';
export { useMonthNote, useTimeEntries } from './api/care-time';
