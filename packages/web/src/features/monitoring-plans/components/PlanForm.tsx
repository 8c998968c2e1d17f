import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Menu, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { deviceTypes, type DeviceType } from '@vigil/contract';
import { DeviceTypeIcon, deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { serverFieldErrors } from '../../../lib/forms';
import { ScheduleFields } from './ScheduleFields';
import { emptySchedule, type PlanValues } from './schedule';

/**
 * A monitoring plan's title, description, (templates) default flag, and its device types with
 * their schedules, one per type. `validate` applies the contract's body schema; `onSubmit` sends
 * and reports a failure with `fail(err)` (its field errors go on the fields, its message on top).
 */
export function PlanForm({
  initial,
  showDefault,
  validate,
  onSubmit,
  onCancel,
  submitLabel,
  pending,
  note,
}: {
  initial: PlanValues;
  showDefault?: boolean;
  validate: (values: PlanValues) => Record<string, string>;
  onSubmit: (values: PlanValues, fail: (err: Error) => void) => void;
  onCancel: () => void;
  submitLabel: string;
  pending?: boolean;
  note?: ReactNode;
}) {
  const { t, i18n } = useTranslation('monitoringPlans');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PlanValues>({ initialValues: initial, validate });
  const used = form.values.devices.map((d) => d.deviceType);
  const free = deviceTypes.filter((type) => !used.includes(type));

  const fail = (err: Error) => {
    setError(err.message);
    form.setErrors(serverFieldErrors(err));
  };
  const submit = form.onSubmit((values) => {
    setError(null);
    onSubmit(values, fail);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        {note}
        <TextInput label={t('plan.title')} withAsterisk data-autofocus {...form.getInputProps('title')} />
        <Textarea label={t('plan.description')} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        {showDefault && <Checkbox label={t('plan.isDefault')} description={t('plan.isDefaultHint')} {...form.getInputProps('isDefault', { type: 'checkbox' })} />}
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} fz="md">
              {t('plan.devices')}
            </Title>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} disabled={free.length === 0} data-testid="add-plan-device">
                  {t('plan.addDevice')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {free.map((type) => (
                  <Menu.Item key={type} leftSection={<DeviceTypeIcon type={type} size={22} />} onClick={() => form.insertListItem('devices', emptySchedule(type))}>
                    {deviceTypeTitle(type, i18n.language)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
          {form.values.devices.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('plan.noDevicesYet')}
            </Text>
          )}
          {form.values.devices.map((d, i) => (
            <Paper key={d.deviceType ?? i} withBorder radius="md" p="sm">
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Group gap="xs">
                  {d.deviceType && <DeviceTypeIcon type={d.deviceType} size={26} />}
                  <Text fw={600} size="sm">
                    {d.deviceType ? deviceTypeTitle(d.deviceType, i18n.language) : ''}
                  </Text>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('plan.removeDevice', { type: d.deviceType ? deviceTypeTitle(d.deviceType, i18n.language) : '' })}
                  onClick={() => form.removeListItem('devices', i)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <ScheduleFields
                value={d}
                onChange={(next) => form.setFieldValue(`devices.${i}`, next)}
                errors={form.errors}
                errorPrefix={`devices.${i}.`}
                typeOptions={deviceTypes.filter((type) => type === d.deviceType || !used.includes(type)) as DeviceType[]}
                lockType
              />
            </Paper>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="plan-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
