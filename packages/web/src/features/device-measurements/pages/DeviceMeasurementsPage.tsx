import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { unitPreferencesOf } from '@vigil/contract';
import { MeasurementChart, type ChartReading } from '../../../components/measurements/MeasurementChart';
import { defaultRange, rangeDomain, rangeLabel, rangeQuery, RangePicker, type RangeValue } from '../../../components/measurements/RangePicker';
import { deviceTitle } from '../../../components/measurements/format';
import type { PageState } from '../../../components/ServerTable';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { currentLang } from '../../../lib/i18n';
import { useExportDeviceCsv } from '../api/export-device-csv';
import { useDeviceDefaultsForHospital, useMedicalDevice } from '../../devices';
import { CHART_LIMIT, useDeviceChartReadings, useDeviceMeasurements, type DeviceSort } from '../api/get-device-measurements';
import { DeviceReadingsTable } from '../components/DeviceReadingsTable';
import { deviceThresholds, deviceValues } from '../components/thresholds';

/**
 * /devicemeasurements/{id} (spec section 2): one device's readings for a period (7, 30, 90 days
 * or custom) as a chart with the thresholds in effect and as a table paged and sorted on the
 * server, with a CSV export of the period; a link back to the patient. A non-numeric id goes to
 * /auth/login (spec section 2).
 */
export default function DeviceMeasurementsPage() {
  const { id } = useParams();
  if (!id || !/^\d{1,9}$/.test(id) || Number(id) < 1) { return <Navigate to="/auth/login" replace />; }
  return <DeviceReadings key={id} deviceId={Number(id)} />;
}

const SORTS: DeviceSort[] = ['measuredAt', '-measuredAt', 'severity', '-severity'];
const safeName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');

function DeviceReadings({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation(['deviceMeasurements', 'measurements']);
  const lang = currentLang();
  const { user } = useAuth();
  const prefs = unitPreferencesOf(user?.userSettingsJson);
  const [range, setRange] = useState<RangeValue>(defaultRange);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: '-measuredAt' });
  const query = rangeQuery(range);
  const device = useMedicalDevice(deviceId, { retry: false, enabled: true });
  const d = device.data;
  const office = useDeviceDefaultsForHospital(d?.hospitalId);
  const sort = (SORTS.includes(state.sort as DeviceSort) ? state.sort : '-measuredAt') as DeviceSort;
  const page = useDeviceMeasurements(deviceId, query, state.page, state.pageSize, sort);
  const chart = useDeviceChartReadings(deviceId, query);
  const csv = useExportDeviceCsv();

  if (!d) {
    return device.error ? (
      <Stack>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="red.8" role="alert">
          {device.error instanceof Error ? device.error.message : t('common:list.error')}
        </Text>
      </Stack>
    ) : (
      <Loader aria-label={t('common:list.loading')} />
    );
  }

  const defaults = office.data?.find((x) => x.deviceType === d.deviceType);
  const values = deviceValues(d, defaults, prefs);
  const thresholds = deviceThresholds(d, defaults, prefs);
  const title = lang === 'es' ? d.deviceTypeTitleEsp || deviceTitle(d.deviceType, lang) : d.deviceTypeTitle || deviceTitle(d.deviceType, lang);
  const readings: ChartReading[] | undefined = chart.data?.items.map((m) => ({
    id: m.id,
    measuredAt: m.measuredAt,
    measuredAtOffset: m.measuredAtOffset,
    display: Object.fromEntries(m.values.map((v) => [v.code, v.displayValue])),
    severity: m.severity,
    isManual: m.isManual,
    isSimulated: m.isSimulated,
  }));

  const exportCsv = () =>
    csv.mutate(
      { deviceId, range: query, filename: `${safeName(d.deviceIdentifier)}_${rangeLabel(range)}.csv` },
      {
        onError: (err) => notifications.show({ color: 'red', title: t('export.failed'), message: err instanceof ApiError ? err.message : String(err) }),
      },
    );

  return (
    <Stack gap="md">
      <Stack gap={6}>
        {d.patientId !== null && (
          <Anchor component={Link} to={`/patientdetails/${d.patientId}`} size="sm" w="fit-content" data-testid="back-to-patient">
            <Group gap={2} wrap="nowrap">
              <IconChevronLeft size={16} aria-hidden />
              {t('backToPatient', { name: d.patientFullname ?? '' })}
            </Group>
          </Anchor>
        )}
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={6}>
            <Title order={1} fz="h2">
              {t('heading', { title, identifier: d.deviceIdentifier })}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Badge variant="outline" color="gray.7" tt="none" fw={500}>
                {d.hospitalName}
              </Badge>
              {d.hubIdentifier && <Text size="sm">{t('hub', { hub: d.hubIdentifier })}</Text>}
              {d.patientId === null && <Text size="sm">{t('unassigned')}</Text>}
              {(d.manufacturerName || d.modelName) && (
                <Text size="sm" c="dimmed">
                  {[d.manufacturerName, d.modelName].filter(Boolean).join(' ')}
                </Text>
              )}
              {d.status !== 1 && (
                <Badge variant="outline" color="gray.7" tt="none">
                  {t('retired')}
                </Badge>
              )}
            </Group>
          </Stack>
          <Button leftSection={<IconDownload size={18} aria-hidden />} variant="light" onClick={exportCsv} loading={csv.isPending} data-testid="export-csv">
            {t('export.button')}
          </Button>
        </Group>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <RangePicker
            value={range}
            onChange={(r) => {
              setRange(r);
              setState((s) => ({ ...s, page: 1 }));
            }}
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('chartTitle')} data-testid="device-chart">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} fz="h4">
              {t('chartTitle')}
            </Title>
            {chart.isFetching && <Loader size="xs" aria-label={t('common:list.loading')} />}
          </Group>
          {chart.error && (
            <Text c="red.8" role="alert" size="sm">
              {chart.error instanceof Error ? chart.error.message : t('common:list.error')}
            </Text>
          )}
          {readings ? (
            <>
              <MeasurementChart title={title} deviceType={d.deviceType} values={values} readings={readings} thresholds={thresholds} domain={rangeDomain(range)} height={300} />
              {chart.data && chart.data.total > CHART_LIMIT && (
                <Text size="xs" c="dimmed">
                  {t('chartTruncated', { count: CHART_LIMIT })}
                </Text>
              )}
            </>
          ) : (
            !chart.error && <Loader size="sm" aria-label={t('common:list.loading')} />
          )}
        </Stack>
      </Paper>

      <Stack gap="xs" component="section" aria-label={t('tableTitle')}>
        <Title order={2} fz="h4">
          {t('tableTitle')}
        </Title>
        <DeviceReadingsTable
          values={values}
          rows={page.data?.items}
          total={page.data?.total}
          state={{ ...state, sort }}
          onChange={setState}
          loading={page.isFetching}
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      </Stack>
    </Stack>
  );
}
