import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicLinkReport } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { currentLang } from '../../../lib/i18n';
import { deviceTitle, formatLinkPeriod } from '../format';
import { formatLongDateTime } from '../../../lib/calendar';
import { ReadingsTable } from './ReadingsTable';
import { SeriesChart } from './SeriesChart';
import { ThresholdsSummary } from './ThresholdsSummary';
import classes from './public-report.module.css';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </Stack>
  );
}

/**
 * The printable report of a share link: who (first name and last initial), which office, which
 * period (and hub), then per device type a chart with the thresholds and the table of readings.
 */
export function PublicReport({ report }: { report: PublicLinkReport }) {
  const { t } = useTranslation('publicLinks');
  const lang = currentLang();
  const tz = report.office.timeZone;
  const office = lang === 'es' && report.office.nameEs ? report.office.nameEs : report.office.name;
  const patient = report.patient.lastInitial ? `${report.patient.firstName} ${report.patient.lastInitial}.` : report.patient.firstName;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" className={classes.section}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Title order={1} fz="h2">
              {report.hubIdentifier ? t('report.hubTitle') : t('report.title')}
            </Title>
            <Badge variant="light" size="lg" radius="sm">
              {t('report.readings', { count: report.readingCount })}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: report.hubIdentifier ? 4 : 3 }} spacing="md">
            <Fact label={t('report.patient')} value={patient} />
            <Fact label={t('report.office')} value={office} />
            <Fact label={t('report.period')} value={formatLinkPeriod(report.periodStart, report.periodEnd, lang, tz)} />
            {report.hubIdentifier && <Fact label={t('report.hub')} value={report.hubIdentifier} />}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('report.units')} {t('report.validUntil', { date: formatLongDateTime(report.expiresAt, lang, tz) })}
          </Text>
        </Stack>
      </Paper>

      {report.truncated && (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('report.truncated', { count: report.readingCount })}
        </Alert>
      )}

      {report.series.length === 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <EmptyState text={t('report.empty')} />
        </Paper>
      ) : (
        report.series.map((series) => {
          const title = deviceTitle(series.deviceType, lang);
          return (
            <Paper key={series.deviceType} withBorder radius="lg" p="lg" component="section" aria-labelledby={`series-${series.deviceType}`} className={classes.section}>
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} fz="h3" id={`series-${series.deviceType}`}>
                    {title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('report.readings', { count: series.readings.length })}
                  </Text>
                </Group>
                <SeriesChart series={series} title={title} />
                <Stack gap={4}>
                  <Title order={3} fz="sm">
                    {t('report.thresholdsTitle')}
                  </Title>
                  <ThresholdsSummary series={series} />
                </Stack>
                <ReadingsTable series={series} title={title} />
              </Stack>
            </Paper>
          );
        })
      )}

      <Text size="xs" c="dimmed" ta="center">
        {t('report.privacy')}
      </Text>
    </Stack>
  );
}
