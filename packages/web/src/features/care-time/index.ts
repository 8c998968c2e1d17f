// What other features may compose from care-time: the notes and timer panel and the presence action
// of /patientdetails/{id}, the month's time entries and note (read by the monthly review too), and
// the MM:SS helpers used by the monthly review and reports (months and days: lib/calendar).
export { CareTimePanel } from './components/CareTimePanel';
export { PatientPresenceAction } from './components/PatientPresenceAction';
export { ProgramBadge } from './components/shared';
export { formatMmSs, secondsByProgram } from './format';
export { useMonthNote, useTimeEntries } from './api/care-time';
