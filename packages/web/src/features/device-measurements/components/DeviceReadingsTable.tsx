import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Measurement } from '@vigil/contract';
import { formatNumber, unitLabel, valueLabel } from '../../../components/measurements/format';
import { formatLocalDateTime, formatOffset, localMillis } from '../../../lib/calendar';
import { ReadingFlags, SeverityBadge } from '../../../components/measurements/ReadingBadges';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { currentLang } from '../../../lib/i18n';

/** The device's readings, paged and sorted on the server: local time, each value in the user's units, severity, marks. */
export function DeviceReadingsTable(props: {
  values: { code: string; displayUnit: string }[];
  rows: Measurement[] | undefined;
  total: number | undefined;
  state: PageState;
  onChange: (s: PageState) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('deviceMeasurements');
  const lang = currentLang();
  const columns: Column<Measurement>[] = [
    {
      header: t('table.time'),
      sortKey: 'measuredAt',
      render: (m) => (
        <>
          <Text span size="sm">
            {formatLocalDateTime(localMillis(m.measuredAt, m.measuredAtOffset), lang)}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            {formatOffset(m.measuredAtOffset)}
          </Text>
        </>
      ),
    },
    ...props.values.map<Column<Measurement>>((v) => ({
      header: `${valueLabel(v.code, lang)} (${unitLabel(v.displayUnit, lang)})`,
      render: (m) => {
        const value = m.values.find((x) => x.code === v.code);
        return (
          <Text size="sm" ff="monospace" ta="right">
            {value ? formatNumber(value.displayValue, lang) : '—'}
          </Text>
        );
      },
    })),
    { header: t('table.severity'), sortKey: 'severity', render: (m) => <SeverityBadge severity={m.severity} /> },
    { header: t('table.notes'), render: (m) => <ReadingFlags isSimulated={m.isSimulated} isManual={m.isManual} /> },
  ];
  return (
    <ServerTable
      caption={t('table.caption')}
      columns={columns}
      rows={props.rows}
      total={props.total}
      state={props.state}
      onChange={props.onChange}
      rowKey={(m) => m.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      emptyText={t('table.empty')}
    />
  );
}
