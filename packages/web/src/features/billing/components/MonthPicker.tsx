import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingMonth } from '../api/period';
import { monthLabel, monthValue, parseMonth, useCalendar } from '../../../lib/calendar';

/** Months offered: two years back and three ahead of the current one. */
const MONTHS_BACK = 24;
const MONTHS_AHEAD = 3;

/** The billing month (default the current YYYY-MM); upcoming months can be picked to look ahead. */
export function MonthPicker({ value, onChange, label }: { value: BillingMonth; onChange: (p: BillingMonth) => void; label?: string }) {
  const { t, i18n } = useTranslation('billing');
  const now = useCalendar().currentMonth;
  const options: { value: string; label: string }[] = [];
  for (let i = MONTHS_AHEAD; i >= -MONTHS_BACK; i--) {
    const total = now.year * 12 + (now.month - 1) + i;
    const p = { year: Math.floor(total / 12), month: (total % 12) + 1 };
    options.push({ value: monthValue(p), label: monthLabel(p, i18n.language) });
  }
  if (!options.some((o) => o.value === monthValue(value))) { options.push({ value: monthValue(value), label: monthLabel(value, i18n.language) }); }
  return (
    <Select
      w={220}
      label={label ?? t('month.label')}
      data={options}
      value={monthValue(value)}
      onChange={(v) => {
        const p = parseMonth(v);
        if (p) { onChange(p); }
      }}
      allowDeselect={false}
      searchable
      data-testid="billing-month"
    />
  );
}
