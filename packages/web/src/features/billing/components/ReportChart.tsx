import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from './format';

interface CodeTotal {
  program: string;
  code: string;
  claims: number;
  /** null = no amount loaded for the code (drawn as no bar, named "no amount loaded", never $0.00). */
  amountCents: number | null;
}

/** Teal 9: the bars at AA contrast on white. */
const BAR_COLOR = '#087f5b';

/** The month's amount per billing code as bars (the table beside it carries the same figures). */
export function ReportChart({ byCode }: { byCode: CodeTotal[] }) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const data = byCode.map((c) => ({ name: c.code, program: c.program, amount: c.amountCents === null ? null : c.amountCents / 100, claims: c.claims }));
  const summary = byCode.map((c) => `${c.code}: ${formatMoney(c.amountCents, lang)}`).join('; ');
  return (
    <Box role="img" aria-label={t('report.chartLabel', { summary })} h={280} data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 10, right: 16, bottom: 4, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
          <XAxis dataKey="name" tick={{ fontSize: 12, fill: '#343a40' }} />
          <YAxis tick={{ fontSize: 12, fill: '#343a40' }} tickFormatter={(v: number) => formatMoney(v * 100, lang).replace(/[.,]00(?=\D*$)/, '')} width="auto" />
          <Tooltip
            formatter={(value) => [formatMoney(value === null || value === undefined ? null : Number(value) * 100, lang), t('report.amount')]}
            labelFormatter={(label, payload) => `${String(label)} (${(payload?.[0]?.payload as { program?: string } | undefined)?.program ?? ''})`}
          />
          <Bar dataKey="amount" fill={BAR_COLOR} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
