import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Divider, Drawer, Group, Loader, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCalendarDown, IconTrash, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Appointment } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useActiveOfficeStaff } from '../../../lib/shared-reads';
import { downloadIcs, useAddAppointmentNote, useAddAttendee, useAppointment, useDeleteAppointmentNote, usePatientAppointmentNotes, useUpdateAppointment } from '../api/appointments';
import { CallRecords } from './CallRecords';
import { StatusBadge } from './StatusBadge';

/** The appointment drawer: details, attendees (add one), notes (add, delete), actions (join video, .ics, cancel, completed, no-show). */
export function AppointmentDrawer({ appointmentId, onClose }: { appointmentId: number | null; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const appointment = useAppointment(appointmentId);
  return (
    <Drawer opened={appointmentId !== null} onClose={onClose} position="right" size="md" title={t('drawer.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {appointment.isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('common:list.loading')} />
        </Center>
      ) : appointment.error ? (
        <Alert color="red" role="alert">
          {appointment.error.message}
        </Alert>
      ) : appointment.data ? (
        <Details a={appointment.data} />
      ) : null}
    </Drawer>
  );
}

function Details({ a }: { a: Appointment }) {
  const { t } = useTranslation('appointments');
  const { user } = useAuth();
  const canManage = useCan('appointments.manage');
  const canJoin = useCan('visits.join');
  const mayEnterAll = useCan('visits.officeAll');
  const update = useUpdateAppointment();
  const open = a.status === 'SCHEDULED' || a.status === 'IN_PROGRESS';
  const participant = !!user && (a.doctor.id === user.id || a.attendees.some((p) => p.id === user.id));
  const setStatus = (status: 'CANCELLED' | 'COMPLETED' | 'NO_SHOW') =>
    update.mutate(
      { id: a.appointmentId, body: { status } },
      { onSuccess: () => notify({ color: 'green', message: t('drawer.saved') }), onError: (e) => notify({ color: 'red', message: e.message }) },
    );
  return (
    <Stack gap="sm" data-testid="appointment-drawer">
      <Group justify="space-between">
        <Title order={3} fz="h4">
          {a.patient.firstName} {a.patient.lastName}
        </Title>
        <StatusBadge status={a.status} />
      </Group>
      <Text>
        {a.localDate} {a.localTime} · {t('drawer.minutes', { count: a.durationMinutes })} · {a.timeZone}
      </Text>
      <Text>
        {t(`kind.${a.kind}`)} · {t('fields.doctor')}: {a.doctor.firstName} {a.doctor.lastName}
      </Text>
      <Text c="dimmed">{a.hospitalName}</Text>
      {a.reason && <Text>{a.reason}</Text>}
      {a.rejectionReason && (
        <Alert color="orange">
          {t('drawer.rejected')}: {a.rejectionReason}
        </Alert>
      )}
      <Group gap="xs">
        {canJoin && open && a.kind !== 'IN_PERSON' && (participant || mayEnterAll) && user && (
          <Button component={Link} to={`/videoRoom/${a.hospitalId}/${user.id}/${a.appointmentId}`} leftSection={<IconVideo size={18} aria-hidden />} data-testid="appointment-join">
            {a.status === 'IN_PROGRESS' ? t('drawer.join') : t('drawer.start')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconCalendarDown size={18} aria-hidden />} onClick={() => void downloadIcs(a.appointmentId).catch((e: Error) => notify({ color: 'red', message: e.message }))}>
          {t('drawer.ics')}
        </Button>
      </Group>
      {canManage && a.status === 'SCHEDULED' && (
        <Group gap="xs">
          <Button variant="light" onClick={() => setStatus('COMPLETED')}>
            {t('drawer.markCompleted')}
          </Button>
          <Button variant="light" onClick={() => setStatus('NO_SHOW')}>
            {t('drawer.markNoShow')}
          </Button>
          <Button
            variant="light"
            color="red"
            data-testid="appointment-cancel"
            onClick={() => confirmAction({ title: t('drawer.cancelTitle'), text: t('drawer.cancelText'), confirmLabel: t('drawer.cancel'), danger: true, onConfirm: () => setStatus('CANCELLED') })}
          >
            {t('drawer.cancel')}
          </Button>
        </Group>
      )}
      <Divider label={t('fields.attendees')} labelPosition="left" />
      {a.attendees.length === 0 ? <Text c="dimmed">{t('drawer.noAttendees')}</Text> : a.attendees.map((p) => <Badge key={p.id} variant="light">{`${p.firstName} ${p.lastName}`}</Badge>)}
      {canManage && open && <AddAttendee a={a} />}
      <Divider label={t('drawer.notes')} labelPosition="left" />
      <Notes a={a} canManage={canManage} />
      {a.kind !== 'IN_PERSON' && (
        <>
          <Divider label={t('calls.title')} labelPosition="left" />
          <CallRecords appointmentId={a.appointmentId} />
        </>
      )}
    </Stack>
  );
}

function AddAttendee({ a }: { a: Appointment }) {
  const { t } = useTranslation('appointments');
  const staff = useActiveOfficeStaff(a.hospitalId);
  const add = useAddAttendee();
  const [picked, setPicked] = useState<string | null>(null);
  const taken = new Set([a.doctor.id, ...a.attendees.map((p) => p.id)]);
  const options = (staff.data?.items ?? []).filter((p) => !taken.has(p.id)).map((p) => ({ value: String(p.id), label: `${p.firstName} ${p.lastName}` }));
  return (
    <Group align="flex-end" gap="xs">
      <Select label={t('drawer.addAttendee')} data={options} value={picked} onChange={setPicked} searchable style={{ flex: 1 }} />
      <Button
        disabled={!picked}
        loading={add.isPending}
        onClick={() =>
          add.mutate({ appointmentId: a.appointmentId, userId: Number(picked) }, { onSuccess: () => setPicked(null), onError: (e) => notify({ color: 'red', message: e.message }) })
        }
      >
        {t('drawer.add')}
      </Button>
    </Group>
  );
}

function Notes({ a, canManage }: { a: Appointment; canManage: boolean }) {
  const { t } = useTranslation('appointments');
  const { dateTime } = useCalendar();
  const notes = usePatientAppointmentNotes(a.patient.id);
  const add = useAddAppointmentNote();
  const del = useDeleteAppointmentNote();
  const [text, setText] = useState('');
  const mine = (notes.data ?? []).filter((n) => n.appointmentId === a.appointmentId);
  return (
    <Stack gap="xs">
      {mine.length === 0 && <Text c="dimmed">{t('drawer.noNotes')}</Text>}
      {mine.map((n) => (
        <Group key={n.noteId} justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm">{n.text}</Text>
            <Text size="xs" c="dimmed">
              {n.authorName} · {dateTime(n.createdAt)}
            </Text>
          </div>
          {canManage && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('drawer.deleteNote')}
              onClick={() =>
                confirmAction({ title: t('drawer.deleteNote'), text: t('drawer.deleteNoteText'), danger: true, onConfirm: () => del.mutate(n.noteId, { onError: (e) => notify({ color: 'red', message: e.message }) }) })
              }
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canManage && (
        <>
          <Textarea label={t('drawer.newNote')} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={2} maxLength={4000} />
          <Group justify="flex-end">
            <Button
              disabled={!text.trim()}
              loading={add.isPending}
              onClick={() => add.mutate({ appointmentId: a.appointmentId, text }, { onSuccess: () => setText(''), onError: (e) => notify({ color: 'red', message: e.message }) })}
            >
              {t('drawer.addNote')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
