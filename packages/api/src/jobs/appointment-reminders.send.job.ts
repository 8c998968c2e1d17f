/**
 * The queue `appointment-reminders` (docs/jobs.md, docs/appointments.md): once a minute, the
 * reminders of appointments starting within the lead time (features/appointments
 * `sendAppointmentReminders`). Sent once across processes by the claim on the appointment row.
 */
import type { AppContext } from '../context';
import { sendAppointmentReminders } from '../features/appointments/index';
import type { JobDefinition, JobName } from './queue';

export function appointmentRemindersJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'appointment-reminders',
    retryLimit: 0, // the next minute covers whatever this one missed
    retryDelaySeconds: 1,
    expireInSeconds: 15 * 60,
    handler: async () => ({ sent: await sendAppointmentReminders(ctx) }),
  };
}
