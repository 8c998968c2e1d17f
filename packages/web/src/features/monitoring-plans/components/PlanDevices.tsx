import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TreatmentPlanDevice } from '@vigil/contract';
import { DeviceTypeIcon, deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { timesOf } from './schedule';

/** A plan's device types with their schedule (period, readings per day, times); `actions` adds buttons per device. */
export function PlanDevices({ devices, actions, empty }: { devices: TreatmentPlanDevice[]; actions?: (d: TreatmentPlanDevice) => ReactNode; empty?: string }) {
  const { t, i18n } = useTranslation('monitoringPlans');
  if (devices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty ?? t('plan.noDevices')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {devices.map((d) => (
        <Paper key={d.id} withBorder radius="md" px="sm" py="xs" data-testid={`plan-device-${d.deviceType}`}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <DeviceTypeIcon type={d.deviceType} size={30} />
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {deviceTypeTitle(d.deviceType, i18n.language)}
                </Text>
                <Group gap={6} wrap="wrap">
                  <Text size="xs" c="dimmed">
                    {t(`period.${d.measurementPeriod}`)} · {t('plan.perDay', { count: d.measurementsCount })}
                  </Text>
                  {timesOf(d).map((time) => (
                    <Badge key={time} variant="light" color="gray" size="sm" radius="sm">
                      {time}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Group>
            {actions && (
              <Group gap={4} wrap="nowrap">
                {actions(d)}
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
