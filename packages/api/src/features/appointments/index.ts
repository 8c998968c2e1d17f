/**
 * The appointments feature's public surface (docs/architecture.md "Feature boundaries"): the
 * reminder job's work (jobs/appointment-reminders.send.job.ts).
 */
export { sendAppointmentReminders } from './appointment-reminders';
