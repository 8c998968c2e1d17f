import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Readings per hour of the day, normal and abnormal stacked (the numbers are also in the tables below). */
export function ReadingsByHourChart({ data, total }: { data: { hour: string; normal: number; abnormal: number }[]; total: number }) {
  const { t } = useTranslation('dailyReports');
  return (
    <Box role="img" aria-label={t('chart.label', { count: total })} h={240} data-testid="daily-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hour" tick={{ fontSize: 11 }} interval={1} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width="auto" />
          <Tooltip />
          <Legend />
          <Bar dataKey="normal" stackId="r" name={t('chart.normal')} fill="#1971c2" />
          <Bar dataKey="abnormal" stackId="r" name={t('chart.abnormal')} fill="#c92a2a" />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
