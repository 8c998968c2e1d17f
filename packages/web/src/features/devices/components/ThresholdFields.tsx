import type { ReactNode } from 'react';
import { Alert, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { measurementCatalogue, unitLabelIn, type DeviceType } from '@vigil/contract';
import { useDeviceDefaultsForHospital } from '../api/devices';
import { LIMITS, limitsText, type LimitName, type ThresholdValues } from './thresholds';

/**
 * Threshold inputs: for each LOINC value of the type, caution and critical low / high in the
 * value's canonical unit. For a device's overrides (the default), empty inputs keep the office's
 * default, shown as the placeholder. With `reference` (an office's own limits), the inputs hold the
 * limits in effect, and the reference (the catalogue's defaults) is written under each value.
 * Errors are keyed `<field>.<code>`; `readOnly` shows the limits without letting them change.
 */
export function ThresholdFields({
  deviceType,
  officeId,
  values,
  errors,
  onChange,
  field = 'deviceDefaultValuesJson',
  reference,
  hint,
  footer,
  readOnly = false,
}: {
  deviceType: DeviceType;
  officeId: number | null;
  values: ThresholdValues;
  errors: Record<string, unknown>;
  onChange: (code: string, limit: LimitName, value: number | string) => void;
  /** The error key prefix (the body field the server names). */
  field?: string;
  /** Limits shown under each value (the catalogue's defaults on the office screen), with their label. */
  reference?: { label: string; limits: Record<string, Partial<Record<LimitName, number>>> };
  /** Replaces the explanation above the inputs (null: none). */
  hint?: ReactNode | null;
  /** Replaces the note under the inputs (null: none). */
  footer?: ReactNode | null;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation('devices');
  const en = i18n.language.startsWith('en');
  const defaults = useDeviceDefaultsForHospital(reference ? null : officeId);
  const officeDefaults = defaults.data?.find((d) => d.deviceType === deviceType);
  const def = measurementCatalogue[deviceType];

  return (
    <Stack gap="md">
      {hint !== null && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {hint ?? t('thresholds.hint')}
        </Alert>
      )}
      {def.values.map((value) => {
        const unit = unitLabelIn(value.unit, en ? 'en' : 'es');
        const label = en ? value.label.en : value.label.es;
        const office = reference ? undefined : officeDefaults?.values.find((v) => v.code === value.code)?.thresholds;
        const error = errors[`${field}.${value.code}`];
        const step = value.decimals > 0 ? 0.1 : 1;
        return (
          <Paper key={value.code} withBorder radius="md" p="sm" data-testid={`thresholds-${value.code}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} size="sm">
                  {label} ({unit})
                </Text>
                <Text size="xs" c="dimmed">
                  {t('thresholds.range', { min: value.min, max: value.max, unit })} · LOINC {value.code}
                </Text>
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                {LIMITS.map((limit) => {
                  const fallback = office?.[limit];
                  return (
                    <NumberInput
                      key={limit}
                      label={t(`thresholds.${limit}`)}
                      aria-label={`${label}: ${t(`thresholds.${limit}`)} (${unit})`}
                      placeholder={fallback === null || fallback === undefined ? t('thresholds.none') : String(fallback)}
                      rightSection={
                        <Text size="xs" c="dimmed" pr={4}>
                          {unit}
                        </Text>
                      }
                      rightSectionWidth={52}
                      rightSectionPointerEvents="none"
                      hideControls
                      decimalScale={value.decimals}
                      step={step}
                      allowNegative={false}
                      value={values[value.code]?.[limit] ?? ''}
                      onChange={(v) => onChange(value.code, limit, v)}
                      readOnly={readOnly}
                      variant={readOnly ? 'filled' : 'default'}
                      error={!!error && values[value.code]?.[limit] !== ''}
                      size="sm"
                    />
                  );
                })}
              </SimpleGrid>
              {reference && (
                <Text size="xs" c="dimmed" data-testid={`reference-${value.code}`}>
                  {reference.label}: {limitsText(reference.limits[value.code] ?? {}, unit, t)}
                </Text>
              )}
              {typeof error === 'string' && (
                <Text size="sm" c="red.8" role="alert">
                  {error}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      {footer !== null && (
        <Text size="xs" c="dimmed">
          {footer ?? t('thresholds.placeholderHint')}
        </Text>
      )}
    </Stack>
  );
}
