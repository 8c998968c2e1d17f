import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  createMedicalNoteWithCustomSecondsBodySchema,
  MEDICAL_NOTE_TEXT_MAX,
  message,
  TIME_ENTRY_ACTIVITY_MAX,
  TIME_ENTRY_MAX_SECONDS,
  updateTimeEntryBodySchema,
  type CareProgram,
  type TimeEntry,
} from '@vigil/contract';
import { ApiError, serverErrorsOf } from './errors';
import { zodValidate } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useOfficeTemplates } from '../../medical-notes-category';
import { useCreateManualEntry, useUpdateTimeEntry } from '../api/care-time';
import { formatMmSs, parseMmSs } from '../format';
import { dayIn } from '../../../lib/calendar';
import { useProgramOptions } from './shared';
import { DateField } from '../../../components/DateField';
import { FormModal } from '../../../components/FormModal';

interface Values {
  duration: string;
  program: CareProgram;
  interactive: boolean;
  activity: string;
  date: string;
  time: string;
  text: string;
  categoryTemplateId: number | null;
}

/** The duration field's own rule: MM:SS, at least one second, at most 2 hours ("Time cannot exceed 2 hours"). */
function durationError(duration: string): string | null {
  const lang = currentLang();
  if (!duration.trim()) { return message('required', lang); }
  const seconds = parseMmSs(duration);
  if (seconds === null || seconds < 1) { return message('regex', lang); }
  if (seconds > TIME_ENTRY_MAX_SECONDS) { return message('timeLimit', lang); }
  return null;
}

/**
 * "Add time manually" (POST medicalnote/medicalnotewithcustomseconds: seconds typed as MM:SS,
 * program, interactive, date, note) and the edit of a manual entry (PUT timetracking/{id}).
 */
export function EntryFormModal({
  opened,
  onClose,
  patientId,
  hospitalId,
  timeZone,
  programs,
  entry,
}: {
  opened: boolean;
  onClose: () => void;
  patientId: number;
  hospitalId: number;
  timeZone: string | undefined;
  programs: CareProgram[];
  /** The manual entry to edit; absent: a new entry. */
  entry?: TimeEntry | null;
}) {
  const { t } = useTranslation('careTime');
  return (
    <FormModal opened={opened} onClose={onClose} title={entry ? t('manual.editTitle') : t('manual.title')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {opened && <EntryForm patientId={patientId} hospitalId={hospitalId} timeZone={timeZone} programs={programs} entry={entry ?? null} onClose={onClose} />}
    </FormModal>
  );
}

function EntryForm({
  patientId,
  hospitalId,
  timeZone,
  programs,
  entry,
  onClose,
}: {
  patientId: number;
  hospitalId: number;
  timeZone: string | undefined;
  programs: CareProgram[];
  entry: TimeEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('careTime');
  const create = useCreateManualEntry();
  const update = useUpdateTimeEntry();
  const templates = useOfficeTemplates(hospitalId, { activeOnly: true, enabled: !entry, staleTime: 60_000 });
  const [error, setError] = useState<string | null>(null);
  const today = dayIn(timeZone);
  const programList = entry && !programs.includes(entry.program) ? [entry.program, ...programs] : programs;
  const programOptions = useProgramOptions(programList);
  const createCheck = zodValidate(createMedicalNoteWithCustomSecondsBodySchema);
  const updateCheck = zodValidate(updateTimeEntryBodySchema);

  const createBody = (v: Values) => ({
    patientId,
    hospitalId,
    seconds: parseMmSs(v.duration) ?? 0,
    program: v.program,
    interactive: v.interactive,
    activity: v.activity.trim(),
    date: v.date,
    time: v.time || undefined,
    text: v.text.trim(),
    categoryTemplateId: v.categoryTemplateId,
  });
  const updateBody = (v: Values) => ({ seconds: parseMmSs(v.duration) ?? 0, program: v.program, activity: v.activity.trim(), interactive: v.interactive });

  const form = useForm<Values>({
    initialValues: {
      duration: entry ? formatMmSs(entry.seconds) : '',
      program: entry?.program ?? programs[0] ?? 'RPM',
      interactive: entry?.interactive ?? false,
      activity: entry?.activity ?? '',
      date: today,
      time: '',
      text: '',
      categoryTemplateId: null,
    },
    validate: (v) => {
      const errors = entry ? updateCheck(updateBody(v)) : createCheck(createBody(v));
      delete errors.seconds;
      const d = durationError(v.duration);
      if (d) { errors.duration = d; }
      return errors;
    },
  });

  const onError = (err: unknown) => {
    form.setErrors(serverErrorsOf(err));
    setError(err instanceof ApiError ? err.message : t('manual.failed'));
  };
  const submit = form.onSubmit((v) => {
    setError(null);
    if (entry) {
      update.mutate(
        { id: entry.id, body: updateBody(v) },
        {
          onSuccess: () => {
            notify({ color: 'teal', message: t('manual.updated') });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(createBody(v), {
        onSuccess: (r) => {
          notify({ color: 'teal', message: t('manual.saved', { time: formatMmSs(r.timeEntry.seconds) }) });
          onClose();
        },
        onError,
      });
    }
  });

  const templateOptions = (templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: `${tpl.title} (${tpl.program})` }));
  const pickTemplate = (value: string | null) => {
    const id = value ? Number(value) : null;
    form.setFieldValue('categoryTemplateId', id);
    const tpl = templates.data?.find((x) => x.id === id);
    if (tpl?.bodyTemplate && !form.getValues().text.trim()) { form.setFieldValue('text', tpl.bodyTemplate); }
  };
  const text = form.getValues().text;
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate data-testid="manual-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid="manual-error">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('manual.duration')}
            description={t('manual.durationHelp')}
            placeholder="MM:SS"
            required
            inputMode="numeric"
            data-autofocus
            data-testid="manual-duration"
            {...form.getInputProps('duration')}
          />
          <Select label={t('timer.program')} data={programOptions} allowDeselect={false} required comboboxProps={{ withinPortal: true }} data-testid="manual-program" {...form.getInputProps('program')} />
          {!entry && (
            <>
              <DateField label={t('manual.date')} required max={today} data-testid="manual-date" {...form.getInputProps('date')} />
              <TextInput type="time" label={t('manual.time')} description={t('manual.timeHelp')} {...form.getInputProps('time')} />
            </>
          )}
        </SimpleGrid>
        <Checkbox label={t('stop.interactive')} description={t('stop.interactiveHelp')} data-testid="manual-interactive" {...form.getInputProps('interactive', { type: 'checkbox' })} />
        <TextInput label={t('stop.activity')} maxLength={TIME_ENTRY_ACTIVITY_MAX} {...form.getInputProps('activity')} />
        {!entry && templateOptions.length > 0 && (
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
        {!entry && (
          <Textarea
            label={t('stop.note')}
            description={t('stop.noteHelp', { count: text.length, max: MEDICAL_NOTE_TEXT_MAX })}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={MEDICAL_NOTE_TEXT_MAX}
            data-testid="manual-note"
            {...form.getInputProps('text')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="manual-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
