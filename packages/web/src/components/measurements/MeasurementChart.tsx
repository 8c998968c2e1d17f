import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconChartLine, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { severityOf, type EffectiveThresholds } from '@vigil/contract';
import { currentLang } from '../../lib/i18n';
import { asThresholds, chartedCodes, formatNumber, unitLabel, valueLabel } from './format';
import { browserOffsetMinutes, formatLocalDateTime, formatLocalDay, formatOffset, localMillis, offsetMinutes } from '../../lib/calendar';
import { ReadingFlags, SEVERITY_COLOURS, SeverityBadge } from './ReadingBadges';

/** Line colours (Mantine blue.8, violet.8, cyan.9): distinct, and dark enough on white. */
const LINE_COLOURS = ['#1971c2', '#6741d9', '#0b7285'];
const DAY_MS = 86_400_000;

export interface ChartValue {
  code: string;
  /** UCUM display unit of the value ('mmol/L') */
  displayUnit: string;
}

/** One reading as charted: values in the user's display units keyed by LOINC code. */
export interface ChartReading {
  id: number;
  measuredAt: string;
  measuredAtOffset: string;
  display: Record<string, number>;
  severity: number;
  isManual: boolean;
  isSimulated: boolean;
}

interface Point {
  t: number;
  reading: ChartReading;
  [code: string]: number | ChartReading;
}

type Source = 'device' | 'simulated' | 'manual';
const sourceOf = (r: ChartReading): Source => (r.isManual ? 'manual' : r.isSimulated ? 'simulated' : 'device');

/** A round step (1, 2, 2.5 or 5 times a power of ten) giving about six ticks from `lo` to `hi`. */
function niceScale(lo: number, hi: number): { domain: [number, number]; ticks: number[] } {
  const span = Math.max(hi - lo, Math.abs(hi) * 0.05, 1);
  const raw = span / 6;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const from = Math.floor(lo / step) * step - (lo % step === 0 ? step : 0);
  const to = Math.ceil(hi / step) * step + (hi % step === 0 ? step : 0);
  const ticks: number[] = [];
  for (let v = from; v <= to + step / 2; v += step) { ticks.push(Math.round(v * 1000) / 1000); }
  return { domain: [from, to], ticks };
}

/** Day-aligned ticks (local midnight, in local-millis space) every 1, 2, 7, 14 or 30 days: at most about eight. */
function dayTicks(from: number, to: number): number[] {
  const days = Math.max(1, (to - from) / DAY_MS);
  const step = [1, 2, 7, 14, 30].find((s) => days / s <= 8) ?? 30;
  const first = Math.ceil(from / DAY_MS) * DAY_MS;
  const ticks: number[] = [];
  for (let v = first; v <= to; v += step * DAY_MS) { ticks.push(v); }
  return ticks;
}

/** The point marker: a circle for a device's reading, a triangle for a simulated one, a square for one entered by hand. */
function Marker({ source, cx, cy, r, fill }: { source: Source; cx: number; cy: number; r: number; fill: string }) {
  if (source === 'manual') { return <rect x={cx - r} y={cy - r} width={r * 2} height={r * 2} fill={fill} stroke="#fff" strokeWidth={1} />; }
  if (source === 'simulated') {
    const h = r * 1.25;
    return <path d={`M${cx},${cy - h} L${cx + h},${cy + h * 0.8} L${cx - h},${cy + h * 0.8} Z`} fill={fill} stroke="#fff" strokeWidth={1} />;
  }
  return <circle cx={cx} cy={cy} r={r} fill={fill} stroke="#fff" strokeWidth={1} />;
}

function LegendMarker({ source, fill = '#495057' }: { source: Source; fill?: string }) {
  return (
    <svg width={14} height={14} aria-hidden focusable="false">
      <Marker source={source} cx={7} cy={7} r={4.5} fill={fill} />
    </svg>
  );
}

function LegendLine({ colour, dash }: { colour: string; dash?: string }) {
  return (
    <svg width={24} height={10} aria-hidden focusable="false">
      <line x1={0} y1={5} x2={24} y2={5} stroke={colour} strokeWidth={dash ? 1.75 : 2.5} strokeDasharray={dash} />
    </svg>
  );
}

function LegendItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" component="li">
      {icon}
      <Text size="xs" span>
        {children}
      </Text>
    </Group>
  );
}

const valueName = (code: string, unit: string, lang: 'en' | 'es') => `${valueLabel(code, lang)} (${unitLabel(unit, lang)})`;

/**
 * A device type's readings over a period: one line per charted value (pulse beside blood pressure
 * and SpO2 stays in the table), the caution (dashed amber) and critical (dotted red) thresholds as
 * reference lines (and, for a single value, shaded zones), abnormal points in amber / red, and the
 * point shape telling a device's reading (circle), a simulated one (triangle) and one entered by
 * hand (square). X axis: the local time where the reading was taken. The chart has an accessible
 * name summarising it; "View as table" swaps it for a table of every reading and value.
 */
export function MeasurementChart(props: {
  title: string;
  deviceType: string;
  values: ChartValue[];
  /** oldest first */
  readings: ChartReading[];
  /** per LOINC code, in display units */
  thresholds: Record<string, EffectiveThresholds>;
  /** the period, ISO instants (the X axis spans it) */
  from?: string;
  to?: string;
  /** or the X axis span directly, in local-millis (wall-clock time as UTC, see localMillis) */
  domain?: [number, number];
  height?: number;
  headerRight?: ReactNode;
}) {
  const { t } = useTranslation('measurements');
  const lang = currentLang();
  const [asTable, setAsTable] = useState(false);
  const regionId = useId();
  const { readings, values, thresholds } = props;

  const codes = chartedCodes(
    props.deviceType,
    values.map((v) => v.code),
  );
  const unitOf = (code: string) => values.find((v) => v.code === code)?.displayUnit ?? '';
  const data: Point[] = readings.map((r) => ({ ...r.display, t: localMillis(r.measuredAt, r.measuredAtOffset), reading: r }));

  // Thresholds of the charted values: one line per distinct limit (values sharing a limit share
  // the line and its label; critical wins the style).
  const byY = new Map<number, { y: number; level: 'caution' | 'critical'; codes: string[] }>();
  for (const code of codes) {
    const th = thresholds[code];
    if (!th) { continue; }
    for (const [y, level] of [
      [th.cautionLow, 'caution'],
      [th.cautionHigh, 'caution'],
      [th.criticalLow, 'critical'],
      [th.criticalHigh, 'critical'],
    ] as const) {
      if (y === null) { continue; }
      const line = byY.get(y);
      if (!line) { byY.set(y, { y, level, codes: [code] }); }
      else {
        if (!line.codes.includes(code)) { line.codes.push(code); }
        if (level === 'critical') { line.level = 'critical'; }
      }
    }
  }
  const lines = [...byY.values()];
  const lineLabel = (l: { y: number; codes: string[] }) =>
    codes.length > 1 ? `${l.codes.map((c) => valueLabel(c, lang).slice(0, 3)).join('/')} ${formatNumber(l.y, lang)}` : formatNumber(l.y, lang);

  const ys = [...data.flatMap((p) => codes.map((c) => p[c]).filter((v): v is number => typeof v === 'number')), ...lines.map((l) => l.y)];
  const { domain: yDomain, ticks: yTicks } = ys.length > 0 ? niceScale(Math.min(...ys), Math.max(...ys)) : { domain: [0, 1] as [number, number], ticks: [] };

  // X domain: the period (shifted by the readings' offset so that it matches their local times).
  const offsetMs = (readings.at(-1) ? offsetMinutes(readings.at(-1)!.measuredAtOffset) : browserOffsetMinutes()) * 60_000;
  const ts = data.map((p) => p.t);
  const xFrom = props.from ? new Date(props.from).getTime() + offsetMs : Math.min(...ts) - DAY_MS / 4;
  const xTo = props.to ? new Date(props.to).getTime() + offsetMs : Math.max(...ts) + DAY_MS / 4;
  const span: [number, number] = props.domain
    ? [Math.min(props.domain[0], ...ts), Math.max(props.domain[1], ...ts)]
    : [Math.min(xFrom, ...ts), Math.max(xTo, ...ts)];
  // A little room on both sides so that the first and last points are not cut by the axes.
  const pad = Math.max((span[1] - span[0]) * 0.015, 3_600_000);
  const xDomain: [number, number] = [span[0] - pad, span[1] + pad];

  const sources = new Set(readings.map(sourceOf));
  const single = codes.length === 1 ? thresholds[codes[0]!] : undefined;
  const periodText =
    data.length > 0 ? t('chart.period', { from: formatLocalDay(span[0], lang), to: formatLocalDay(span[1], lang) }) : '';
  const abnormal = readings.filter((r) => r.severity > 0).length;
  const accessibleName = t('chart.name', {
    title: props.title,
    count: readings.length,
    period: periodText,
    abnormal,
  });

  const toggle = (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={asTable ? <IconChartLine size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
      aria-pressed={asTable}
      aria-controls={regionId}
      onClick={() => setAsTable((v) => !v)}
      disabled={readings.length === 0}
    >
      {asTable ? t('chart.viewChart') : t('chart.viewTable')}
    </Button>
  );

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {t('chart.readings', { count: readings.length })}
          {abnormal > 0 ? ` · ${t('chart.abnormal', { count: abnormal })}` : ''}
        </Text>
        <Group gap="xs">
          {props.headerRight}
          {toggle}
        </Group>
      </Group>
      <Box id={regionId}>
        {readings.length === 0 ? (
          <Text size="sm" c="dimmed" py="lg" ta="center">
            {t('chart.empty')}
          </Text>
        ) : asTable ? (
          <ReadingsTable title={props.title} readings={readings} values={values} />
        ) : (
          <Box role="img" aria-label={accessibleName} h={props.height ?? 260}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={data} margin={{ top: 10, right: codes.length > 1 ? 78 : 44, bottom: 4, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
                {single && (
                  <>
                    {single.criticalHigh !== null && (
                      <ReferenceArea y1={single.criticalHigh} y2={yDomain[1]} fill={SEVERITY_COLOURS.critical} fillOpacity={0.07} ifOverflow="hidden" />
                    )}
                    {single.cautionHigh !== null && (
                      <ReferenceArea
                        y1={single.cautionHigh}
                        y2={single.criticalHigh ?? yDomain[1]}
                        fill={SEVERITY_COLOURS.caution}
                        fillOpacity={0.08}
                        ifOverflow="hidden"
                      />
                    )}
                    {single.cautionLow !== null && (
                      <ReferenceArea
                        y1={single.criticalLow ?? yDomain[0]}
                        y2={single.cautionLow}
                        fill={SEVERITY_COLOURS.caution}
                        fillOpacity={0.08}
                        ifOverflow="hidden"
                      />
                    )}
                    {single.criticalLow !== null && (
                      <ReferenceArea y1={yDomain[0]} y2={single.criticalLow} fill={SEVERITY_COLOURS.critical} fillOpacity={0.07} ifOverflow="hidden" />
                    )}
                  </>
                )}
                <XAxis
                  dataKey="t"
                  type="number"
                  scale="time"
                  domain={xDomain}
                  ticks={dayTicks(xDomain[0], xDomain[1])}
                  tickFormatter={(v: number) => formatLocalDay(v, lang)}
                  tick={{ fontSize: 12, fill: '#495057' }}
                  minTickGap={16}
                />
                <YAxis
                  domain={yDomain}
                  ticks={yTicks}
                  allowDataOverflow
                  tick={{ fontSize: 12, fill: '#495057' }}
                  width={48}
                  tickFormatter={(v: number) => formatNumber(v, lang)}
                />
                <Tooltip content={<PointTooltip values={values} />} />
                {lines.map((l) => (
                  <ReferenceLine
                    key={l.y}
                    y={l.y}
                    stroke={l.level === 'critical' ? SEVERITY_COLOURS.critical : SEVERITY_COLOURS.caution}
                    strokeDasharray={l.level === 'critical' ? '2 3' : '6 4'}
                    strokeWidth={1.5}
                    label={{
                      value: lineLabel(l),
                      position: 'right',
                      fontSize: 11,
                      fill: l.level === 'critical' ? SEVERITY_COLOURS.critical : '#a05a00',
                    }}
                  />
                ))}
                {codes.map((code, i) => {
                  const colour = LINE_COLOURS[i % LINE_COLOURS.length]!;
                  const limits = asThresholds(thresholds[code]);
                  return (
                    <Line
                      key={code}
                      type="monotone"
                      dataKey={code}
                      name={valueName(code, unitOf(code), lang)}
                      stroke={colour}
                      strokeWidth={2}
                      isAnimationActive={false}
                      connectNulls
                      dot={(p) => {
                        const point = p.payload as Point | undefined;
                        const value = point?.[code];
                        if (typeof value !== 'number' || p.cx === undefined || p.cy === undefined || !point) { return <g key={`${code}-${p.index}`} />; }
                        const severity = severityOf(value, limits);
                        return (
                          <g key={`${code}-${p.index}`}>
                            <Marker
                              source={sourceOf(point.reading)}
                              cx={Number(p.cx)}
                              cy={Number(p.cy)}
                              r={severity > 0 ? 4.5 : 3.25}
                              fill={severity === 2 ? SEVERITY_COLOURS.critical : severity === 1 ? SEVERITY_COLOURS.caution : colour}
                            />
                          </g>
                        );
                      }}
                      activeDot={{ r: 6 }}
                    />
                  );
                })}
              </LineChart>
            </ResponsiveContainer>
          </Box>
        )}
      </Box>
      {readings.length > 0 && !asTable && (
        <Group gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none', rowGap: 4 }} aria-label={t('legend.title')}>
          {codes.map((code, i) => (
            <LegendItem key={code} icon={<LegendLine colour={LINE_COLOURS[i % LINE_COLOURS.length]!} />}>
              {valueName(code, unitOf(code), lang)}
            </LegendItem>
          ))}
          {lines.some((l) => l.level === 'caution') && (
            <LegendItem icon={<LegendLine colour={SEVERITY_COLOURS.caution} dash="6 4" />}>{t('legend.cautionLine')}</LegendItem>
          )}
          {lines.some((l) => l.level === 'critical') && (
            <LegendItem icon={<LegendLine colour={SEVERITY_COLOURS.critical} dash="2 3" />}>{t('legend.criticalLine')}</LegendItem>
          )}
          {(['device', 'simulated', 'manual'] as const)
            .filter((s) => sources.has(s))
            .map((s) => (
              <LegendItem key={s} icon={<LegendMarker source={s} />}>
                {t(`legend.${s}`)}
              </LegendItem>
            ))}
          {abnormal > 0 && (
            <LegendItem
              icon={
                <Group gap={2} wrap="nowrap">
                  <LegendMarker source="device" fill={SEVERITY_COLOURS.caution} />
                  <LegendMarker source="device" fill={SEVERITY_COLOURS.critical} />
                </Group>
              }
            >
              {t('legend.abnormal')}
            </LegendItem>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The tooltip of a point: when (local time and offset), every value with its unit, severity, marks. */
function PointTooltip({ active, payload, values }: { active?: boolean; payload?: readonly { payload?: Point }[]; values: ChartValue[] }) {
  const lang = currentLang();
  const point = payload?.[0]?.payload;
  if (!active || !point) { return null; }
  const r = point.reading;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Stack gap={4}>
        <Text size="xs" fw={600}>
          {formatLocalDateTime(point.t, lang)}{' '}
          <Text span size="xs" c="dimmed">
            {formatOffset(r.measuredAtOffset)}
          </Text>
        </Text>
        {values
          .filter((v) => r.display[v.code] !== undefined)
          .map((v) => (
            <Text size="xs" key={v.code}>
              {valueLabel(v.code, lang)}: <b>{formatNumber(r.display[v.code]!, lang)}</b> {unitLabel(v.displayUnit, lang)}
            </Text>
          ))}
        <Group gap={4}>
          <SeverityBadge severity={r.severity} size="xs" />
          <ReadingFlags isSimulated={r.isSimulated} isManual={r.isManual} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** Every reading of the chart as a table, newest first (the chart's accessible alternative). */
export function ReadingsTable({ title, readings, values, maxHeight = 320 }: { title: string; readings: ChartReading[]; values: ChartValue[]; maxHeight?: number }) {
  const { t } = useTranslation('measurements');
  const lang = currentLang();
  const rows = [...readings].reverse();
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('table.caption', { title }) }}>
      <Table striped verticalSpacing={6} fz="sm" miw={480} stickyHeader>
        <Table.Caption>{t('table.caption', { title })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.time')}</Table.Th>
            {values.map((v) => (
              <Table.Th scope="col" key={v.code} ta="right">
                {valueName(v.code, v.displayUnit, lang)}
              </Table.Th>
            ))}
            <Table.Th scope="col">{t('table.severity')}</Table.Th>
            <Table.Th scope="col">{t('table.source')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatLocalDateTime(localMillis(r.measuredAt, r.measuredAtOffset), lang)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatOffset(r.measuredAtOffset)}
                </Text>
              </Table.Td>
              {values.map((v) => (
                <Table.Td key={v.code} ta="right" ff="monospace">
                  {r.display[v.code] === undefined ? '—' : formatNumber(r.display[v.code]!, lang)}
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
    </ScrollArea.Autosize>
  );
}
