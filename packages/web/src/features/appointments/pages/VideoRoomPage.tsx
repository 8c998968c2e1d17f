import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { appointments, can, type Appointment, type RoleId } from '@vigil/contract';
import { PublicCard } from '../../../components/PublicCard';
import { useAuth } from '../../../lib/auth';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { notify } from '../../../lib/notify';
import { useAppointment } from '../api/appointments';
import { StatusBadge } from '../components/StatusBadge';

/** The invitation token of a guest's link: in the fragment (`#invite=`), so it never reaches a server log. */
function inviteToken(): string | null {
  const m = window.location.hash.match(/invite=([A-Za-z0-9_-]{20,100})/);
  return m ? m[1]! : null;
}

/**
 * /videoRoom/{id}/{userId}/{appointmentId} (spec section 2), without the spec's authentication hole
 * (docs/video-visits.md): a guest enters with an invitation link and waits to be admitted; staff
 * enter with their session as the visit's doctor or an attendee (or office administration). Any
 * other caller gets one clear refusal. The browser media (WebRTC) is not built yet.
 */
export default function VideoRoomPage() {
  const { appointmentId } = useParams();
  const token = inviteToken();
  const { user } = useAuth();
  const id = Number(appointmentId);
  if (!Number.isInteger(id) || id < 1) return <Refused />;
  if (token) return <GuestRoom token={token} appointmentId={id} />;
  if (user) return <StaffRoom appointmentId={id} />;
  return <Refused />;
}

function Refused({ message }: { message?: string }) {
  const { t } = useTranslation('appointments');
  return (
    <PublicCard title={t('room.refusedTitle')} icon={<IconAlertTriangle size={40} aria-hidden />}>
      <Alert color="red" role="alert" data-testid="visit-refused">
        {message ?? t('room.refusedText')}
      </Alert>
    </PublicCard>
  );
}

function GuestRoom({ token, appointmentId }: { token: string; appointmentId: number }) {
  const { t } = useTranslation('appointments');
  const visit = useEndpointQuery(appointments.getGuestVisit, { headers: { visitinvitation: token } }, { retry: false, refetchInterval: 5000 });
  if (visit.isLoading)
    return (
      <Center mih="100vh">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  if (visit.error || !visit.data || visit.data.appointmentId !== appointmentId) return <Refused message={visit.error?.message} />;
  const v = visit.data;
  return (
    <PublicCard title={t('room.guestTitle', { name: v.guestName })} icon={<IconVideo size={40} aria-hidden />}>
      <Stack gap="sm" data-testid="visit-waiting">
        <Text>
          {t('room.with', { doctor: v.doctorName, office: v.hospitalName })}
        </Text>
        <Text>
          {v.localDate} {v.localTime} ({v.timeZone})
        </Text>
        <Group>
          <StatusBadge status={v.status} />
        </Group>
        <Alert color="blue">{v.status === 'IN_PROGRESS' ? t('room.admitted') : t('room.waiting')}</Alert>
      </Stack>
    </PublicCard>
  );
}

function StaffRoom({ appointmentId }: { appointmentId: number }) {
  const { t } = useTranslation('appointments');
  const { user } = useAuth();
  const appointment = useAppointment(appointmentId);
  if (appointment.isLoading)
    return (
      <Center mih="100vh">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  const a = appointment.data;
  if (appointment.error || !a || !user) return <Refused message={appointment.error?.message} />;
  const participant = a.doctor.id === user.id || a.attendees.some((p) => p.id === user.id);
  if (!participant && !can(user.roleId as RoleId, 'visits.officeAll')) return <Refused message={t('room.notParticipant')} />;
  return <StaffControls a={a} />;
}

function StaffControls({ a }: { a: Appointment }) {
  const { t } = useTranslation('appointments');
  const start = useEndpointMutation(appointments.startVideoCall, { input: (appointmentId: number) => ({ body: { appointmentId } }), invalidates: [appointments.getAppointment] });
  const stop = useEndpointMutation(appointments.stopVideoCall, { input: (appointmentId: number) => ({ body: { appointmentId } }), invalidates: [appointments.getAppointment] });
  const invite = useEndpointMutation(appointments.createVisitInvitation, { input: (appointmentId: number) => ({ body: { appointmentId, send: true } }) });
  const [link, setLink] = useState<string | null>(null);
  const onError = (e: Error) => notify({ color: 'red', message: e.message });
  return (
    <PublicCard title={t('room.staffTitle', { name: `${a.patient.firstName} ${a.patient.lastName}` })} icon={<IconVideo size={40} aria-hidden />} maxWidth={560}>
      <Stack gap="sm" data-testid="visit-staff">
        <Text>
          {a.localDate} {a.localTime} ({a.timeZone}) · {t(`kind.${a.kind}`)}
        </Text>
        <Group>
          <StatusBadge status={a.status} />
        </Group>
        <Alert color="gray">{t('room.mediaPending')}</Alert>
        <Group>
          {a.status === 'SCHEDULED' && (
            <Button onClick={() => start.mutate(a.appointmentId, { onError })} loading={start.isPending} data-testid="visit-admit">
              {t('room.admit')}
            </Button>
          )}
          {a.status === 'IN_PROGRESS' && (
            <Button color="red" onClick={() => stop.mutate(a.appointmentId, { onError })} loading={stop.isPending} data-testid="visit-end">
              {t('room.end')}
            </Button>
          )}
          {(a.status === 'SCHEDULED' || a.status === 'IN_PROGRESS') && (
            <Button variant="default" onClick={() => invite.mutate(a.appointmentId, { onSuccess: (r) => setLink(r.url ?? null), onError })} loading={invite.isPending} data-testid="visit-invite">
              {t('room.invite')}
            </Button>
          )}
        </Group>
        {link && <TextInput label={t('room.inviteLink')} value={link} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="visit-invite-link" />}
        {a.status === 'COMPLETED' && <Alert color="green">{t('room.ended')}</Alert>}
      </Stack>
    </PublicCard>
  );
}
