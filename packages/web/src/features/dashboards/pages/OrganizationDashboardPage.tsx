import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Table, Text, Title, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureDefinition } from '../../../components/FigureDefinition';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth';
import { useOrganizationDashboard } from '../api/dashboards';
import { BandChart } from '../components/BandChart';
import { formatMoney } from '../../../lib/money';

/**
 * /dashboardAdmin (spec "Protected routes"; docs/dashboards.md): the offices of the organization
 * side by side on the facility dashboard's figures, each office's name opening its facility
 * dashboard, and the month's billing totals with a chart per office. A system admin picks the
 * organization (or arrives with ?organization=id from /dashboardsystemadmin); everyone else sees their own.
 */
export default function OrganizationDashboardPage() {
  const { t, i18n } = useTranslation('dashboards');
  const { user } = useAuth();
  const [params] = useSearchParams();
  // The system dashboard links an organization here (?organization=id).
  const [picked, setPicked] = useState<number | null>(/^\d+$/.test(params.get('organization') ?? '') ? Number(params.get('organization')) : null);
  const organizationId = user?.organizationId ?? picked;
  const query = useOrganizationDashboard(organizationId);
  const d = query.data;
  // docs/billing-engine.md "Amounts": a missing amount reads "no amount loaded", never $0.00.
  const money = (cents: number | null) => formatMoney(cents, i18n.language);
  const minutes = (m: number | null) => (m === null ? '—' : t('duration.minutes', { n: Math.round(m) }));
  const amounts = (d?.offices ?? []).map((o) => ({ name: o.hospitalName, value: (o.billing.amountCents ?? 0) / 100 }));

  return (
    <>
      <PageHeader
        title={t('org.title')}
        description={t('org.description')}
        actions={
          user?.organizationId === null ? (
            <OrganizationPicker label={t('org.organization')} value={picked === null ? null : String(picked)} onChange={(v) => setPicked(v ? Number(v) : null)} w={280} />
          ) : undefined
        }
      />
      {query.error && (
        <Alert color="red" role="alert" title={t('error')} mb="md">
          {query.error instanceof Error ? query.error.message : ''}
        </Alert>
      )}
      {organizationId === null ? (
        <EmptyState text={t('org.pick')} />
      ) : query.isLoading ? (
        <Skeleton h={200} />
      ) : !d || d.offices.length === 0 ? (
        <EmptyState text={t('noOffices')} />
      ) : (
        <>
          <Paper withBorder radius="md" p="md" mb="md" style={{ overflowX: 'auto' }}>
            <Table striped verticalSpacing="xs" data-testid="org-offices">
              <caption className="vigil-visually-hidden">{t('org.title')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('office')}</Table.Th>
                  <Table.Th>{t('monitored.title')}</Table.Th>
                  <Table.Th>{t('readings.title')}</Table.Th>
                  <Table.Th>{t('appointments.title')}</Table.Th>
                  <Table.Th>{t('adherence.title')}</Table.Th>
                  <Table.Th>{t('alerts.title')}</Table.Th>
                  <Table.Th>{t('response.title')}</Table.Th>
                  <Table.Th>{t('billing.title')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.offices.map((o) => (
                  <Table.Tr key={o.hospitalId} data-testid="org-office-row">
                    <Table.Td>
                      <Anchor component={Link} to={`/dashboardFacility?office=${o.hospitalId}`} size="sm">
                        {o.hospitalName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{o.monitored}</Table.Td>
                    <Table.Td>{o.readingsToday}</Table.Td>
                    <Table.Td>{o.appointmentsToday.booked}</Table.Td>
                    <Table.Td>{`${o.adherence.bands.find((b) => b.band === 'onTrack')?.patients ?? 0} / ${o.monitored}`}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Anchor component={Link} to={`/monitoring?period=ALL&office=${o.hospitalId}`} size="sm">
                          {t('org.alerts', { total: o.openAlerts.total, critical: o.openAlerts.critical })}
                        </Anchor>
                        <FigureDefinition figure="openAlerts" />
                      </Group>
                    </Table.Td>
                    <Table.Td>{t('org.response', { median: minutes(o.responseTime.medianMinutes), p90: minutes(o.responseTime.p90Minutes) })}</Table.Td>
                    <Table.Td>{money(o.billing.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md" data-testid="org-billing-totals">
              <Title order={2} fz="h4" mb="sm">
                {t('org.billingTotals')}
              </Title>
              <Text fz={30} fw={700}>
                {money(d.billingTotals.amountCents)}
              </Text>
              {d.billingTotals.claimsWithoutAmount > 0 && d.billingTotals.amountCents !== null && (
                <Text size="xs" c="dimmed" data-testid="org-billing-excludes">
                  {t('billing.excludesMissing', { count: d.billingTotals.claimsWithoutAmount })}
                </Text>
              )}
              <Text size="sm">{t('billing.patients', { count: d.billingTotals.billablePatients })}</Text>
              <Text size="sm">{t('billing.claims', { billable: d.billingTotals.billableClaims, suppressed: d.billingTotals.suppressedClaims })}</Text>
              <Anchor component={Link} to="/billings" size="sm">
                {t('billing.link')}
              </Anchor>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={2} fz="h4" mb="sm">
                {t('org.amountByOffice')}
              </Title>
              <BandChart data={amounts} summary={t('org.chart', { summary: amounts.map((a) => `${a.name}: ${a.value}`).join('; ') })} testId="chart-org-amounts" />
            </Paper>
          </SimpleGrid>
        </>
      )}
    </>
  );
}
