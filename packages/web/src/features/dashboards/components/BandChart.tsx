import { Box } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Teal 9 on white: AA contrast. */
const BAR_COLOR = '#087f5b';

/** Names longer than this turn the chart on its side (names down the left), so that no name is cut or overlaps another. */
const SIDEWAYS_AFTER_CHARS = 10;

/**
 * A small bar chart of labelled counts; the figures are also written beside it, the chart's label
 * (`summary`) reads them out for screen readers. The value axis is as wide as its longest number
 * (recharts `width="auto"`: 1,400 is never cut to "400"). When a name is long (a job queue's), the
 * bars lie sideways with the names down the left, each whole on its own line (docs/ui.md "Charts").
 */
export function BandChart({ data, summary, testId, color = BAR_COLOR }: { data: { name: string; value: number }[]; summary: string; testId: string; color?: string }) {
  const sideways = data.some((d) => d.name.length > SIDEWAYS_AFTER_CHARS);
  const tick = { fontSize: 12, fill: '#343a40' };
  return (
    <Box role="img" aria-label={summary} h={sideways ? Math.max(120, 28 * data.length + 40) : 180} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        {sideways ? (
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
            <XAxis type="number" allowDecimals={false} tick={tick} />
            <YAxis type="category" dataKey="name" tick={tick} interval={0} width="auto" />
            <Tooltip />
            <Bar dataKey="value" fill={color} radius={[0, 4, 4, 0]} isAnimationActive={false} />
          </BarChart>
        ) : (
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 4, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
            <XAxis dataKey="name" tick={tick} interval={0} />
            <YAxis allowDecimals={false} tick={tick} width="auto" />
            <Tooltip />
            <Bar dataKey="value" fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </Box>
  );
}
