import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitLabelIn, type PublicLinkSeries } from '@vigil/contract';
import { currentLang } from '../../../lib/i18n';
import { formatNumber, valueLabel } from '../format';
import { formatLocalDateTime, formatOffset, localMillis } from '../../../lib/calendar';
import { ReadingFlags, SeverityBadge } from './ReadingBadges';

/** Every reading of one device type, newest first: local time, values with units, severity, simulated / manual marks. */
export function ReadingsTable({ series, title }: { series: PublicLinkSeries; title: string }) {
  const { t } = useTranslation('publicLinks');
  const lang = currentLang();
  const rows = [...series.readings].reverse();
  return (
    // Focusable so that keyboard users can scroll a table wider than a phone (axe: scrollable-region-focusable).
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('report.tableCaption', { title }) }}>
      <Table striped verticalSpacing={6} fz="sm" miw={520}>
        <Table.Caption>{t('report.tableCaption', { title })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('report.time')}</Table.Th>
            {series.values.map((v) => (
              <Table.Th scope="col" key={v.code} ta="right">
                {valueLabel(series.deviceType, v.code, lang)}
                {v.unit ? ` (${unitLabelIn(v.unit, lang)})` : ''}
              </Table.Th>
            ))}
            <Table.Th scope="col">{t('report.status')}</Table.Th>
            <Table.Th scope="col">{t('report.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.measuredAt}>
              <Table.Td>
                <Text span size="sm">
                  {formatLocalDateTime(localMillis(r.measuredAt, r.measuredAtOffset), lang)}
                </Text>{' '}
                <Text span size="xs" c="dimmed">
                  {formatOffset(r.measuredAtOffset)}
                </Text>
              </Table.Td>
              {series.values.map((v) => (
                <Table.Td key={v.code} ta="right" ff="monospace">
                  {r.values[v.code] === undefined ? '—' : formatNumber(r.values[v.code]!, lang)}
                </Table.Td>
              ))}
              <Table.Td>
                <SeverityBadge severity={r.severity} />
              </Table.Td>
              <Table.Td>
                <ReadingFlags isSimulated={r.isSimulated} isManual={r.isManual} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
