import { Box } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Teal 9 on white: AA contrast. */
const BAR_COLOR = '#087f5b';

/**
 * A small bar chart of labelled counts; the figures are also written beside it, the chart's label
 * (`summary`) reads them out for screen readers.
 */
export function BandChart({ data, summary, testId, color = BAR_COLOR }: { data: { name: string; value: number }[]; summary: string; testId: string; color?: string }) {
  return (
    <Box role="img" aria-label={summary} h={180} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 4, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
          <XAxis dataKey="name" tick={{ fontSize: 12, fill: '#343a40' }} interval={0} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#343a40' }} width={32} />
          <Tooltip />
          <Bar dataKey="value" fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
