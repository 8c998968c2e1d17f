import { NotificationType } from '@vigil/contract';
import type { AppContext } from '../../context';
import { localDateOf, localTimeOf, officeTimeZone } from '../../lib/office-calendar';
import { createAndDeliver } from '../notifications/index';
import { claimDueReminders } from './appointments.repo';
import { systemDb } from '../../db/handles';

/** Most appointments one run reminds (the next minute takes the rest). */
const REMINDERS_PER_RUN = 1000;

/**
 * Appointment reminders (type 4 reminder, spec section 3) to the doctor, the attendees and the
 * patient of every SCHEDULED appointment starting within VIGIL_APPOINTMENT_REMINDER_MINUTES (60 by
 * default). Sent once: the claim sets the appointment's `reminder_sent_at` in the statement that
 * selects it, so that of several API processes, or a retried job, exactly one sends each reminder;
 * the notifications' dedupe key `appointment-reminder:<id>` guards a crash between claim and send.
 * A rescheduled appointment is reminded again (the update clears the mark). Returns the
 * notifications written.
 */
export async function sendAppointmentReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await claimDueReminders(systemDb(ctx.db), now, ctx.config.appointmentReminderMinutes * 60_000, REMINDERS_PER_RUN);
  const values = due.flatMap((d) => {
    const zone = officeTimeZone(d.timeZone);
    const when = `${localDateOf(d.startsAt, zone)} ${localTimeOf(d.startsAt, zone)}`;
    const kind = d.kind === 'VIDEO' ? { en: 'video visit', es: 'visita por video' } : d.kind === 'PHONE' ? { en: 'phone visit', es: 'visita telefónica' } : { en: 'appointment', es: 'cita' };
    return [...new Set([d.doctorId, d.patientId, ...d.attendeeIds])].map((toUserId) => ({
      notificationTypeId: NotificationType.REMINDER,
      fromUserId: null,
      toUserId,
      relatedPatientId: d.patientId,
      hospitalId: d.hospitalId,
      messageEn: `Reminder: ${kind.en} at ${when}`,
      messageEs: `Recordatorio: ${kind.es} el ${when}`,
      additionalData: { appointmentId: d.id, scheduledAt: d.startsAt.toISOString() },
      dedupeKey: `appointment-reminder:${d.id}:${d.startsAt.toISOString()}`,
    }));
  });
  return (await createAndDeliver(ctx, values)).length;
}
