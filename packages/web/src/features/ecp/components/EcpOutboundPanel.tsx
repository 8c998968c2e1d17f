import { Alert, Badge, Button, Group, Paper, ScrollArea, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useEcpOutbound, useFinalize, useRetryOutbound } from '../api/ecp';

const statusColor = { queued: 'blue', sent: 'green', dead: 'red' } as const;

/**
 * Readings to the ECP for one office: the review button (readings of mapped residents are sent
 * once), what was sent, and the dead-letter list with its retry button (docs/integrations.md "ECP").
 */
export function EcpOutboundPanel({ office }: { office: number }) {
  const { t } = useTranslation('ecp');
  const dates = useCalendar();
  const canFinalize = useCan('ecp.finalize');
  const canRetry = useCan('ecp.manage');
  const [status, setStatus] = useState<'all' | 'dead'>('all');
  const list = useEcpOutbound(office, status === 'dead' ? 'dead' : undefined);
  const finalize = useFinalize();
  const retry = useRetryOutbound();
  const failed = (err: unknown) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.generic') });
  return (
    <Paper withBorder p="md" mt="md" data-testid="ecp-outbound">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4">
          {t('outbound.title')}
        </Title>
        <Group>
          <SegmentedControl
            value={status}
            onChange={(v) => setStatus(v as 'all' | 'dead')}
            data={[
              { value: 'all', label: t('outbound.all') },
              { value: 'dead', label: t('outbound.dead') },
            ]}
          />
          {canFinalize && (
            <Button
              leftSection={<IconSend size={18} aria-hidden />}
              loading={finalize.isPending}
              disabled={office <= 0}
              data-testid="ecp-finalize"
              onClick={() => finalize.mutate(office, { onSuccess: (r) => notify({ color: 'green', message: t('outbound.queued', { count: r.queued }) }), onError: failed })}
            >
              {t('outbound.finalize')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('outbound.description')}
      </Text>
      {list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState text={t(status === 'dead' ? 'outbound.emptyDead' : 'outbound.empty')} />
      ) : (
        <ScrollArea>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('outbound.resident')}</Table.Th>
                <Table.Th>{t('outbound.reading')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('outbound.attempts')}</Table.Th>
                <Table.Th>{t('outbound.sentAt')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>{o.residentName}</Table.Td>
                  <Table.Td>#{o.measurementId}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[o.status]} variant="light" tt="none" styles={{ root: { minWidth: 'max-content' } }}>
                      {t(`outbound.status.${o.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {o.attempts}
                    {o.lastError ? ` · ${o.lastError}` : ''}
                  </Table.Td>
                  <Table.Td>{o.sentAt ? dates.dateTime(o.sentAt) : '—'}</Table.Td>
                  <Table.Td>
                    {canRetry && o.status === 'dead' && (
                      <Button size="xs" variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => retry.mutate(o.id, { onError: failed })}>
                        {t('outbound.retry')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
