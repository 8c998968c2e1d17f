import { useState } from 'react';
import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MeasurementChart } from '../../../../components/measurements/MeasurementChart';
import { defaultRange, rangeDomain, rangeQuery, RangePicker, type RangeValue } from '../../../../components/measurements/RangePicker';
import { currentLang } from '../../../../lib/i18n';
import { usePatientSeries } from '../../../../lib/shared-reads';
import { Pending, SectionCard } from './SectionCard';

/**
 * One chart per measurement type over 7, 30 or 90 days or a custom range (GET
 * medicaldevicesdata/getpatientseries), each with the thresholds in effect for the patient.
 */
export function ChartsSection({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patientDetails');
  const lang = currentLang();
  const [range, setRange] = useState<RangeValue>(defaultRange);
  const series = usePatientSeries(patientId, rangeQuery(range), { keepPrevious: true });
  const data = series.data;

  return (
    <SectionCard title={t('charts.title')} actions={series.isFetching && data ? <Loader size="xs" aria-label={t('common:list.loading')} /> : undefined} testId="charts">
      <RangePicker value={range} onChange={setRange} />
      {series.error && data && (
        <Alert color="red" role="alert">
          {series.error instanceof Error ? series.error.message : t('common:list.error')}
        </Alert>
      )}
      {!data ? (
        <Pending error={series.error} />
      ) : data.series.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('charts.none')}
        </Text>
      ) : (
        <div style={{ containerType: 'inline-size' }}>
          <SimpleGrid type="container" cols={{ base: 1, '1000px': 2 }} spacing="md">
            {data.series.map((s) => {
              const title = s.title[lang];
              return (
                <Paper key={s.deviceType} withBorder radius="sm" p="sm" data-testid={`chart-${s.deviceType}`}>
                  <Stack gap={4}>
                    <Title order={3} fz="h5">
                      {title}
                    </Title>
                    <MeasurementChart
                      title={title}
                      deviceType={s.deviceType}
                      values={s.values.map((v) => ({ code: v.code, displayUnit: v.displayUnit }))}
                      readings={s.readings}
                      thresholds={s.displayThresholds}
                      domain={rangeDomain(range)}
                    />
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        </div>
      )}
    </SectionCard>
  );
}
