import type { ReactNode } from 'react';
import { Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { planMeasurementPeriods, planTimeSlots, type DeviceType, type MedicalDevice } from '@vigil/contract';
import { deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { withCount, type ScheduleValues } from './schedule';

/**
 * The schedule of one device type in a plan: the type, optionally the patient's own device of that
 * type, the period (daily, weekly, monthly), 1 to 4 readings on each due day and their times
 * (24-hour 'HH:mm', the office's local time). Errors are looked up as `${errorPrefix}<field>`.
 */
export function ScheduleFields({
  value,
  onChange,
  errors,
  errorPrefix = '',
  typeOptions,
  lockType,
  patientDevices,
}: {
  value: ScheduleValues;
  onChange: (next: ScheduleValues) => void;
  errors: Record<string, ReactNode>;
  errorPrefix?: string;
  typeOptions: DeviceType[];
  lockType?: boolean;
  patientDevices?: MedicalDevice[];
}) {
  const { t, i18n } = useTranslation('monitoringPlans');
  const countLabelId = useId();
  const err = (field: string) => errors[`${errorPrefix}${field}`];
  const devicesOfType = (patientDevices ?? []).filter((d) => d.deviceType === value.deviceType);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: (lockType ? 1 : 2) + (patientDevices ? 1 : 0) }} spacing="sm">
        {!lockType && (
          <Select
            label={t('schedule.deviceType')}
            withAsterisk
            allowDeselect={false}
            data={typeOptions.map((type) => ({ value: type, label: deviceTypeTitle(type, i18n.language) }))}
            value={value.deviceType}
            onChange={(v) => onChange({ ...value, deviceType: (v as DeviceType | null) ?? null, medicalDeviceId: null })}
            error={err('deviceType')}
          />
        )}
        {patientDevices && (
          <Select
            label={t('schedule.device')}
            clearable
            placeholder={t('schedule.anyDevice')}
            data={devicesOfType.map((d) => ({ value: String(d.id), label: d.deviceIdentifier }))}
            value={value.medicalDeviceId}
            onChange={(v) => onChange({ ...value, medicalDeviceId: v })}
            disabled={!value.deviceType || devicesOfType.length === 0}
            error={err('medicalDeviceId')}
          />
        )}
        <Select
          label={t('schedule.period')}
          withAsterisk
          allowDeselect={false}
          data={planMeasurementPeriods.map((p) => ({ value: p, label: t(`period.${p}`) }))}
          value={value.measurementPeriod}
          onChange={(v) => v && onChange({ ...value, measurementPeriod: v as ScheduleValues['measurementPeriod'] })}
          error={err('measurementPeriod')}
        />
      </SimpleGrid>
      <Group gap="lg" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={countLabelId}>
            {t('schedule.count')}
          </Text>
          <SegmentedControl
            aria-labelledby={countLabelId}
            data={['1', '2', '3', '4']}
            value={String(value.measurementsCount)}
            onChange={(v) => onChange(withCount(value, Number(v)))}
          />
          {err('measurementsCount') && (
            <Text size="xs" c="red.8">
              {err('measurementsCount')}
            </Text>
          )}
        </Stack>
        <Group gap="sm" align="flex-start" wrap="wrap">
          {planTimeSlots.slice(0, value.measurementsCount).map((slot, i) => (
            <TextInput
              key={slot}
              w={104}
              label={t('schedule.time', { n: i + 1 })}
              placeholder="HH:mm"
              maxLength={5}
              inputMode="numeric"
              withAsterisk
              value={value[slot]}
              onChange={(e) => onChange({ ...value, [slot]: e.currentTarget.value })}
              error={!!err(slot)}
              aria-describedby={err(slot) ? `${countLabelId}-${slot}` : undefined}
            />
          ))}
        </Group>
      </Group>
      {planTimeSlots
        .filter((slot) => err(slot))
        .map((slot) => (
          <Text key={slot} id={`${countLabelId}-${slot}`} size="xs" c="red.8" role="alert">
            {t('schedule.time', { n: planTimeSlots.indexOf(slot) + 1 })}: {err(slot)}
          </Text>
        ))}
      <Text size="xs" c="dimmed">
        {t('schedule.timesHint')}
      </Text>
    </Stack>
  );
}
