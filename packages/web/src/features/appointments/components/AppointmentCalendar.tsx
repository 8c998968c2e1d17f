import { useMemo } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import esLocale from '@fullcalendar/react/locales/es';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@vigil/contract';

/** Status colours of the calendar's events: Mantine's darkest shades, so white text keeps AA contrast (4.5:1). */
const statusColor: Record<Appointment['status'], string> = {
  REQUESTED: '#9c4a00',
  SCHEDULED: '#1864ab',
  IN_PROGRESS: '#2b8a3e',
  COMPLETED: '#495057',
  CANCELLED: '#c92a2a',
  NO_SHOW: '#862e9c',
};

/**
 * The office calendar (day, week and list views) on FullCalendar. Events are placed by their
 * wall-clock time in the office's zone (the calendar runs in 'UTC' and each event's start is its
 * office-local date and time), so the grid shows the office's day whatever the browser's zone.
 * `onRange` gets the visible range as office-local dates ('YYYY-MM-DD', end exclusive).
 */
export function AppointmentCalendar({ appointments, onOpen, onRange }: { appointments: Appointment[]; onOpen: (id: number) => void; onRange: (from: string, to: string) => void }) {
  const { t, i18n } = useTranslation('appointments');
  const events = useMemo(
    () =>
      appointments.map((a) => {
        const start = `${a.localDate}T${a.localTime}:00Z`;
        return {
          id: String(a.appointmentId),
          title: `${a.patient.lastName}, ${a.patient.firstName} · ${t(`kind.${a.kind}`)} · ${a.doctor.lastName}`,
          start,
          end: new Date(new Date(start).getTime() + a.durationMinutes * 60_000).toISOString(),
          color: statusColor[a.status],
          contrastColor: '#ffffff',
          className: `appointment-${a.status.toLowerCase()}`,
        };
      }),
    [appointments, t],
  );
  return (
    <div data-testid="appointment-calendar">
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin]}
        initialView="timeGridDay"
        timeZone="UTC"
        locales={[esLocale]}
        locale={i18n.language.startsWith('en') ? 'en' : 'es'}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,listWeek' }}
        todayText={t('calendar.today')}
        dayText={t('calendar.day')}
        weekTextLong={t('calendar.week')}
        weekTextShort={t('calendar.week')}
        listText={t('calendar.list')}
        slotMinTime="06:00:00"
        slotMaxTime="22:00:00"
        nowIndicator={false}
        height="auto"
        allDaySlot={false}
        events={events}
        eventClick={(arg) => onOpen(Number(arg.event.id))}
        datesSet={(arg) => onRange(arg.startStr.slice(0, 10), arg.endStr.slice(0, 10))}
        noEventsText={t('calendar.empty')}
        eventDidMount={(arg) => {
          arg.el.setAttribute('tabindex', '0');
          arg.el.setAttribute('role', 'button');
          arg.el.setAttribute('aria-label', arg.event.title);
          arg.el.addEventListener('keydown', (e) => {
            if (e.key === 'Enter' || e.key === ' ') { onOpen(Number(arg.event.id)); }
          });
        }}
      />
    </div>
  );
}
