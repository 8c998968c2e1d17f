import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { severityOf, unitLabelIn, type PublicLinkSeries } from '@vigil/contract';
import { currentLang } from '../../../lib/i18n';
import { chartedCodes, formatNumber, valueLabel } from '../format';
import { formatLocalDateTime, formatLocalDay, localMillis } from '../../../lib/calendar';

/** Line colours (Mantine blue.8, violet.8, cyan.9): distinct, and dark enough on white. */
const LINE_COLOURS = ['#1971c2', '#6741d9', '#0b7285'];
const CAUTION = '#e67700'; // yellow.9
const CRITICAL = '#c92a2a'; // red.9

/** A round step (1, 2, 2.5 or 5 times a power of ten) giving about six ticks from `lo` to `hi`, with the domain widened to whole steps. */
function niceScale(lo: number, hi: number): { domain: [number, number]; ticks: number[] } {
  const span = Math.max(hi - lo, 1);
  const raw = span / 6;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const from = Math.floor(lo / step) * step - (lo % step === 0 ? step : 0);
  const to = Math.ceil(hi / step) * step + (hi % step === 0 ? step : 0);
  const ticks: number[] = [];
  for (let v = from; v <= to + step / 2; v += step) { ticks.push(Math.round(v * 1000) / 1000); }
  return { domain: [from, to], ticks };
}

interface Point {
  t: number;
  [code: string]: number;
}

/**
 * One device type's readings over time (patient's local time on the X axis), one line per charted
 * value, with the caution (dashed amber) and critical (dashed red) thresholds as reference lines.
 * Decorative for assistive technology: the table beside it carries every reading.
 */
export function SeriesChart({ series, title }: { series: PublicLinkSeries; title: string }) {
  const { t } = useTranslation('publicLinks');
  const lang = currentLang();
  const codes = chartedCodes(
    series.deviceType,
    series.values.map((v) => v.code),
  );
  const data: Point[] = series.readings.map((r) => ({ ...r.values, t: localMillis(r.measuredAt, r.measuredAtOffset) }));

  // Thresholds of the charted values, one line per distinct (value, level).
  const lines = new Map<string, { y: number; level: 'caution' | 'critical' }>();
  for (const code of codes) {
    const th = series.thresholds[code];
    if (!th) { continue; }
    for (const [y, level] of [
      [th.cautionLow, 'caution'],
      [th.cautionHigh, 'caution'],
      [th.criticalLow, 'critical'],
      [th.criticalHigh, 'critical'],
    ] as const) {
      if (y !== undefined) { lines.set(`${level}:${y}`, { y, level }); }
    }
  }

  const ys = [...data.flatMap((p) => codes.map((c) => p[c]).filter((v): v is number => typeof v === 'number')), ...[...lines.values()].map((l) => l.y)];
  const { domain: yDomain, ticks: yTicks } = ys.length > 0 ? niceScale(Math.min(...ys), Math.max(...ys)) : { domain: [0, 1], ticks: undefined };
  const ts = data.map((p) => p.t);
  const xDomain = [Math.min(...ts) - 6 * 3_600_000, Math.max(...ts) + 6 * 3_600_000];

  return (
    <Box role="img" aria-label={t('report.chart', { title })} h={280}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 12, right: 48, bottom: 4, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={xDomain}
            tickFormatter={(v: number) => formatLocalDay(v, lang)}
            tick={{ fontSize: 12, fill: '#495057' }}
            minTickGap={24}
          />
          <YAxis domain={yDomain} ticks={yTicks} tick={{ fontSize: 12, fill: '#495057' }} width={44} tickFormatter={(v: number) => formatNumber(v, lang)} />
          <Tooltip
            labelFormatter={(v) => formatLocalDateTime(Number(v), lang)}
            formatter={(value, name) => [formatNumber(Number(value), lang), name]}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
          {[...lines.values()].map((l) => (
            <ReferenceLine
              key={`${l.level}:${l.y}`}
              y={l.y}
              stroke={l.level === 'critical' ? CRITICAL : CAUTION}
              strokeDasharray={l.level === 'critical' ? '2 3' : '6 4'}
              strokeWidth={1.5}
              label={{ value: formatNumber(l.y, lang), position: 'right', fontSize: 11, fill: l.level === 'critical' ? CRITICAL : '#a05a00' }}
            />
          ))}
          {codes.map((code, i) => {
            const shownUnit = series.values.find((v) => v.code === code)?.unit;
            const unit = shownUnit ? unitLabelIn(shownUnit, lang) : '';
            const colour = LINE_COLOURS[i % LINE_COLOURS.length]!;
            return (
              <Line
                key={code}
                type="monotone"
                dataKey={code}
                name={`${valueLabel(series.deviceType, code, lang)}${unit ? ` (${unit})` : ''}`}
                stroke={colour}
                strokeWidth={2}
                isAnimationActive={false}
                connectNulls
                dot={(props: { cx?: number; cy?: number; index?: number; payload?: Point }) => {
                  // Each value's own grade against its thresholds (both in display units): an
                  // abnormal point stands out in amber or red.
                  const value = props.payload?.[code];
                  const severity = typeof value === 'number' ? severityOf(value, series.thresholds[code]) : 0;
                  return (
                    <circle
                      key={`${code}-${props.index ?? 0}`}
                      cx={props.cx}
                      cy={props.cy}
                      r={severity > 0 ? 4.5 : 3}
                      fill={severity === 2 ? CRITICAL : severity === 1 ? CAUTION : colour}
                      stroke="#fff"
                      strokeWidth={1}
                    />
                  );
                }}
              />
            );
          })}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
