import { useState } from 'react';
import { Alert, Button, Divider, Group, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { organizationInputSchema, type Organization } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { useUpdateOrganization } from '../api/organizations';
import { ContactFields, IdentityFields } from './OrganizationFields';
import { formValuesOf, toBody, type OrganizationFormValues } from './organization-form';

/** The update drawer's form: every field of the organization, validated with the contract's schema. */
export function OrganizationEditForm({ organization, onDone }: { organization: Organization; onDone: () => void }) {
  const { t } = useTranslation('organizations');
  const { t: tc } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOrganization();
  const form = useForm<OrganizationFormValues>({ initialValues: formValuesOf(organization), validate: zodValidate(organizationInputSchema) });

  const submit = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      { id: organization.id, body: toBody(values) },
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
        <IdentityFields form={form} />
        <Divider label={t('wizard.contact')} labelPosition="left" />
        <ContactFields form={form} />
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
