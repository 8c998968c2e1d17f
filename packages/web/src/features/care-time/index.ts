// What other features may compose from care-time: the notes and timer panel and the presence action
// of /patientdetails/{id}, and the MM:SS and month helpers used by the monthly review and reports.
export { CareTimePanel } from './components/CareTimePanel';
export { PatientPresenceAction } from './components/PatientPresenceAction';
export { ProgramBadge } from './components/shared';
export { currentMonthIn, dayIn, formatMmSs, monthLabel, secondsByProgram, type YearMonth } from './format';
