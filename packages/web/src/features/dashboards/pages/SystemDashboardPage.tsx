import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useCalendar } from '../../../lib/calendar';
import { useSystemDashboard } from '../api/dashboards';
import { BandChart } from '../components/BandChart';
import { Figure } from '../components/Figure';

/**
 * /dashboardsystemadmin (spec "Protected routes"; docs/dashboards.md): every organization's usage
 * (offices, monitored patients, readings this month, active users), each figure linking to the
 * list behind it, and the system's health (job runs and failures, ingestion rate, server errors,
 * socket connections), each linking to the system log. System admins (`dashboard.system`).
 */
export default function SystemDashboardPage() {
  const { t } = useTranslation('dashboards');
  const { dateTime } = useCalendar();
  const query = useSystemDashboard();
  const d = query.data;
  const loading = query.isLoading;
  const h = d?.health;
  const jobs = (h?.jobs ?? []).map((j) => ({ name: j.queue, value: j.runs + j.failures }));
  const summary = jobs.map((j) => `${j.name}: ${j.value}`).join('; ');

  return (
    <>
      <PageHeader title={t('system.title')} description={d ? t('system.description', { time: dateTime(d.generatedAt) }) : t('system.descriptionLoading')} />
      {query.error && (
        <Alert color="red" role="alert" title={t('error')} mb="md">
          {query.error.message}
        </Alert>
      )}
      <Title order={2} size="h4" mb="sm">
        {t('system.health')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" mb="lg">
        <Figure testId="fig-jobs" title={t('system.jobs')} value={h ? `${h.jobRuns} / ${h.jobFailures}` : '—'} loading={loading} link={{ to: '/logs?tab=system&kind=jobFailure', label: t('system.jobsLink') }}>
          <Text size="sm" c="dimmed">
            {t('system.jobsExplain')}
          </Text>
          {jobs.length > 0 && <BandChart data={jobs} summary={t('system.jobsChart', { summary })} testId="chart-jobs" />}
        </Figure>
        <Figure testId="fig-ingestion" title={t('system.ingestion')} value={h?.readingsLastHour ?? '—'} loading={loading} link={{ to: '/devices', label: t('system.ingestionLink') }}>
          <Text size="sm">{t('system.perMinute', { n: h?.readingsPerMinute ?? 0 })}</Text>
        </Figure>
        <Figure testId="fig-errors" title={t('system.errors')} value={h?.serverErrors ?? '—'} loading={loading} link={{ to: '/logs?tab=system&kind=serverError', label: t('system.errorsLink') }} />
        <Figure testId="fig-sockets" title={t('system.sockets')} value={h?.socketConnections ?? '—'} loading={loading} link={{ to: '/logs?tab=system', label: t('system.socketsLink') }}>
          <Text size="sm" c="dimmed">
            {t('system.socketsExplain')}
          </Text>
        </Figure>
      </SimpleGrid>
      <Title order={2} size="h4" mb="sm">
        {t('system.usage')}
      </Title>
      {loading ? (
        <Skeleton h={160} />
      ) : !d || d.organizations.length === 0 ? (
        <EmptyState text={t('system.noOrganizations')} />
      ) : (
        <Paper withBorder radius="md" p="md" style={{ overflowX: 'auto' }}>
          <Table striped verticalSpacing="xs" data-testid="system-organizations">
            <caption className="vigil-visually-hidden">{t('system.usage')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('system.organization')}</Table.Th>
                <Table.Th>{t('system.offices')}</Table.Th>
                <Table.Th>{t('system.monitored')}</Table.Th>
                <Table.Th>{t('system.readings')}</Table.Th>
                <Table.Th>{t('system.activeUsers')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.organizations.map((o) => (
                <Table.Tr key={o.organizationId} data-testid="system-organization-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboardAdmin?organization=${o.organizationId}`} size="sm">
                      {o.organizationName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to="/offices" size="sm" aria-label={t('system.officesOf', { name: o.organizationName, count: o.offices })}>
                      {o.offices}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to="/patients" size="sm" aria-label={t('system.monitoredOf', { name: o.organizationName, count: o.monitoredPatients })}>
                      {o.monitoredPatients}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboardAdmin?organization=${o.organizationId}`} size="sm" aria-label={t('system.readingsOf', { name: o.organizationName, count: o.readingsThisMonth })}>
                      {o.readingsThisMonth}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to="/medicalstaff" size="sm" aria-label={t('system.activeUsersOf', { name: o.organizationName, count: o.activeUsers })}>
                      {o.activeUsers}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
