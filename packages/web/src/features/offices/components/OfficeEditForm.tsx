import { useState } from 'react';
import { Alert, Button, Divider, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { officeUpdateSchema, type Office } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { useUpdateOffice } from '../api/offices';
import { AddressFields, NameFields, ProgramFields } from './OfficeFields';
import { formValuesOf, toUpdateBody, type OfficeFormValues } from './office-form';

/** The update drawer's form: names, address, time zone, programs and status (an office keeps its organization). */
export function OfficeEditForm({ office, onDone }: { office: Office; onDone: () => void }) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOffice();
  const form = useForm<OfficeFormValues>({
    initialValues: formValuesOf(office),
    validate: (values) => zodValidate(officeUpdateSchema)(toUpdateBody(values)),
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      { id: office.id, body: toUpdateBody(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: tc('saved') });
          onDone();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          setError(err instanceof ApiError ? err.message : tc('list.error'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('fields.organization')} value={office.organizationName} readOnly variant="filled" />
        <NameFields form={form} />
        <Divider label={t('wizard.address')} labelPosition="left" />
        <AddressFields form={form} />
        <Divider label={t('wizard.programs')} labelPosition="left" />
        <ProgramFields form={form} />
        <Divider />
        <Switch
          label={t('fields.active')}
          checked={form.getValues().status === 1}
          onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 1 : 0)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {tc('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
