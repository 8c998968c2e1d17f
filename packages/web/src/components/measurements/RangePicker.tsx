import { useId, useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { addDays, browserOffsetMinutes, daysBetween, isDay, todayIn } from '../../lib/calendar';

/** The browser's today ('YYYY-MM-DD'), or `daysBefore` days before it. */
const localDay = (daysBefore = 0) => addDays(todayIn(), -daysBefore);
import { DateField } from '../DateField';

export const RANGE_PRESETS = ['7', '30', '90', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The chosen period: a preset (the last N days up to now) or a custom day range (both days whole). */
export interface RangeValue {
  preset: RangePreset;
  /** YYYY-MM-DD, custom only */
  from: string;
  to: string;
}

export const defaultRange: RangeValue = { preset: '30', from: '', to: '' };

/**
 * The query of a period: for a preset, from the first day (today and the N-1 days before it, in
 * the patient's or office's time zone as the server reads days) with an open end (up to now, so a
 * reading taken now is in); for a custom range both days.
 */
export function rangeQuery(v: RangeValue): { from: string; to?: string } {
  if (v.preset === 'custom') { return { from: v.from, to: v.to }; }
  return { from: localDay(Number(v.preset) - 1) };
}

/** The period's span in local-millis (wall-clock time as UTC): from the first day's midnight to the last day's end, or now. */
export function rangeDomain(v: RangeValue): [number, number] {
  const q = rangeQuery(v);
  const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
  const now = Date.now() + browserOffsetMinutes() * 60_000;
  return [day(q.from), q.to ? day(q.to) + 86_400_000 - 1 : now];
}

/** A short name of the period for filenames and accessible names: '2026-03-01_2026-03-30'. */
export function rangeLabel(v: RangeValue): string {
  const q = rangeQuery(v);
  return `${q.from}_${q.to ?? localDay(0)}`;
}

/**
 * Period choice: 7, 30 or 90 days, or a custom range from two date inputs (applied with a button,
 * at most `maxDays` days). Labelled for assistive technology.
 */
export function RangePicker({ value, onChange, maxDays = 400 }: { value: RangeValue; onChange: (v: RangeValue) => void; maxDays?: number }) {
  const { t } = useTranslation('measurements');
  const labelId = useId();
  const [draft, setDraft] = useState({ from: value.from || localDay(29), to: value.to || localDay(0) });
  const custom = value.preset === 'custom';
  const narrow = useMediaQuery('(max-width: 36em)');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    if (!isDay(draft.from) || !isDay(draft.to)) { return setError(t('range.invalid')); }
    const span = daysBetween(draft.from, draft.to);
    if (span < 0) { return setError(t('range.reversed')); }
    if (span + 1 > maxDays) { return setError(t('range.tooLong', { count: maxDays })); }
    setError(null);
    onChange({ preset: 'custom', from: draft.from, to: draft.to });
  };

  return (
    <Stack gap={6}>
      <Group gap="sm" align="center" wrap="wrap">
        <Text size="sm" fw={500} id={labelId}>
          {t('range.label')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          fullWidth={narrow}
          size={narrow ? 'xs' : 'sm'}
          w={narrow ? '100%' : undefined}
          value={value.preset}
          data={RANGE_PRESETS.map((p) => ({ value: p, label: p === 'custom' ? t('range.custom') : t('range.days', { count: Number(p) }) }))}
          onChange={(p) => {
            setError(null);
            onChange(p === 'custom' ? { preset: 'custom', from: draft.from, to: draft.to } : { preset: p as RangePreset, from: '', to: '' });
          }}
        />
      </Group>
      {custom && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateField
            size="sm"
            label={t('range.from')}
            value={draft.from}
            max={draft.to || undefined}
            onChange={(from) => setDraft((d) => ({ ...d, from }))}
          />
          <DateField
            size="sm"
            label={t('range.to')}
            value={draft.to}
            min={draft.from || undefined}
            onChange={(to) => setDraft((d) => ({ ...d, to }))}
          />
          <Button size="sm" variant="light" onClick={apply}>
            {t('range.apply')}
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
