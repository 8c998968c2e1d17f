import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  assignTreatmentPlanDeviceBodySchema,
  deviceTypes,
  updateTreatmentPlanDeviceBodySchema,
  type DeviceType,
  type TreatmentPlan,
  type TreatmentPlanDevice,
} from '@vigil/contract';
import { deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { useAssignTreatmentPlanDevice, usePatientDevices, useUpdateTreatmentPlanDevice } from '../api/monitoring-plans';
import { ScheduleFields } from './ScheduleFields';
import { emptySchedule, fromPlanDevice, scheduleInput, type ScheduleValues } from './schedule';
import { notify } from '../../../lib/notify';

/**
 * Adds a device type with its times to a plan (POST treatmentplan/assigndevice) or changes a plan
 * device's schedule (PUT treatmentplan/updatetreatmanplandevice). On a patient's plan the
 * patient's own device of that type may be linked.
 */
export function DeviceScheduleForm({ plan, device, onDone }: { plan: TreatmentPlan; device?: TreatmentPlanDevice; onDone: () => void }) {
  const { t, i18n } = useTranslation('monitoringPlans');
  const used = plan.devices.map((d) => d.deviceType);
  const free = deviceTypes.filter((type) => !used.includes(type));
  const [value, setValue] = useState<ScheduleValues>(device ? fromPlanDevice(device) : emptySchedule(free[0] ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignTreatmentPlanDevice();
  const update = useUpdateTreatmentPlanDevice();
  const patientDevices = usePatientDevices(plan.patientId);

  const submit = () => {
    setError(null);
    const input = scheduleInput(value);
    const onError = (err: Error) => {
      setError(err.message);
      setErrors(serverFieldErrors(err));
    };
    const onSuccess = () => {
      notify({ color: 'teal', message: t('schedule.saved', { type: deviceTypeTitle(value.deviceType ?? '', i18n.language) }) });
      onDone();
    };
    if (device) {
      const body = { ...input, treatmentPlanDeviceId: device.id };
      const found = zodValidate(updateTreatmentPlanDeviceBodySchema)(body);
      setErrors(found);
      if (Object.keys(found).length === 0) { update.mutate(body, { onSuccess, onError }); }
    } else {
      const body = { ...input, treatmentPlanId: plan.id };
      const found = zodValidate(assignTreatmentPlanDeviceBodySchema)(body);
      setErrors(found);
      if (Object.keys(found).length === 0) { assign.mutate(body, { onSuccess, onError }); }
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <ScheduleFields
          value={value}
          onChange={setValue}
          errors={errors}
          typeOptions={(device ? [device.deviceType] : free) as DeviceType[]}
          lockType={!!device}
          patientDevices={plan.patientId ? (patientDevices.data ?? []) : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={assign.isPending || update.isPending} data-testid="schedule-submit">
            {device ? t('common:actions.save') : t('schedule.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
