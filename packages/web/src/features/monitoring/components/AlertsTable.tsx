import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotificationType, ProcessingStatus, type NotificationWithPatient } from '@vigil/contract';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useCalendar } from '../../../lib/calendar';
import { alertReading, deviceTypeTitle, mentalHealthAlert, messageIn } from '../format';
import { RelativeTime } from './RelativeTime';
import { SeverityBadge, SimulatedBadge } from './SeverityBadge';
import './worklist.css';

interface Props {
  rows: NotificationWithPatient[] | undefined;
  total: number | undefined;
  state: PageState;
  onChange: (next: PageState) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** ids of alerts that arrived on the socket while the page is open (highlighted) */
  fresh: ReadonlySet<number>;
  showOffice: boolean;
  canProcess: boolean;
  onProcess: (row: NotificationWithPatient) => void;
  emptyText: string;
  emptyAction?: ReactNode;
}

/**
 * The alert worklist's table: severity (word and icon, not colour alone), patient (link to the
 * patient's page), device type and the reading's values in the user's display units (converted by
 * the server; a missed measurement shows its message), time (relative, exact in a tooltip; a
 * reading that arrived late is marked "Late" with when it was measured and when it was received),
 * simulated mark and the processing state: a Process button, or who processed it, when, and the
 * resolution comment.
 */
export function AlertsTable(props: Props) {
  const { t, i18n } = useTranslation('monitoring');
  const lang = i18n.language;
  const { dateTime } = useCalendar();

  const columns: Column<NotificationWithPatient>[] = [
    {
      header: t('columns.severity'),
      width: 120,
      render: (r) => (
        <Stack gap={4} align="flex-start">
          <SeverityBadge severity={r.severity} />
          {props.fresh.has(r.notificationId) && (
            <Badge size="sm" variant="filled" color="blue.9" radius="sm">
              {t('badge.new')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      header: t('columns.patient'),
      render: (r) => (
        <Stack gap={2}>
          {r.relatedPatientId !== null ? (
            <Anchor component={Link} to={`/patientdetails/${r.relatedPatientId}`} fw={600} size="sm">
              {r.patientFullname || t('patientNumber', { id: r.relatedPatientId })}
            </Anchor>
          ) : (
            <Text size="sm">—</Text>
          )}
          {props.showOffice && r.hospitalName && (
            <Text size="xs" c="dimmed">
              {r.hospitalName}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: t('columns.alert'),
      render: (r) => {
        const mental = mentalHealthAlert(r.notificationTypeId, r.AdditionalData, lang);
        if (mental) {
          // Mental-health alerts of a completed survey (types 12 and 13, docs/assessments.md "Safety"):
          // the instrument, the score and, for PHQ-9 item 9, the answer given.
          return (
            <Stack gap={4} data-testid="mental-health-alert">
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {mental.instrument ?? t('type.mentalHealth')}
                </Text>
                <Badge size="sm" variant={mental.urgent ? 'filled' : 'outline'} color={mental.urgent ? 'red.9' : '#a33d00'} tt="none">
                  {mental.urgent ? t('type.mentalHealthUrgent') : t('type.mentalHealthResult')}
                </Badge>
              </Group>
              {mental.score !== null && (
                <Text size="sm" data-testid="alert-values">
                  <Text span fw={700} inherit>
                    {t('mentalHealth.score', { score: mental.score })}
                  </Text>
                  {mental.item9Answer && (
                    <Text span inherit>
                      {' · '}
                      {t('mentalHealth.item9', { answer: mental.item9Answer })}
                    </Text>
                  )}
                </Text>
              )}
              <Text size="xs">{messageIn(r, lang)}</Text>
            </Stack>
          );
        }
        const reading = alertReading(r.deviceType, r.values, lang);
        return (
          <Stack gap={4}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {deviceTypeTitle(r.deviceType, lang) || t('type.other')}
              </Text>
              <Text size="xs" c="dimmed">
                {r.notificationTypeId === NotificationType.MISSED_MEASUREMENT
                  ? t('type.missed')
                  : r.notificationTypeId === NotificationType.ABNORMAL_MEASUREMENT
                    ? t('type.abnormal')
                    : t('type.other')}
              </Text>
              {r.isSimulated && <SimulatedBadge />}
            </Group>
            {reading ? (
              <Text size="sm" data-testid="alert-values">
                <Text span fw={700} inherit>
                  {reading.main}
                </Text>
                {reading.rest.map((part) => (
                  <Text span inherit key={part}>
                    {' · '}
                    {part}
                  </Text>
                ))}
              </Text>
            ) : (
              <Text size="sm">{messageIn(r, lang)}</Text>
            )}
          </Stack>
        );
      },
    },
    {
      header: t('columns.time'),
      width: 150,
      render: (r) =>
        r.isLate && r.receivedAt ? (
          <Stack gap={2} align="flex-start" data-testid="late-reading">
            <Badge variant="outline" color="violet.9" radius="sm" size="sm" styles={{ label: { overflow: 'visible' } }}>
              {t('late.badge')}
            </Badge>
            <Text size="xs">
              {t('late.measured')} <time dateTime={r.measuredAt ?? undefined}>{dateTime(r.measuredAt)}</time>
            </Text>
            <Text size="xs" c="dimmed">
              {t('late.received')} <time dateTime={r.receivedAt}>{dateTime(r.receivedAt)}</time>
            </Text>
          </Stack>
        ) : (
          <RelativeTime value={r.measuredAt ?? r.timestamp} />
        ),
    },
    {
      header: t('columns.status'),
      width: 240,
      render: (r) =>
        r.processingStatus === ProcessingStatus.OPEN ? (
          props.canProcess ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconChecklist size={16} aria-hidden />}
              onClick={() => props.onProcess(r)}
              aria-label={t('process.actionFor', { patient: r.patientFullname || t('patientNumber', { id: r.relatedPatientId ?? '' }) })}
              data-testid="process-alert"
            >
              {t('process.action')}
            </Button>
          ) : (
            <Text size="sm">{t('status.open')}</Text>
          )
        ) : (
          <Stack gap={2} data-testid="processed-info">
            <Text size="sm" fw={600}>
              {t('status.processedBy', { name: r.processedByFullname ?? '' })}
            </Text>
            {r.processedAt && <RelativeTime value={r.processedAt} size="xs" c="dimmed" />}
            {r.resolutionComments && (
              <Text size="xs" lineClamp={2} title={r.resolutionComments}>
                “{r.resolutionComments}”
              </Text>
            )}
          </Stack>
        ),
    },
  ];

  return (
    <ServerTable
      caption={t('caption')}
      columns={columns}
      rows={props.rows}
      total={props.total}
      state={props.state}
      onChange={props.onChange}
      rowKey={(r) => r.notificationId}
      rowProps={(r) => ({
        'data-testid': 'alert-row',
        className: props.fresh.has(r.notificationId) ? 'vigil-alert-fresh' : undefined,
      })}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      emptyText={props.emptyText}
      emptyAction={props.emptyAction}
    />
  );
}
