import { Alert, Badge, Button, Group, Select, SimpleGrid, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureDefinition } from '../../../components/FigureDefinition';
import { useSearchParams } from 'react-router';
import { dashboards, type FacilityDashboard } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useCalendar } from '../../../lib/calendar';
import { invalidateEndpoints } from '../../../lib/endpoint-query';
import { useSelectedOffice } from '../../../lib/office';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { useFacilityDashboard } from '../api/dashboards';
import { BandChart } from '../components/BandChart';
import { Figure } from '../components/Figure';
import { formatMoney } from '../../../lib/money';

/** Minutes as "45 min", "3.5 h" or "2.1 d" (docs/dashboards.md: response times and alert ages). */
function useDuration() {
  const { t } = useTranslation('dashboards');
  return (minutes: number | null) => {
    if (minutes === null) { return '—'; }
    if (minutes < 60) { return t('duration.minutes', { n: Math.round(minutes) }); }
    if (minutes < 1440) { return t('duration.hours', { n: Math.round(minutes / 6) / 10 }); }
    return t('duration.days', { n: Math.round(minutes / 144) / 10 });
  };
}

/**
 * /dashboardFacility (spec "Protected routes"; docs/dashboards.md): one office's monitored patients
 * by program, readings today (the office's local day), appointments today, reading-day adherence
 * this month, open alerts by severity and age, alert response time (median, 90th percentile) and
 * this month's billing readiness, each linking to the list behind it. Alert events on the socket refresh the figures at once; readings every minute.
 */
export default function FacilityDashboardPage() {
  const { t, i18n } = useTranslation('dashboards');
  const { dateTime } = useCalendar();
  const duration = useDuration();
  const selected = useSelectedOffice();
  const { offices, isLoading: officesLoading } = useOfficesInScope();
  const [params] = useSearchParams();
  const fromLink = /^\d+$/.test(params.get('office') ?? '') ? Number(params.get('office')) : null;
  const [picked, setPicked] = useState<number | null>(fromLink);
  const office = picked ?? (selected > 0 ? selected : (offices[0]?.id ?? null));
  const query = useFacilityDashboard(office);
  const qc = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'notification' || event.type === 'notificationProcessed' || event.type === 'reconnected') {
      void invalidateEndpoints(qc, [dashboards.getFacilityDashboard]);
    }
  });
  const d: FacilityDashboard | undefined = query.data;
  const loading = office !== null && query.isLoading;
  // docs/billing-engine.md "Amounts": a missing amount reads "no amount loaded", never $0.00.
  const money = (cents: number | null) => formatMoney(cents, i18n.language);
  const programs = d?.byProgram.map((p) => ({ name: p.program, value: p.patients })) ?? [];
  const bands = d?.adherence.bands.map((b) => ({ name: t(`adherence.bands.${b.band}`), value: b.patients })) ?? [];
  const ages = d?.openAlerts.byAge.map((b) => ({ name: t(`alerts.ages.${b.band}`), value: b.alerts })) ?? [];
  const summaryOf = (rows: { name: string; value: number }[]) => rows.map((r) => `${r.name}: ${r.value}`).join('; ');

  return (
    <>
      <PageHeader
        title={t('title')}
        description={d ? t('description', { office: d.hospitalName, date: d.localDate, time: dateTime(d.generatedAt) }) : t('descriptionNone')}
        actions={
          <Select
            label={t('office')}
            data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
            value={office === null ? null : String(office)}
            onChange={(v) => v && setPicked(Number(v))}
            allowDeselect={false}
            searchable
            w={260}
            data-testid="dashboard-office"
          />
        }
      />
      {query.error && (
        <Alert color="red" role="alert" title={t('error')} mb="md">
          <Group justify="space-between">
            <Text size="sm">{query.error instanceof Error ? query.error.message : ''}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!officesLoading && offices.length === 0 ? (
        <EmptyState text={t('noOffices')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Figure testId="fig-monitored" title={t('monitored.title')} value={d?.monitored ?? '—'} loading={loading} link={{ to: '/patients', label: t('monitored.link') }}>
            <BandChart data={programs} summary={t('monitored.chart', { summary: summaryOf(programs) })} testId="chart-programs" />
          </Figure>
          <Figure testId="fig-readings" title={t('readings.title')} value={d?.readingsToday ?? '—'} loading={loading} link={{ to: '/patients', label: t('readings.link') }}>
            <Text size="sm">{t('readings.patients', { count: d?.patientsReadToday ?? 0 })}</Text>
          </Figure>
          <Figure
            testId="fig-appointments"
            title={t('appointments.title')}
            value={d?.appointmentsToday.booked ?? '—'}
            loading={loading}
            link={{ to: '/appointments', label: t('appointments.link') }}
          >
            <Text size="sm">{t('appointments.completed', { completed: d?.appointmentsToday.completed ?? 0, noShow: d?.appointmentsToday.noShow ?? 0 })}</Text>
            <Text size="sm" c="dimmed">
              {t('appointments.requested', { count: d?.appointmentsToday.requested ?? 0 })}
            </Text>
          </Figure>
          <Figure
            testId="fig-adherence"
            title={t('adherence.title')}
            value={d ? `${d.adherence.bands.find((b) => b.band === 'onTrack')?.patients ?? 0} / ${d.monitored}` : '—'}
            loading={loading}
            link={{ to: `/monitoring?type=5&processed=all&period=MONTH&office=${office ?? -1}`, label: t('adherence.link', { count: d?.adherence.missedThisMonth ?? 0 }) }}
          >
            <Text size="sm" c="dimmed">
              {t('adherence.explain', { days: d?.adherence.daysElapsed ?? 0 })}
            </Text>
            <BandChart data={bands} summary={t('adherence.chart', { summary: summaryOf(bands) })} testId="chart-adherence" />
          </Figure>
          <Figure testId="fig-alerts" title={t('alerts.title')} value={d?.openAlerts.total ?? '—'} loading={loading} link={{ to: `/monitoring?period=ALL&office=${office ?? -1}`, label: t('alerts.link') }}>
            <Group gap="xs">
              <FigureDefinition figure="openAlerts" />
              <Badge color="red.9" variant="filled" data-testid="alerts-critical">
                {t('alerts.critical', { count: d?.openAlerts.critical ?? 0 })}
              </Badge>
              <FigureDefinition figure="criticalAlerts" />
              <Badge color="yellow.3" c="dark.9" variant="filled" data-testid="alerts-caution">
                {t('alerts.caution', { count: d?.openAlerts.caution ?? 0 })}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('alerts.oldest', { age: duration(d?.openAlerts.oldestMinutes ?? null) })}
            </Text>
            <BandChart data={ages} summary={t('alerts.chart', { summary: summaryOf(ages) })} testId="chart-alert-ages" color="#c92a2a" />
          </Figure>
          <Figure
            testId="fig-response"
            title={t('response.title')}
            value={duration(d?.responseTime.medianMinutes ?? null)}
            loading={loading}
            link={{ to: `/monitoring?processed=true&period=MONTH&office=${office ?? -1}`, label: t('response.link') }}
          >
            <Text size="sm">{t('response.p90', { value: duration(d?.responseTime.p90Minutes ?? null) })}</Text>
            <Text size="sm" c="dimmed">
              {t('response.count', { count: d?.responseTime.processed ?? 0 })}
            </Text>
          </Figure>
          <Figure testId="fig-billing" title={t('billing.title')} value={d ? money(d.billing.amountCents) : '—'} loading={loading} link={{ to: '/billings', label: t('billing.link') }}>
            <Text size="sm">{t('billing.patients', { count: d?.billing.billablePatients ?? 0 })}</Text>
            <Text size="sm">{t('billing.claims', { billable: d?.billing.billableClaims ?? 0, suppressed: d?.billing.suppressedClaims ?? 0 })}</Text>
            {d && d.billing.claimsWithoutAmount > 0 && d.billing.amountCents !== null && (
              <Text size="xs" c="dimmed" data-testid="fig-billing-excludes">
                {t('billing.excludesMissing', { count: d.billing.claimsWithoutAmount })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {d?.billing.lastRunAt ? t('billing.lastRun', { time: dateTime(d.billing.lastRunAt) }) : t('billing.noRun')}
            </Text>
          </Figure>
        </SimpleGrid>
      )}
    </>
  );
}
