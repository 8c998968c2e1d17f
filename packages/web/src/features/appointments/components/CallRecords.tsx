import { Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VideoCall } from '@vigil/contract';
import { useCalendar } from '../../../lib/calendar';
import { useVideoCalls } from '../api/appointments';

/** "m:ss" of whole seconds. */
const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const STATUS_COLOR: Record<VideoCall['status'], string> = { ringing: 'blue.9', active: 'teal.9', completed: 'gray.8', missed: 'orange.9', declined: 'red.9' };

/**
 * The call records of a video or phone visit (docs/video-visits.md "Call records"): start,
 * duration, status, who was in it and when, the rings, and the automatic interactive time
 * entries each completed call with the patient added.
 */
export function CallRecords({ appointmentId }: { appointmentId: number }) {
  const { t } = useTranslation('appointments');
  const { dateTime } = useCalendar();
  const calls = useVideoCalls(appointmentId);
  if (calls.isLoading) { return <Loader size="sm" aria-label={t('common:list.loading')} />; }
  if (calls.error) { return <Text c="red.9">{calls.error.message}</Text>; }
  const list = calls.data ?? [];
  if (list.length === 0) { return <Text c="dimmed">{t('calls.empty')}</Text>; }
  return (
    <Stack gap="sm" data-testid="call-records">
      {list.map((c) => (
        <Stack key={c.callId} gap={4} data-testid="call-record">
          <Group gap="xs">
            <Badge variant="outline" color={STATUS_COLOR[c.status]} tt="none">
              {t(`calls.status.${c.status}`)}
            </Badge>
            <Badge variant="light" tt="none">
              {t(`calls.kind.${c.kind}`)}
            </Badge>
            <Text size="sm">{dateTime(c.startedAt)}</Text>
            {c.durationSeconds !== null && <Text size="sm">{t('calls.duration', { time: mmss(c.durationSeconds) })}</Text>}
          </Group>
          {c.participants.length > 0 && (
            <Table fz="xs" verticalSpacing={2}>
              <caption className="vigil-visually-hidden">{t('calls.participants')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('calls.who')}</Table.Th>
                  <Table.Th>{t('calls.joined')}</Table.Th>
                  <Table.Th>{t('calls.left')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.participants.map((p, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{`${p.name} (${t(`calls.role.${p.role}`)})`}</Table.Td>
                    <Table.Td>{dateTime(p.joinedAt)}</Table.Td>
                    <Table.Td>{p.leftAt ? dateTime(p.leftAt) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {c.rings.map((r) => (
            <Text key={r.ringId} size="xs">
              {t('calls.ring', { name: r.callee.name, status: t(`calls.ringStatus.${r.status}`) })}
            </Text>
          ))}
          {c.timeEntries.map((e) => (
            <Group key={e.timeEntryId} gap={4} data-testid="call-time-entry">
              <Text size="xs">{t('calls.entry', { name: e.staff.name, time: mmss(e.seconds), program: e.program })}</Text>
              {e.interactive && (
                <Badge size="xs" variant="filled" color="teal.9" tt="none">
                  {t('calls.interactive')}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
