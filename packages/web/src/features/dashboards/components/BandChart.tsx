import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { leftMarginFor, xAxisLayout, yAxisWidth } from '../../../lib/chart-axis';

/** Teal 9 on white: AA contrast. */
const BAR_COLOR = '#087f5b';

/**
 * A small bar chart of labelled counts; the figures are also written beside it, the chart's label
 * (`summary`) reads them out for screen readers. The Y axis is as wide as its longest tick label
 * (in the page's number format) and the X labels slant and shorten when they do not fit side by
 * side at the chart's measured width (lib/chart-axis.ts); the tooltip shows the whole name.
 */
export function BandChart({ data, summary, testId, color = BAR_COLOR }: { data: { name: string; value: number }[]; summary: string; testId: string; color?: string }) {
  const { i18n } = useTranslation();
  const { ref, width } = useElementSize();
  const format = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const yWidth = yAxisWidth(
    data.map((d) => d.value),
    format,
  );
  const plotWidth = Math.max(0, (width || 300) - yWidth - 16);
  const x = xAxisLayout(
    data.map((d) => d.name),
    plotWidth,
  );
  const left = leftMarginFor(x, yWidth, data.length ? plotWidth / data.length : plotWidth);
  return (
    <Box ref={ref} role="img" aria-label={summary} h={180 + Math.max(0, x.height - 30)} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 4, left }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
          <XAxis
            dataKey="name"
            tick={{ fontSize: 12, fill: '#343a40' }}
            interval={0}
            angle={x.angle}
            textAnchor={x.textAnchor}
            height={x.height}
            tickFormatter={(name: string) => x.label(name)}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#343a40' }} width={yWidth} tickFormatter={format} />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Bar dataKey="value" fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
