/**
 * The appointments feature's public surface (docs/architecture.md "Feature boundaries"): the
 * reminder job's work (jobs/appointment-reminders.send.job.ts) and an office's appointment counts
 * for a range (the facility dashboard, docs/dashboards.md).
 */
export { sendAppointmentReminders } from './appointment-reminders';
export { countOfficeAppointments, type OfficeAppointmentCounts } from './appointments.repo';
