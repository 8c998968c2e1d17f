import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPhoneOff, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { appointments, can, carePrograms, notifications, type Appointment, type CareProgram, type RoleId } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { PublicCard } from '../../../components/PublicCard';
import { useAuth } from '../../../lib/auth';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { notify } from '../../../lib/notify';
import { useAppointment } from '../api/appointments';
import { StatusBadge } from '../components/StatusBadge';
import { useVisitCall } from '../call/use-visit-call';
import { VisitCallView } from '../call/VisitCall';
import { VisitSocket, type VisitSocketInit } from '../call/visit-socket';

/** The invitation token of a guest's link: in the fragment (`#invite=`), so it never reaches a server log. */
function inviteToken(): string | null {
  const m = window.location.hash.match(/invite=([A-Za-z0-9_-]{20,100})/);
  return m ? m[1]! : null;
}

/**
 * /videoRoom/{id}/{userId}/{appointmentId} (spec section 2), without the spec's authentication hole
 * (docs/video-visits.md): a guest enters with an invitation link and waits to be admitted; staff
 * enter with their session as the visit's doctor or an attendee (or office administration). Any
 * other caller gets one clear refusal. Once admitted, the browsers exchange media over WebRTC
 * with signaling on `/api/ws` (call/use-visit-call.ts); stopping the visit shows everyone the end screen.
 */
export default function VideoRoomPage() {
  const { appointmentId } = useParams();
  const token = inviteToken();
  const { user } = useAuth();
  const id = Number(appointmentId);
  if (!Number.isInteger(id) || id < 1) { return <Refused />; }
  if (token) { return <GuestRoom token={token} appointmentId={id} />; }
  if (user) { return <StaffRoom appointmentId={id} />; }
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

/** The room's own socket (staff: session init; guest: the invitation in the first message), open while the page is. */
function useVisitSocket(init: VisitSocketInit | null): VisitSocket | null {
  const key = init ? JSON.stringify(init) : null;
  const [socket, setSocket] = useState<VisitSocket | null>(null);
  useEffect(() => {
    if (!key) { return; }
    const s = new VisitSocket(JSON.parse(key) as VisitSocketInit);
    s.start();
    setSocket(s);
    return () => {
      s.stop();
      setSocket(null);
    };
  }, [key]);
  return socket;
}

/** Listens to one room's `admitted` / `ended` and a refused init. */
function useRoomEvents(socket: VisitSocket | null, appointmentId: number) {
  const [admitted, setAdmitted] = useState(false);
  const [ended, setEnded] = useState(false);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!socket) { return; }
    return socket.subscribe((e) => {
      if (e.type === 'refused') { setRefused(true); }
      if (e.type !== 'visit' || e.appointmentId !== appointmentId) { return; }
      if (e.action === 'admitted') { setAdmitted(true); }
      if (e.action === 'ended') { setEnded(true); }
    });
  }, [socket, appointmentId]);
  return { admitted, ended, refused };
}

function EndScreen({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('appointments');
  return (
    <PublicCard title={t('call.endedTitle')} icon={<IconPhoneOff size={40} aria-hidden />}>
      <Stack gap="sm" data-testid="visit-ended">
        <Alert color="green" role="status">
          {t('room.ended')}
        </Alert>
        {children}
      </Stack>
    </PublicCard>
  );
}

function Loading() {
  const { t } = useTranslation('appointments');
  return (
    <Center mih="100vh">
      <Loader aria-label={t('common:list.loading')} />
    </Center>
  );
}

function GuestRoom({ token, appointmentId }: { token: string; appointmentId: number }) {
  const { t } = useTranslation('appointments');
  const socket = useVisitSocket({ type: 'guestInit', invitation: token });
  const room = useRoomEvents(socket, appointmentId);
  const visit = useEndpointQuery(appointments.getGuestVisit, { headers: { visitinvitation: token } }, { retry: false, refetchInterval: (q) => (q.state.data?.status === 'IN_PROGRESS' ? false : 5000) });
  const inCall = !room.ended && (room.admitted || visit.data?.status === 'IN_PROGRESS');
  const ice = useEndpointQuery(appointments.getGuestIceServers, { headers: { visitinvitation: token } }, { retry: false, enabled: inCall, staleTime: 600_000 });
  const call = useVisitCall({ socket, appointmentId, ice: ice.data, startAudioOnly: visit.data?.kind === 'PHONE', active: inCall });
  if (room.ended || call.ended) { return <EndScreen />; }
  if (visit.isLoading) { return <Loading />; }
  if (room.refused || visit.error || !visit.data || visit.data.appointmentId !== appointmentId) { return <Refused message={visit.error?.message} />; }
  const v = visit.data;
  if (inCall) {
    return (
      <PublicCard title={t('room.guestTitle', { name: v.guestName })} icon={<IconVideo size={40} aria-hidden />} maxWidth={1000}>
        <Text ta="center">{t('room.with', { doctor: v.doctorName, office: v.hospitalName })}</Text>
        <VisitCallView call={call} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('room.guestTitle', { name: v.guestName })} icon={<IconVideo size={40} aria-hidden />}>
      <Stack gap="sm" data-testid="visit-waiting">
        <Text>{t('room.with', { doctor: v.doctorName, office: v.hospitalName })}</Text>
        <Text>
          {v.localDate} {v.localTime} ({v.timeZone})
        </Text>
        <Group>
          <StatusBadge status={v.status} />
        </Group>
        <Alert color="blue" role="status">
          {t('room.waiting')}
        </Alert>
      </Stack>
    </PublicCard>
  );
}

function StaffRoom({ appointmentId }: { appointmentId: number }) {
  const { t } = useTranslation('appointments');
  const { user } = useAuth();
  const appointment = useAppointment(appointmentId);
  if (appointment.isLoading) { return <Loading />; }
  const a = appointment.data;
  if (appointment.error || !a || !user) { return <Refused message={appointment.error?.message} />; }
  const participant = a.doctor.id === user.id || a.attendees.some((p) => p.id === user.id);
  if (!participant && !can(user.roleId as RoleId, 'visits.officeAll')) { return <Refused message={t('room.notParticipant')} />; }
  return <StaffControls a={a} />;
}

/**
 * The staff member's way out of the room (docs/video-visits.md "Leaving"): back to /appointments.
 * Leaving hangs up this browser only; the visit goes on for the others until it is ended.
 */
function LeaveButton({ label }: { label: string }) {
  return (
    <Button component={Link} to="/appointments" variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} data-testid="visit-leave">
      {label}
    </Button>
  );
}

function StaffControls({ a }: { a: Appointment }) {
  const { t } = useTranslation('appointments');
  const { user, session } = useAuth();
  const start = useEndpointMutation(appointments.startVideoCall, { input: (appointmentId: number) => ({ body: { appointmentId } }), invalidates: [appointments.getAppointment] });
  const stop = useEndpointMutation(appointments.stopVideoCall, {
    input: ({ appointmentId, program }: { appointmentId: number; program?: CareProgram }) => ({ body: { appointmentId, program } }),
    invalidates: [appointments.getAppointment, appointments.findVideoCalls],
  });
  const ring = useEndpointMutation(notifications.initVideoCallWithUser, { input: (body: { appointmentId: number; userIds: number[] }) => ({ body }), invalidates: [appointments.findVideoCalls] });
  const [program, setProgram] = useState<CareProgram | null>(null);
  const [ringTo, setRingTo] = useState<string | null>(null);
  const invite = useEndpointMutation(appointments.createVisitInvitation, { input: (appointmentId: number) => ({ body: { appointmentId, send: true } }) });
  const [link, setLink] = useState<string | null>(null);
  const onError = (e: Error) => notify({ color: 'red', message: e.message });
  const open = a.kind !== 'IN_PERSON' && (a.status === 'SCHEDULED' || a.status === 'IN_PROGRESS');
  const socket = useVisitSocket(open && session && user ? { type: 'init', sessionToken: session.sessionGuid, userId: user.id } : null);
  const room = useRoomEvents(socket, a.appointmentId);
  const ice = useEndpointQuery(appointments.getIceServers, {}, { enabled: open, staleTime: 600_000 });
  const call = useVisitCall({ socket, appointmentId: a.appointmentId, ice: ice.data, startAudioOnly: a.kind === 'PHONE', active: open && !room.ended });
  // Colleagues to ring (docs/video-visits.md "Ringing"): the doctor and the attendees, but not oneself.
  const ringable = [a.doctor, ...a.attendees].filter((p) => p.id !== user?.id).map((p) => ({ value: String(p.id), label: `${p.firstName} ${p.lastName}` }));
  if (room.ended || call.ended || a.status === 'COMPLETED') {
    return (
      <EndScreen>
        <Group>
          <LeaveButton label={t('room.backToAppointments')} />
        </Group>
      </EndScreen>
    );
  }
  const endVisit = () =>
    confirmAction({
      title: t('room.end'),
      text: t('call.endConfirm'),
      confirmLabel: t('room.end'),
      onConfirm: () => stop.mutate({ appointmentId: a.appointmentId, program: program ?? undefined }, { onError }),
    });
  return (
    <PublicCard title={t('room.staffTitle', { name: `${a.patient.firstName} ${a.patient.lastName}` })} icon={<IconVideo size={40} aria-hidden />} maxWidth={1000}>
      <Stack gap="sm" data-testid="visit-staff">
        <Group justify="space-between">
          <LeaveButton label={t('room.leave')} />
          <Group gap="sm">
            <Text>
              {a.localDate} {a.localTime} ({a.timeZone}) · {t(`kind.${a.kind}`)}
            </Text>
            <StatusBadge status={a.status} />
          </Group>
        </Group>
        {a.status === 'SCHEDULED' && (
          <Alert color="blue" role="status">
            {t('call.notAdmitted')}
          </Alert>
        )}
        <Group>
          {a.status === 'SCHEDULED' && (
            <Button onClick={() => start.mutate(a.appointmentId, { onError })} loading={start.isPending} data-testid="visit-admit">
              {t('room.admit')}
            </Button>
          )}
          {open && (
            <Button variant="default" onClick={() => invite.mutate(a.appointmentId, { onSuccess: (r) => setLink(r.url ?? null), onError })} loading={invite.isPending} data-testid="visit-invite">
              {t('room.invite')}
            </Button>
          )}
        </Group>
        {link && <TextInput label={t('room.inviteLink')} value={link} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="visit-invite-link" />}
        {open && ringable.length > 0 && (
          <Group align="end">
            <Select label={t('ring.pick')} placeholder={t('ring.pickPlaceholder')} data={ringable} value={ringTo} onChange={setRingTo} clearable data-testid="visit-ring-user" />
            <Button
              variant="default"
              disabled={!ringTo}
              loading={ring.isPending}
              onClick={() =>
                ringTo &&
                ring.mutate(
                  { appointmentId: a.appointmentId, userIds: [Number(ringTo)] },
                  { onSuccess: (r) => notify({ color: 'blue', message: t('ring.sent', { name: r.rings[0]?.callee.name ?? '' }) }), onError },
                )
              }
              data-testid="visit-ring"
            >
              {t('ring.button')}
            </Button>
          </Group>
        )}
        {a.status === 'IN_PROGRESS' && (
          <Select
            label={t('endProgram.label')}
            description={t('endProgram.description')}
            placeholder={t('endProgram.default')}
            data={carePrograms.map((p) => ({ value: p, label: p }))}
            value={program}
            onChange={(v) => setProgram((v as CareProgram | null) ?? null)}
            clearable
            maw={320}
            data-testid="visit-end-program"
          />
        )}
        {open && (
          <VisitCallView
            call={call}
            actions={
              a.status === 'IN_PROGRESS' && (
                <Button color="red" leftSection={<IconPhoneOff size={18} aria-hidden />} onClick={endVisit} loading={stop.isPending} data-testid="visit-end">
                  {t('room.end')}
                </Button>
              )
            }
          />
        )}
      </Stack>
    </PublicCard>
  );
}
