import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Lang, MedicalDevice } from '@vigil/contract';
import { serverFieldErrors } from '../../../lib/forms';
import { useUpdateDeviceDefaultValues } from '../api/devices';
import { ThresholdFields } from './ThresholdFields';
import { thresholdErrors, thresholdValues, toThresholds, type ThresholdValues } from './thresholds';
import { notify } from '../../../lib/notify';

/** Edit a device's threshold overrides (update drawer); "Use office defaults" clears them. */
export function DeviceThresholdsForm({ device, onDone }: { device: MedicalDevice; onDone: () => void }) {
  const { t, i18n } = useTranslation('devices');
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateDeviceDefaultValues();
  const form = useForm<{ thresholds: ThresholdValues }>({ initialValues: { thresholds: thresholdValues(device.deviceType, device.deviceDefaultValuesJson) } });

  const send = (values: ThresholdValues) => {
    setError(null);
    const errors = thresholdErrors(device.deviceType, values, lang);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) { return; }
    save.mutate(
      { medicalDeviceId: device.id, deviceDefaultValuesJson: toThresholds(values) },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('thresholds.saved', { identifier: device.deviceIdentifier }) });
          onDone();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          setError(err.message);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send(form.values.thresholds);
      }}
      noValidate
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <ThresholdFields
          deviceType={device.deviceType}
          officeId={device.hospitalId}
          values={form.values.thresholds}
          errors={form.errors}
          onChange={(code, limit, value) => {
            form.setFieldValue(`thresholds.${code}.${limit}`, value);
            form.clearFieldError(`deviceDefaultValuesJson.${code}`);
          }}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => send(thresholdValues(device.deviceType))} disabled={save.isPending}>
            {t('thresholds.useOfficeDefaults')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
