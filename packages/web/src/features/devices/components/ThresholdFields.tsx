import { Alert, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { measurementCatalogue, unitLabels, type DeviceType } from '@vigil/contract';
import { useDeviceDefaultsForHospital } from '../api/get-device-defaults-for-hospital';
import { LIMITS, type LimitName, type ThresholdValues } from './thresholds';

/**
 * Per-device threshold overrides of the office defaults: for each LOINC value of the type, caution
 * and critical low / high in the value's canonical unit. Empty inputs keep the office's default,
 * shown as the placeholder. Errors are keyed `deviceDefaultValuesJson.<code>`.
 */
export function ThresholdFields({
  deviceType,
  officeId,
  values,
  errors,
  onChange,
}: {
  deviceType: DeviceType;
  officeId: number | null;
  values: ThresholdValues;
  errors: Record<string, unknown>;
  onChange: (code: string, limit: LimitName, value: number | string) => void;
}) {
  const { t, i18n } = useTranslation('devices');
  const en = i18n.language.startsWith('en');
  const defaults = useDeviceDefaultsForHospital(officeId);
  const officeDefaults = defaults.data?.find((d) => d.deviceType === deviceType);
  const def = measurementCatalogue[deviceType];

  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('thresholds.hint')}
      </Alert>
      {def.values.map((value) => {
        const unit = unitLabels[value.unit] ?? value.unit;
        const label = en ? value.label.en : value.label.es;
        const office = officeDefaults?.values.find((v) => v.code === value.code)?.thresholds;
        const error = errors[`deviceDefaultValuesJson.${value.code}`];
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
                      error={!!error && values[value.code]?.[limit] !== ''}
                      size="sm"
                    />
                  );
                })}
              </SimpleGrid>
              {typeof error === 'string' && (
                <Text size="sm" c="red.8" role="alert">
                  {error}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Text size="xs" c="dimmed">
        {t('thresholds.placeholderHint')}
      </Text>
    </Stack>
  );
}
