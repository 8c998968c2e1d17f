import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MEDICAL_NOTE_TEXT_MAX, message, stopTrackingV2BodySchema, TIME_ENTRY_ACTIVITY_MAX, type TimeEntry } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useOfficeTemplates } from '../../medical-notes-category';
import { useStopTracking } from '../api/care-time';
import { formatMmSs } from '../format';
import { ProgramBadge } from './shared';
import { FormModal } from '../../../components/FormModal';

/**
 * Stopping the timer (PUT timetracking/stoptrackingwithpatientV2) with the interactive box, the
 * activity and the note; `document` mode writes the note of a timer the server closed at 2 hours.
 */
export function StopTimerModal({ opened, onClose, entry, hospitalId, mode }: { opened: boolean; onClose: () => void; entry: TimeEntry; hospitalId: number; mode: 'stop' | 'document' }) {
  const { t } = useTranslation('careTime');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={mode === 'stop' ? t('stop.title') : t('stop.documentTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {opened && <StopForm entry={entry} hospitalId={hospitalId} mode={mode} onClose={onClose} />}
    </FormModal>
  );
}

function StopForm({ entry, hospitalId, mode, onClose }: { entry: TimeEntry; hospitalId: number; mode: 'stop' | 'document'; onClose: () => void }) {
  const { t } = useTranslation('careTime');
  const stop = useStopTracking();
  const templates = useOfficeTemplates(hospitalId, { activeOnly: true, staleTime: 60_000 });
  const [error, setError] = useState<string | null>(null);
  const schemaCheck = zodValidate(stopTrackingV2BodySchema);
  const form = useForm({
    initialValues: { timeTrackingId: entry.id, interactive: entry.interactive, activity: entry.activity, noteText: '', categoryTemplateId: null as number | null },
    validate: (values) => {
      const errors = schemaCheck(values);
      // The server documents a timer closed at 2 hours only with a note.
      if (mode === 'document' && !values.noteText.trim() && !errors.noteText) { errors.noteText = message('required', currentLang()); }
      return errors;
    },
  });

  const templateOptions = (templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: `${tpl.title} (${tpl.program})` }));
  const pickTemplate = (value: string | null) => {
    const id = value ? Number(value) : null;
    form.setFieldValue('categoryTemplateId', id);
    const tpl = templates.data?.find((x) => x.id === id);
    if (tpl?.bodyTemplate && !form.getValues().noteText.trim()) { form.setFieldValue('noteText', tpl.bodyTemplate); }
  };

  const submit = form.onSubmit((values) => {
    setError(null);
    stop.mutate(
      {
        timeTrackingId: values.timeTrackingId,
        interactive: values.interactive,
        activity: values.activity.trim(),
        noteText: values.noteText.trim() || undefined,
        categoryTemplateId: values.categoryTemplateId,
      },
      {
        onSuccess: (saved) => {
          notify({ color: 'teal', message: t('stop.saved', { time: formatMmSs(saved.seconds) }) });
          onClose();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          setError(err instanceof ApiError ? err.message : t('stop.failed'));
        },
      },
    );
  });

  const note = form.getValues().noteText;
  return (
    <form onSubmit={submit} noValidate data-testid="stop-form">
      <Stack gap="md">
        <Group gap="xs">
          <ProgramBadge program={entry.program} />
          {mode === 'document' && <Text size="sm">{t('stop.documentText', { time: formatMmSs(entry.seconds) })}</Text>}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Checkbox
          label={t('stop.interactive')}
          description={t('stop.interactiveHelp')}
          data-testid="stop-interactive"
          {...form.getInputProps('interactive', { type: 'checkbox' })}
        />
        <TextInput label={t('stop.activity')} maxLength={TIME_ENTRY_ACTIVITY_MAX} data-testid="stop-activity" {...form.getInputProps('activity')} />
        {templateOptions.length > 0 && (
          <Select
            label={t('stop.template')}
            placeholder={t('stop.templateNone')}
            data={templateOptions}
            clearable
            value={form.getValues().categoryTemplateId ? String(form.getValues().categoryTemplateId) : null}
            onChange={pickTemplate}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Textarea
          label={t('stop.note')}
          description={t('stop.noteHelp', { count: note.length, max: MEDICAL_NOTE_TEXT_MAX })}
          required={mode === 'document'}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={MEDICAL_NOTE_TEXT_MAX}
          data-autofocus
          data-testid="stop-note"
          {...form.getInputProps('noteText')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={stop.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color={mode === 'stop' ? 'red.8' : undefined} loading={stop.isPending} data-testid="stop-confirm">
            {mode === 'stop' ? t('stop.confirm') : t('stop.documentConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
