import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitLabelIn, type PublicLinkSeries } from '@vigil/contract';
import { currentLang } from '../../../lib/i18n';
import { formatNumber, valueLabel } from '../format';

/** The thresholds in words ("Systolic — caution: below 90 or above 140; critical: below 80 or above 180"), printable beside the chart. */
export function ThresholdsSummary({ series }: { series: PublicLinkSeries }) {
  const { t } = useTranslation('publicLinks');
  const lang = currentLang();
  const entries = series.values.filter((v) => series.thresholds[v.code]);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('report.noThresholds')}
      </Text>
    );
  }
  const side = (low: number | undefined, high: number | undefined) =>
    [low !== undefined ? t('report.below', { value: formatNumber(low, lang) }) : null, high !== undefined ? t('report.above', { value: formatNumber(high, lang) }) : null]
      .filter(Boolean)
      .join(` ${t('report.or')} `);
  return (
    <dl style={{ margin: 0 }}>
      {entries.map((v) => {
        const th = series.thresholds[v.code]!;
        const caution = side(th.cautionLow, th.cautionHigh);
        const critical = side(th.criticalLow, th.criticalHigh);
        return (
          <Group key={v.code} gap={6} wrap="wrap" align="baseline">
            <Text component="dt" size="sm" fw={600}>
              {valueLabel(series.deviceType, v.code, lang)}
              {v.unit ? ` (${unitLabelIn(v.unit, lang)})` : ''}:
            </Text>
            <Text component="dd" size="sm" m={0}>
              {[caution && `${t('report.caution')} ${caution}`, critical && `${t('report.critical')} ${critical}`].filter(Boolean).join(' · ')}
            </Text>
          </Group>
        );
      })}
    </dl>
  );
}
