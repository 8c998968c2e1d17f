import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SurveyReportSeries } from '@vigil/contract';
import { useCalendar } from '../../../lib/calendar';
import { BAND_FILL, bandLabel, nameIn, severityColor } from '../format';

const LINE = '#1971c2'; // blue.8
const FLAG = '#c92a2a'; // red.9

/**
 * One instrument's completed scores over time, with its bands as shaded areas (minimal to severe,
 * labelled with their ranges) and a red point where a safety flag was raised (PHQ-9 item 9). The
 * chart is an image for assistive technology; the table under it carries every point.
 */
export function ScoreTrendChart({ series }: { series: SurveyReportSeries }) {
  const { t, i18n } = useTranslation('surveys');
  const { date } = useCalendar();
  const lang = i18n.language;
  const data = series.points.map((p) => ({ t: Date.parse(p.completedAt), total: p.total, flagged: p.flags.length > 0 }));
  const rangedBands = series.bands.filter((b) => b.min !== null && b.max !== null);
  const top = series.maxScore ?? Math.max(...rangedBands.map((b) => b.max ?? 0), ...data.map((d) => d.total), 1);
  const ts = data.map((d) => d.t);
  const pad = 3 * 86_400_000;
  const xDomain = ts.length ? [Math.min(...ts) - pad, Math.max(...ts) + pad] : [0, 1];
  const name = nameIn(series, lang);
  const latest = series.points.at(-1);

  return (
    <Paper withBorder radius="md" p="md" data-testid="score-trend">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="h5">
            {name}
          </Title>
          {latest && (
            <Group gap="xs">
              <Text size="sm">{t('trend.latest', { total: latest.total, max: series.maxScore ?? '—' })}</Text>
              {latest.band && (
                <Badge variant="outline" color={severityColor(latest.band.severity)} tt="none">
                  {bandLabel(latest.band, lang)}
                </Badge>
              )}
            </Group>
          )}
        </Group>
        <Box role="img" aria-label={t('trend.chartLabel', { name })} h={240}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 48, bottom: 4, left: 0 }} accessibilityLayer={false}>
              {rangedBands.map((b) => (
                <ReferenceArea
                  key={b.key}
                  y1={b.min!}
                  y2={Math.min(b.max! + (b.max! < top ? 1 : 0), top)}
                  fill={BAND_FILL[b.severity] ?? BAND_FILL[0]}
                  fillOpacity={1}
                  ifOverflow="hidden"
                  label={{ value: `${b.min}–${b.max}`, position: 'right', fontSize: 11, fill: '#495057' }}
                />
              ))}
              <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
              <XAxis dataKey="t" type="number" scale="time" domain={xDomain} tickFormatter={(v: number) => date(new Date(v).toISOString())} tick={{ fontSize: 12, fill: '#495057' }} minTickGap={24} />
              <YAxis domain={[0, top]} allowDecimals={false} tick={{ fontSize: 12, fill: '#495057' }} width={36} />
              <Tooltip labelFormatter={(v) => date(new Date(Number(v)).toISOString())} formatter={(value) => [String(value), t('trend.score')]} />
              <Line
                type="linear"
                dataKey="total"
                stroke={LINE}
                strokeWidth={2}
                isAnimationActive={false}
                dot={(p: { cx?: number; cy?: number; index?: number; payload?: { flagged: boolean } }) => (
                  <circle key={p.index} cx={p.cx} cy={p.cy} r={p.payload?.flagged ? 6 : 4} fill={p.payload?.flagged ? FLAG : LINE} stroke="#fff" strokeWidth={1.5} />
                )}
              />
            </LineChart>
          </ResponsiveContainer>
        </Box>
        <Group gap="md" wrap="wrap" aria-hidden>
          {rangedBands.map((b) => (
            <Group key={b.key} gap={6} wrap="nowrap">
              <Box w={14} h={14} bg={BAND_FILL[b.severity] ?? BAND_FILL[0]} style={{ border: '1px solid #adb5bd', borderRadius: 3 }} />
              <Text size="xs">{bandLabel(b, lang)}</Text>
            </Group>
          ))}
        </Group>
        <Table fz="sm" verticalSpacing={4} data-testid="score-trend-table">
          <caption className="vigil-visually-hidden">{t('trend.tableCaption', { name })}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('trend.date')}</Table.Th>
              <Table.Th>{t('trend.score')}</Table.Th>
              <Table.Th>{t('trend.band')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...series.points].reverse().slice(0, 6).map((p) => (
              <Table.Tr key={p.surveyId}>
                <Table.Td>{date(p.completedAt)}</Table.Td>
                <Table.Td>
                  <Text span fw={700} inherit>
                    {p.total}
                  </Text>
                  {series.maxScore !== null && ` / ${series.maxScore}`}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {p.band ? bandLabel(p.band, lang) : '—'}
                    {p.flags.length > 0 && (
                      <Badge size="sm" color="red.9" variant="filled" tt="none">
                        {t('flags.item9')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
