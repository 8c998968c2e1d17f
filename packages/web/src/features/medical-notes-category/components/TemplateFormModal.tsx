import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  CATEGORY_TEMPLATE_BODY_MAX,
  CATEGORY_TEMPLATE_TITLE_MAX,
  CATEGORY_TEMPLATE_TYPE_MAX,
  carePrograms,
  createCategoryTemplateBodySchema,
  type CareProgram,
  type MedicalNoteCategoryTemplate,
} from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreateTemplate } from '../api/templates';
import { useUpdateTemplate } from '../api/templates';
import { FormModal } from '../../../components/FormModal';

/**
 * Create (POST medicalnotecategorytemplate) or edit (PUT medicalnotecategorytemplate/{id}) a
 * template. Spec section 8: a 403 on edit shows the server's own message.
 */
export function TemplateFormModal({
  opened,
  onClose,
  hospitalId,
  template,
}: {
  opened: boolean;
  onClose: () => void;
  hospitalId: number;
  template: MedicalNoteCategoryTemplate | null;
}) {
  const { t } = useTranslation('medicalNotesCategory');
  return (
    <FormModal opened={opened} onClose={onClose} title={template ? t('form.editTitle') : t('form.createTitle')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {opened && <TemplateForm hospitalId={hospitalId} template={template} onClose={onClose} />}
    </FormModal>
  );
}

function TemplateForm({ hospitalId, template, onClose }: { hospitalId: number; template: MedicalNoteCategoryTemplate | null; onClose: () => void }) {
  const { t } = useTranslation(['medicalNotesCategory', 'careTime']);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      hospitalId: template?.hospitalId ?? hospitalId,
      title: template?.title ?? '',
      titleEsp: template?.titleEsp ?? '',
      categoryType: template?.categoryType ?? '',
      program: (template?.program ?? 'RPM') as CareProgram,
      bodyTemplate: template?.bodyTemplate ?? '',
    },
    validate: zodValidate(createCategoryTemplateBodySchema),
  });
  const programOptions = carePrograms.map((p) => ({ value: p, label: `${p} · ${t(`careTime:programs.${p}`)}` }));

  const failed = (err: unknown) => {
    form.setErrors(serverFieldErrors(err));
    setError(err instanceof ApiError ? err.message : t('errors.saveFailed'));
  };
  const submit = form.onSubmit((v) => {
    setError(null);
    const body = { title: v.title.trim(), titleEsp: v.titleEsp.trim(), categoryType: v.categoryType.trim(), program: v.program, bodyTemplate: v.bodyTemplate.trim() };
    const done = () => {
      notify({ color: 'teal', message: template ? t('form.updated') : t('form.created') });
      onClose();
    };
    if (template) { update.mutate({ id: template.id, body }, { onSuccess: done, onError: failed }); }
    else { create.mutate({ ...body, hospitalId: v.hospitalId }, { onSuccess: done, onError: failed }); }
  });
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate data-testid="template-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid="template-form-error">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('fields.title')} required maxLength={CATEGORY_TEMPLATE_TITLE_MAX} data-autofocus data-testid="template-title" {...form.getInputProps('title')} />
          <TextInput label={t('fields.titleEsp')} maxLength={CATEGORY_TEMPLATE_TITLE_MAX} {...form.getInputProps('titleEsp')} />
          <TextInput label={t('fields.categoryType')} maxLength={CATEGORY_TEMPLATE_TYPE_MAX} {...form.getInputProps('categoryType')} />
          <Select label={t('fields.program')} data={programOptions} allowDeselect={false} required comboboxProps={{ withinPortal: true }} {...form.getInputProps('program')} />
        </SimpleGrid>
        <Textarea
          label={t('fields.bodyTemplate')}
          description={t('fields.bodyTemplateHelp')}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={CATEGORY_TEMPLATE_BODY_MAX}
          {...form.getInputProps('bodyTemplate')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="template-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
