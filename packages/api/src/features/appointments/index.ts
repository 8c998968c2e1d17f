/**
 * The appointments feature's public surface (docs/architecture.md "Feature boundaries"): the
 * reminder job's work (jobs/appointment-reminders.send.job.ts), an office's appointment counts
 * for a range (the facility dashboard, docs/dashboards.md) and the visit rooms of the real-time
 * socket (app.ts, docs/video-visits.md "Signaling") and missing the rings whose time is up (the per-minute job).
 */
export { sendAppointmentReminders } from './appointment-reminders';
export { countOfficeAppointments } from './appointments.service';
export type { OfficeAppointmentCounts } from './appointments.repo';
export { visitSocketRooms } from './visit-signaling';
export { expireRingsNow } from './video-calls.service';
