import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconActivityHeartbeat, IconAlertTriangle, IconClockExclamation, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FigureDefinition } from '../../../../components/FigureDefinition';
import { Link, Navigate } from 'react-router';
import { DASHBOARD_SILENT_HOURS, notifications } from '@vigil/contract';
import { EmptyState } from '../../../../components/EmptyState';
import { PageHeader } from '../../../../components/PageHeader';
import { useCan } from '../../../../lib/can';
import { useCalendar } from '../../../../lib/calendar';
import { invalidateEndpoints } from '../../../../lib/endpoint-query';
import { DEFAULT_HOME_PATH } from '../../../../lib/home';
import { useSelectedOffice } from '../../../../lib/office';
import { useOfficesInScope } from '../../../../lib/offices-in-scope';
import { useRealtimeEvent } from '../../../../lib/use-realtime';
import { BillingReadinessCard } from '../../../../features/billing';
import { SeverityBadge } from '../../../../features/monitoring';
import { useDashboardSummary } from '../api/dashboard';
import { StatTile } from '../components/StatTile';

/** How many of the silent patients the dashboard lists by name. */
const SILENT_SHOWN = 10;

/**
 * /dashboard (spec section 2): for the selected office (or all the user's offices) the patients
 * monitored, today's alerts by severity, today's readings and the patients without a reading for 3
 * days, each linking into the worklist or the patient lists. Alerts pushed on the socket refresh
 * the figures at once; readings every minute.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const allowed = useCan('notifications.read');
  const office = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const { date, dateTime } = useCalendar();
  const qc = useQueryClient();
  const summary = useDashboardSummary(office);
  useRealtimeEvent((event) => {
    if (event.type === 'notification' || event.type === 'notificationProcessed' || event.type === 'reconnected') {
      void invalidateEndpoints(qc, [notifications.getDashboardSummary]);
    }
  });
  if (!allowed) { return <Navigate to={DEFAULT_HOME_PATH} replace />; }

  const d = summary.data;
  const loading = summary.isLoading;
  const officeName = office > 0 ? (offices.find((o) => o.id === office)?.hospitalName ?? '') : '';
  const scope = officeName ? t('scope.office', { office: officeName }) : t('scope.all');
  const silentDays = Math.round(DASHBOARD_SILENT_HOURS / 24);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={d ? t('descriptionUpdated', { scope, time: dateTime(d.generatedAt) }) : scope}
        actions={
          <Button component={Link} to="/monitoring" variant="light">
            {t('openWorklist')}
          </Button>
        }
      />
      {summary.error && (
        <Alert color="red" role="alert" title={t('error')} mb="md">
          <Group justify="space-between">
            <Text size="sm">{summary.error instanceof Error ? summary.error.message : ''}</Text>
            <Button size="xs" variant="light" onClick={() => void summary.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" mb="md">
        <StatTile testId="tile-monitored" title={t('tiles.monitored')} value={d?.patientsMonitored} icon={<IconUsers size={20} />} color="teal.9" loading={loading}>
          <Anchor component={Link} to="/patients" size="sm" mt="auto">
            {t('links.patients')}
          </Anchor>
        </StatTile>

        <StatTile testId="tile-alerts" title={t('tiles.alerts')} value={d?.alertsToday.total} icon={<IconAlertTriangle size={20} />} color="red.9" loading={loading}>
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap">
              <SeverityBadge severity={2} size="sm" />
              <Text size="sm" fw={600} data-testid="alerts-critical">
                {d?.alertsToday.critical ?? '—'}
              </Text>
              <SeverityBadge severity={1} size="sm" />
              <Text size="sm" fw={600} data-testid="alerts-caution">
                {d?.alertsToday.caution ?? '—'}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Anchor component={Link} to="/monitoring?period=ALL" size="sm" data-testid="alerts-open">
                {t('links.openAlerts', { count: d?.openAlerts.total ?? 0 })}
              </Anchor>
              <FigureDefinition figure="openAlerts" />
            </Group>
            <Anchor component={Link} to="/monitoring?processed=all" size="sm">
              {t('links.allAlertsToday')}
            </Anchor>
          </Stack>
        </StatTile>

        <StatTile testId="tile-readings" title={t('tiles.readings')} value={d?.readingsToday} icon={<IconActivityHeartbeat size={20} />} color="blue.9" loading={loading}>
          <Stack gap={6}>
            {!!d?.simulatedReadingsToday && (
              <Text size="sm" c="dimmed">
                {t('simulated', { count: d.simulatedReadingsToday })}
              </Text>
            )}
            <Anchor component={Link} to="/monitoring?type=5&processed=all" size="sm">
              {t('links.missed', { count: d?.missedToday ?? 0 })}
            </Anchor>
          </Stack>
        </StatTile>

        <StatTile
          testId="tile-silent"
          title={t('tiles.silent', { count: silentDays })}
          value={d?.patientsWithoutReadings.total}
          icon={<IconClockExclamation size={20} />}
          color="orange.9"
          loading={loading}
        >
          {!!d?.patientsWithoutReadings.total && (
            <Anchor href="#silent-patients" size="sm">
              {t('links.silentList')}
            </Anchor>
          )}
        </StatTile>
      </SimpleGrid>

      <Paper withBorder radius="md" p="md" id="silent-patients">
        <Title order={2} fz="h4" mb="sm">
          {t('silent.title', { count: silentDays })}
        </Title>
        {loading ? (
          <Stack gap="xs">
            <Skeleton h={20} />
            <Skeleton h={20} />
            <Skeleton h={20} />
          </Stack>
        ) : !d || d.patientsWithoutReadings.items.length === 0 ? (
          <EmptyState text={t('silent.none')} />
        ) : (
          <>
            <Table verticalSpacing="xs" striped data-testid="silent-patients">
              <caption className="vigil-visually-hidden">{t('silent.title', { count: silentDays })}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('silent.patient')}</Table.Th>
                  <Table.Th>{t('silent.lastReading')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.patientsWithoutReadings.items.slice(0, SILENT_SHOWN).map((p) => (
                  <Table.Tr key={p.patientId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/patientdetails/${p.patientId}`} size="sm">
                        {`${p.lastName}, ${p.firstName}`}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{p.lastReadingAt ? date(p.lastReadingAt) : t('silent.never')}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between" mt="sm">
              <Text size="sm" c="dimmed">
                {t('silent.shown', { shown: Math.min(SILENT_SHOWN, d.patientsWithoutReadings.items.length), count: d.patientsWithoutReadings.total })}
              </Text>
              <Anchor component={Link} to="/patients" size="sm">
                {t('links.patients')}
              </Anchor>
            </Group>
          </>
        )}
      </Paper>
      <BillingReadinessCard />
    </>
  );
}
