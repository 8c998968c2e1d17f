import { useState } from 'react';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { updateTitleDescriptionBodySchema, type TreatmentPlan } from '@vigil/contract';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { useUpdateTitleDescription } from '../api/monitoring-plans';
import { notify } from '../../../lib/notify';

/** A plan's title and description (PUT treatmentplan/updatetitledescription). */
export function TitleDescriptionForm({ plan, onDone }: { plan: TreatmentPlan; onDone: () => void }) {
  const { t } = useTranslation('monitoringPlans');
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateTitleDescription();
  const form = useForm({
    initialValues: { treatmentPlanId: plan.id, title: plan.title, description: plan.description },
    validate: zodValidate(updateTitleDescriptionBodySchema),
  });
  const submit = form.onSubmit((values) => {
    setError(null);
    save.mutate(values, {
      onSuccess: () => {
        notify({ color: 'teal', message: t('plan.saved', { title: values.title.trim() }) });
        onDone();
      },
      onError: (err) => {
        setError(err.message);
        form.setErrors(serverFieldErrors(err));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('plan.title')} withAsterisk data-autofocus {...form.getInputProps('title')} />
        <Textarea label={t('plan.description')} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
