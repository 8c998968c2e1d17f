import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { updateMedicalDeviceBodySchema, type MedicalDevice, type UpdateMedicalDeviceBody } from '@vigil/contract';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { useTemplatesByType, useUpdateMedicalDevice } from '../api/devices';
import { OfficeHubSelect, OfficePatientSelect, OfficeSelect } from './pickers';
import { notify } from '../../../lib/notify';

interface Values {
  deviceIdentifier: string;
  templateId: string;
  hospitalId: string | null;
  patientId: string | null;
  hubId: string | null;
  isManualMeasurement: boolean;
  active: boolean;
}

const NO_MODEL = 'none';

function toBody(v: Values): UpdateMedicalDeviceBody {
  return {
    deviceIdentifier: v.deviceIdentifier,
    templateId: v.templateId === NO_MODEL ? null : Number(v.templateId),
    hospitalId: (v.hospitalId ? Number(v.hospitalId) : undefined) as number,
    patientId: v.patientId ? Number(v.patientId) : null,
    hubId: v.hubId ? Number(v.hubId) : null,
    isManualMeasurement: v.isManualMeasurement,
    status: v.active ? 1 : 0,
  };
}

/** Edit a device (update drawer): identifier, model, office, patient and hub of that office, manual flag, active. */
export function DeviceEditForm({ device, onDone }: { device: MedicalDevice; onDone: () => void }) {
  const { t } = useTranslation('devices');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMedicalDevice();
  const templates = useTemplatesByType(device.deviceType);
  const form = useForm<Values>({
    initialValues: {
      deviceIdentifier: device.deviceIdentifier,
      templateId: device.templateId ? String(device.templateId) : NO_MODEL,
      hospitalId: String(device.hospitalId),
      patientId: device.patientId ? String(device.patientId) : null,
      hubId: device.hubId ? String(device.hubId) : null,
      isManualMeasurement: device.isManualMeasurement,
      active: device.status === 1,
    },
    validate: (values) => zodValidate(updateMedicalDeviceBodySchema)(toBody(values)),
  });
  const officeId = form.values.hospitalId ? Number(form.values.hospitalId) : null;

  const submit = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      { id: device.id, body: toBody(values) },
      {
        onSuccess: (d) => {
          notify({ color: 'teal', message: t('device.saved', { identifier: d.deviceIdentifier }) });
          onDone();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          setError(err.message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('device.identifier')} withAsterisk autoComplete="off" {...form.getInputProps('deviceIdentifier')} />
        <Select
          label={t('device.model')}
          allowDeselect={false}
          data={[
            { value: NO_MODEL, label: t('deviceWizard.noModel') },
            ...(templates.data ?? []).map((tp) => ({ value: String(tp.id), label: `${tp.manufacturerName} · ${tp.modelName}` })),
          ]}
          {...form.getInputProps('templateId')}
        />
        <OfficeSelect
          label={t('fields.office')}
          withAsterisk
          allowDeselect={false}
          {...form.getInputProps('hospitalId')}
          onChange={(value) => {
            form.setFieldValue('hospitalId', value);
            form.setFieldValue('patientId', null);
            form.setFieldValue('hubId', null);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <OfficePatientSelect officeId={officeId} label={t('fields.patient')} {...form.getInputProps('patientId')} />
          <OfficeHubSelect officeId={officeId} label={t('fields.hub')} {...form.getInputProps('hubId')} />
        </SimpleGrid>
        <Switch label={t('device.manual')} description={t('deviceWizard.manualHint')} {...form.getInputProps('isManualMeasurement', { type: 'checkbox' })} />
        <Switch label={t('device.active')} description={t('device.activeHint')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
