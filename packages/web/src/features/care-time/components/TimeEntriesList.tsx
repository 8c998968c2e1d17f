import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconClockPlus, IconNotes, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CareProgram, TimeEntry } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useDeleteTimeEntry, useTimeEntries } from '../api/care-time';
import { formatMmSs, secondsByProgram } from '../format';
import { type YearMonth } from '../../../lib/calendar';
import { EntryFormModal } from './EntryFormModal';
import { ProgramMinutes } from './ProgramMinutes';
import { fullName, ProgramBadge, useMayChange } from './shared';
import { StopTimerModal } from './StopTimerModal';

/** The month's time entries with the minutes per program, "Add time manually", and the edit of manual entries. */
export function TimeSection({
  patientId,
  hospitalId,
  month,
  timeZone,
  programs,
  canTrack,
}: {
  patientId: number;
  hospitalId: number;
  month: YearMonth;
  timeZone: string | undefined;
  programs: CareProgram[];
  canTrack: boolean;
}) {
  const { t } = useTranslation('careTime');
  const entries = useTimeEntries(patientId, hospitalId, month.year, month.month, canTrack);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const [documenting, setDocumenting] = useState<TimeEntry | null>(null);

  if (!canTrack) { return null; }
  // Newest first (the server answers in time order).
  const list = [...(entries.data ?? [])].sort((a, b) => b.startedAt.localeCompare(a.startedAt) || b.id - a.id);
  return (
    <Stack gap="sm">
      {entries.isLoading ? (
        <Center py="sm">
          <Loader size="sm" aria-label={t('common:list.loading')} />
        </Center>
      ) : entries.error ? (
        <Alert color="red" role="alert">
          {entries.error instanceof Error ? entries.error.message : t('common:list.error')}
        </Alert>
      ) : (
        <>
          <ProgramMinutes seconds={secondsByProgram(list)} programs={programs} />
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('entries.title', { count: list.length })}
            </Text>
            <Button size="xs" variant="light" leftSection={<IconClockPlus size={16} aria-hidden />} onClick={() => setAdding(true)} disabled={programs.length === 0} data-testid="manual-open">
              {t('manual.open')}
            </Button>
          </Group>
          {list.length === 0 ? (
            <EmptyState text={t('entries.empty')} />
          ) : (
            <Stack gap={6} data-testid="time-entries">
              {list.map((e) => (
                <EntryRow key={e.id} entry={e} onEdit={() => setEditing(e)} onDocument={() => setDocumenting(e)} />
              ))}
              <Text size="xs" c="dimmed">
                {t('entries.lockedRule')}
              </Text>
            </Stack>
          )}
        </>
      )}
      <EntryFormModal opened={adding} onClose={() => setAdding(false)} patientId={patientId} hospitalId={hospitalId} timeZone={timeZone} programs={programs} />
      <EntryFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        patientId={patientId}
        hospitalId={hospitalId}
        timeZone={timeZone}
        programs={programs}
        entry={editing}
      />
      {documenting && <StopTimerModal opened onClose={() => setDocumenting(null)} entry={documenting} hospitalId={hospitalId} mode="document" />}
    </Stack>
  );
}

function EntryRow({ entry, onEdit, onDocument }: { entry: TimeEntry; onEdit: () => void; onDocument: () => void }) {
  const { t } = useTranslation('careTime');
  const { dateTime } = useCalendar();
  const { user } = useAuth();
  const mayChange = useMayChange();
  const remove = useDeleteTimeEntry();
  const running = entry.endedAt === null;
  const editable = !entry.isAutomatic && mayChange(entry.staff.id);
  const canDocument = entry.isAutomatic && entry.autoClosed && !entry.note && user?.id === entry.staff.id;

  const askDelete = () =>
    confirmAction({
      title: t('entries.deleteTitle'),
      text: t('entries.deleteText', { time: formatMmSs(entry.seconds) }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(entry.id, {
          onSuccess: () => notify({ color: 'teal', message: t('entries.deleted') }),
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('entries.deleteFailed') }),
        }),
    });

  return (
    <Paper withBorder radius="sm" p="xs" data-testid="time-entry" data-entry-id={entry.id}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6} wrap="wrap">
            <ProgramBadge program={entry.program} />
            <Text fw={700} ff="monospace" size="sm" data-testid="entry-time">
              {running ? t('entries.running') : formatMmSs(entry.seconds)}
            </Text>
            <Text size="xs" c="dimmed">
              {dateTime(entry.startedAt)}
            </Text>
          </Group>
          {editable && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" color="gray.7" aria-label={t('entries.edit')} onClick={onEdit} data-testid="entry-edit">
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red.8" aria-label={t('entries.delete')} onClick={askDelete} loading={remove.isPending} data-testid="entry-delete">
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          )}
        </Group>
        <Text size="sm">
          {fullName(entry.staff)}
          {entry.activity ? ` · ${entry.activity}` : ''}
        </Text>
        <Group gap={4} wrap="wrap">
          {entry.interactive ? (
            <Badge size="sm" variant="filled" color="teal.9" tt="none" data-testid="entry-interactive">
              {t('entries.interactive')}
            </Badge>
          ) : (
            <Badge size="sm" variant="outline" color="gray.7" tt="none">
              {t('entries.notInteractive')}
            </Badge>
          )}
          <Badge size="sm" variant="outline" color={entry.isAutomatic ? 'blue.9' : 'violet.9'} tt="none" data-testid="entry-kind">
            {entry.isAutomatic ? t('entries.automatic') : t('entries.manual')}
          </Badge>
          {entry.videoCallId != null && (
            <Badge size="sm" variant="outline" color="indigo.9" tt="none" data-testid="entry-video-call">
              {t('entries.videoCall', { id: entry.videoCallId })}
            </Badge>
          )}
          {entry.autoClosed && (
            <Badge size="sm" variant="outline" color="red.9" tt="none" data-testid="entry-auto-closed">
              {t('entries.autoClosed')}
            </Badge>
          )}
        </Group>
        {entry.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4} data-testid="entry-note">
            {entry.note.text}
          </Text>
        )}
        {canDocument && (
          <Button size="xs" variant="outline" color="red.9" leftSection={<IconNotes size={14} aria-hidden />} onClick={onDocument} w="fit-content">
            {t('entries.document')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
