import { useEffect } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createBillingAuthorizationTemplateBodySchema, type BillingAuthorizationTemplate, type BillingProgram } from '@vigil/contract';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useSaveTemplate } from '../api/billing-settings';
import { ProgramCheckboxes } from './programs';
import { FormModal } from '../../../components/FormModal';

interface TemplateForm {
  name: string;
  programs: BillingProgram[];
}

/** Creates or edits a billing authorization template: a name and its programs. */
export function TemplateModal({
  opened,
  onClose,
  organizationId,
  template,
}: {
  opened: boolean;
  onClose: () => void;
  organizationId: number | null;
  template: BillingAuthorizationTemplate | null;
}) {
  const { t } = useTranslation('billingSettings');
  const save = useSaveTemplate();
  const form = useForm<TemplateForm>({
    initialValues: { name: '', programs: [] },
    validate: zodValidate(createBillingAuthorizationTemplateBodySchema.pick({ name: true, programs: true })),
  });
  useEffect(() => {
    if (opened) {
      form.setValues({ name: template?.name ?? '', programs: template?.programs ?? [] });
      form.resetDirty();
      form.clearErrors();
    }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- fills the form when the modal opens or the template changes; the form is a new object each render (with it, every render would overwrite the user's edits)
  }, [opened, template]);

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: template?.id, organizationId, name: v.name, programs: v.programs },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('templates.saved') });
          onClose();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          notify({ color: 'red', message: err.message });
        },
      },
    ),
  );
  return (
    <FormModal opened={opened} onClose={onClose} title={template ? t('templates.edit') : t('templates.new')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('templates.name')} required {...form.getInputProps('name')} data-testid="template-name" />
          <ProgramCheckboxes label={t('templates.programs')} value={form.values.programs} onChange={(v) => form.setFieldValue('programs', v)} error={form.errors.programs} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="save-template">
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
