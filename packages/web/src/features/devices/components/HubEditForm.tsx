import { useState } from 'react';
import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { updateHubBodySchema, type Hub, type UpdateHubBody } from '@vigil/contract';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { useUpdateHub } from '../api/devices';
import { OfficePatientSelect, OfficeSelect } from './pickers';
import { notify } from '../../../lib/notify';

interface Values {
  hubIdentifier: string;
  hubName: string;
  hubMAC: string;
  hospitalId: string | null;
  assignedToUserId: string | null;
  enabled: boolean;
}

function toBody(v: Values): UpdateHubBody {
  return {
    hubIdentifier: v.hubIdentifier,
    hubName: v.hubName,
    hubMAC: v.hubMAC,
    hospitalId: (v.hospitalId ? Number(v.hospitalId) : undefined) as number,
    assignedToUserId: v.assignedToUserId ? Number(v.assignedToUserId) : null,
    status: v.enabled ? 1 : 0,
  };
}

/** Edit a hub (update drawer): identity, office, assigned patient, and whether it may post readings. */
export function HubEditForm({ hub, onDone }: { hub: Hub; onDone: () => void }) {
  const { t } = useTranslation('devices');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateHub();
  const form = useForm<Values>({
    initialValues: {
      hubIdentifier: hub.hubIdentifier,
      hubName: hub.hubName,
      hubMAC: hub.hubMAC,
      hospitalId: String(hub.hospitalId),
      assignedToUserId: hub.assignedToUserId ? String(hub.assignedToUserId) : null,
      enabled: hub.status === 1,
    },
    validate: (values) => zodValidate(updateHubBodySchema)(toBody(values)),
  });
  const officeId = form.values.hospitalId ? Number(form.values.hospitalId) : null;

  const submit = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      { id: hub.id, body: toBody(values) },
      {
        onSuccess: (h) => {
          notify({ color: 'teal', message: t('hub.saved', { name: h.hubName }) });
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
        <TextInput label={t('hub.identifier')} withAsterisk autoComplete="off" {...form.getInputProps('hubIdentifier')} />
        <TextInput label={t('hub.name')} withAsterisk autoComplete="off" {...form.getInputProps('hubName')} />
        <TextInput label={t('hub.mac')} withAsterisk autoComplete="off" styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} {...form.getInputProps('hubMAC')} />
        <OfficeSelect
          label={t('fields.office')}
          withAsterisk
          allowDeselect={false}
          {...form.getInputProps('hospitalId')}
          onChange={(value) => {
            form.setFieldValue('hospitalId', value);
            form.setFieldValue('assignedToUserId', null);
          }}
        />
        <OfficePatientSelect officeId={officeId} label={t('fields.patient')} {...form.getInputProps('assignedToUserId')} />
        <Switch label={t('hub.enabled')} description={t('hub.enabledHint')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
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
