import { Anchor, Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PatientSeriesWithReadings } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { formatNumber, unitLabel } from '../../../components/measurements/format';
import { usePatientSeries } from '../../../lib/shared-reads';
import { readingDay } from '../../../lib/calendar';
import { ReviewSection, SectionPending } from './ReviewSection';


/** The month's readings per device type: count, reading days (automatic ones apart), abnormal ones and each value's low / mean / high. */
export function ReadingsSection({ patientId, from, to }: { patientId: number; from: string; to: string }) {
  const { t, i18n } = useTranslation('monthlyReview');
  const series = usePatientSeries(patientId, { from, to });
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const charts = (
    <Anchor component={Link} to={`/patientdetails/${patientId}`} size="sm">
      {t('readings.charts')}
    </Anchor>
  );
  if (!series.data) {
    return (
      <ReviewSection title={t('readings.title')} testId="review-readings">
        <SectionPending error={series.error} />
      </ReviewSection>
    );
  }
  const all = series.data.series.flatMap((s) => s.readings);
  const days = new Set(all.map(readingDay));
  const autoDays = new Set(all.filter((r) => !r.isManual && !r.isSimulated).map(readingDay));
  return (
    <ReviewSection title={t('readings.title')} actions={charts} testId="review-readings">
      <Group gap="xs" wrap="wrap">
        <Badge size="lg" variant="outline" color="blue.9" tt="none" data-testid="review-reading-days">
          {t('readings.days', { count: days.size })}
        </Badge>
        <Badge size="lg" variant="outline" color="teal.9" tt="none">
          {t('readings.autoDays', { count: autoDays.size })}
        </Badge>
        <Badge size="lg" variant="outline" color="gray.7" tt="none">
          {t('readings.count', { count: all.length })}
        </Badge>
      </Group>
      {all.length === 0 ? (
        <EmptyState text={t('readings.empty')} />
      ) : (
        <ScrollArea>
          <Table striped verticalSpacing="xs" miw={640}>
            <Table.Caption>{t('readings.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('readings.type')}</Table.Th>
                <Table.Th>{t('readings.readings')}</Table.Th>
                <Table.Th>{t('readings.readingDays')}</Table.Th>
                <Table.Th>{t('readings.abnormal')}</Table.Th>
                <Table.Th>{t('readings.values')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {series.data.series
                .filter((s) => s.readings.length > 0)
                .map((s) => (
                  <SeriesRow key={s.deviceType} series={s} lang={lang} />
                ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </ReviewSection>
  );
}

function SeriesRow({ series, lang }: { series: PatientSeriesWithReadings['series'][number]; lang: 'en' | 'es' }) {
  const { t } = useTranslation('monthlyReview');
  const abnormal = series.readings.filter((r) => r.severity > 0).length;
  return (
    <Table.Tr>
      <Table.Td fw={600}>{series.title[lang]}</Table.Td>
      <Table.Td>{series.readings.length}</Table.Td>
      <Table.Td>{new Set(series.readings.map(readingDay)).size}</Table.Td>
      <Table.Td>
        {abnormal > 0 ? (
          <Badge color="red.9" variant="outline" tt="none">
            {abnormal}
          </Badge>
        ) : (
          0
        )}
      </Table.Td>
      <Table.Td>
        {series.values.map((v) => {
          const nums = series.readings.map((r) => r.display[v.code]).filter((n): n is number => typeof n === 'number' && Number.isFinite(n));
          if (nums.length === 0) { return null; }
          const mean = nums.reduce((a, b) => a + b, 0) / nums.length;
          return (
            <Text key={v.code} size="sm">
              {t('readings.valueLine', {
                label: v.label[lang],
                min: formatNumber(Math.min(...nums), lang),
                mean: formatNumber(mean, lang),
                max: formatNumber(Math.max(...nums), lang),
                unit: unitLabel(v.displayUnit, lang),
              })}
            </Text>
          );
        })}
      </Table.Td>
    </Table.Tr>
  );
}
