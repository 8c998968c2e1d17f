import { createEvent, type EventAttributes } from 'ics';
import type { Appointment } from '@vigil/contract';

/** An appointment as an iCalendar file (RFC 5545), built with the `ics` library. */
export interface IcsFile {
  fileName: string;
  contentType: string;
  body: string;
}

const kindText: Record<Appointment['kind'], { en: string; es: string }> = {
  IN_PERSON: { en: 'Visit', es: 'Visita' },
  VIDEO: { en: 'Video visit', es: 'Visita por video' },
  PHONE: { en: 'Phone visit', es: 'Visita telefónica' },
};

/**
 * One VEVENT: UID `appointment-<id>@vigil` (stable, so a re-download updates the calendar entry),
 * start in UTC, the duration, STATUS CANCELLED for a cancelled or rejected appointment, the doctor
 * as organizer-less attendee list by name (no e-mail addresses leave the portal). Throws when the
 * library refuses the event (never for a row the contract accepted).
 */
export function appointmentIcs(a: Appointment, lang: 'en' | 'es'): IcsFile {
  const event: EventAttributes = {
    uid: `appointment-${a.appointmentId}@vigil`,
    start: new Date(a.appointmentDateTime).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: a.durationMinutes },
    title: `${kindText[a.kind][lang]}: ${a.patient.lastName}, ${a.patient.firstName}`,
    description: a.reason || undefined,
    location: a.hospitalName,
    status: a.status === 'CANCELLED' ? 'CANCELLED' : a.status === 'REQUESTED' ? 'TENTATIVE' : 'CONFIRMED',
    attendees: [a.doctor, ...a.attendees].map((p) => ({ name: `${p.firstName} ${p.lastName}`.trim(), rsvp: false })),
    productId: 'vigil/appointments',
  };
  const { error, value } = createEvent(event);
  if (error || !value) { throw error ?? new Error('ics: no value'); }
  return { fileName: `appointment-${a.appointmentId}.ics`, contentType: 'text/calendar; charset=utf-8', body: value };
}
