import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addMedicalNoteDetailBodySchema, MEDICAL_NOTE_TEXT_MAX, type CareProgram, type MedicalNote, type MedicalNoteDetail } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useAddNoteDetail, useCreateMedicalNote, useDeleteNoteDetail, useMonthNote, useUpdateNoteDetail } from '../api/care-time';
import { useOfficeTemplates } from '../../medical-notes-category';
import { formatMmSs } from '../format';
import { type YearMonth } from '../../../lib/calendar';
import { fullName, ProgramBadge, useMayChange, useProgramOptions } from './shared';
import { FormModal } from '../../../components/FormModal';

/**
 * The month's medical note with its details (GET medicalnote/getmedicalnoteforpatientbyidandmonth):
 * add a detail (POST medicalnote creates the month's note; PUT addadditionalmedicalnotedetail adds
 * to it), edit and delete one's own details (delete asks first). A month without a note shows the
 * server's "No medical note for the patient for the month {month} and year {year}!" as the empty state.
 */
export function NoteSection({ patientId, hospitalId, month, programs }: { patientId: number; hospitalId: number; month: YearMonth; programs: CareProgram[] }) {
  const { t } = useTranslation('careTime');
  const canManage = useCan('notes.manage');
  const note = useMonthNote(patientId, hospitalId, month.year, month.month, true);
  const [editing, setEditing] = useState<MedicalNoteDetail | 'new' | null>(null);

  if (note.isLoading) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  if (note.error) {
    return (
      <Alert color="red" role="alert">
        {note.error instanceof Error ? note.error.message : t('common:list.error')}
      </Alert>
    );
  }
  const data = note.data!;
  const addButton = canManage && programs.length > 0 && (
    <Button size="xs" variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="note-add">
      {t('note.add')}
    </Button>
  );
  return (
    <Stack gap="sm" data-testid="medical-note">
      {data.note ? (
        <>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('note.details', { count: data.note.medicalNoteDetails.length })}
            </Text>
            {addButton}
          </Group>
          <Stack gap={6}>
            {data.note.medicalNoteDetails.map((d) => (
              <DetailRow key={d.id} detail={d} onEdit={() => setEditing(d)} />
            ))}
          </Stack>
        </>
      ) : (
        <EmptyState text={data.emptyMessage} action={addButton} />
      )}
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('note.addTitle') : t('note.editTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {editing !== null && (
          <DetailForm
            patientId={patientId}
            hospitalId={hospitalId}
            month={month}
            note={data.note}
            detail={editing === 'new' ? null : editing}
            programs={programs}
            onClose={() => setEditing(null)}
          />
        )}
      </FormModal>
    </Stack>
  );
}

function DetailRow({ detail, onEdit }: { detail: MedicalNoteDetail; onEdit: () => void }) {
  const { t } = useTranslation('careTime');
  const { dateTime } = useCalendar();
  const canManage = useCan('notes.manage');
  const mayChange = useMayChange();
  const remove = useDeleteNoteDetail();
  const own = canManage && mayChange(detail.author.id);
  const locked = detail.timeEntry?.isAutomatic === true;

  const askDelete = () =>
    confirmAction({
      title: t('note.deleteTitle'),
      text: detail.timeEntry ? t('note.deleteTextWithTime', { time: formatMmSs(detail.timeEntry.seconds) }) : t('note.deleteText'),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(detail.id, {
          onSuccess: () => notify({ color: 'teal', message: t('note.deleted') }),
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('note.deleteFailed') }),
        }),
    });

  return (
    <Paper withBorder radius="sm" p="xs" data-testid="note-detail">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6} wrap="wrap">
            <ProgramBadge program={detail.program} />
            {detail.categoryTemplateTitle && (
              <Badge size="sm" variant="outline" color="gray.7" tt="none">
                {detail.categoryTemplateTitle}
              </Badge>
            )}
            {detail.timeEntry && (
              <Badge size="sm" variant="outline" color="blue.9" tt="none" ff="monospace">
                {formatMmSs(detail.timeEntry.seconds)}
              </Badge>
            )}
          </Group>
          {own && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" color="gray.7" aria-label={t('note.edit')} onClick={onEdit} data-testid="note-edit">
                <IconPencil size={16} />
              </ActionIcon>
              {!locked && (
                <ActionIcon variant="subtle" color="red.8" aria-label={t('note.delete')} onClick={askDelete} loading={remove.isPending} data-testid="note-delete">
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="note-text">
          {detail.text}
        </Text>
        <Text size="xs" c="dimmed">
          {t('note.by', { name: fullName(detail.author), time: dateTime(detail.createdAt) })}
        </Text>
      </Stack>
    </Paper>
  );
}

function DetailForm({
  patientId,
  hospitalId,
  month,
  note,
  detail,
  programs,
  onClose,
}: {
  patientId: number;
  hospitalId: number;
  month: YearMonth;
  note: MedicalNote | null;
  detail: MedicalNoteDetail | null;
  programs: CareProgram[];
  onClose: () => void;
}) {
  const { t } = useTranslation('careTime');
  const create = useCreateMedicalNote();
  const add = useAddNoteDetail();
  const update = useUpdateNoteDetail();
  const templates = useOfficeTemplates(hospitalId, { activeOnly: true, staleTime: 60_000 });
  const [error, setError] = useState<string | null>(null);
  const programList = detail && !programs.includes(detail.program) ? [detail.program, ...programs] : programs;
  const programOptions = useProgramOptions(programList);
  const form = useForm({
    initialValues: { text: detail?.text ?? '', program: (detail?.program ?? programs[0] ?? 'RPM') as CareProgram, categoryTemplateId: detail?.categoryTemplateId ?? null },
    validate: zodValidate(addMedicalNoteDetailBodySchema),
  });
  const templateOptions = (templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: `${tpl.title} (${tpl.program})` }));
  if (detail?.categoryTemplateId && detail.categoryTemplateTitle && !templateOptions.some((o) => o.value === String(detail.categoryTemplateId))) {
    templateOptions.push({ value: String(detail.categoryTemplateId), label: detail.categoryTemplateTitle });
  }
  const pickTemplate = (value: string | null) => {
    const id = value ? Number(value) : null;
    form.setFieldValue('categoryTemplateId', id);
    const tpl = templates.data?.find((x) => x.id === id);
    if (tpl) {
      form.setFieldValue('program', tpl.program);
      if (tpl.bodyTemplate && !form.getValues().text.trim()) { form.setFieldValue('text', tpl.bodyTemplate); }
    }
  };

  const done = (message: string) => () => {
    notify({ color: 'teal', message });
    onClose();
  };
  const failed = (err: unknown) => {
    form.setErrors(serverFieldErrors(err));
    setError(err instanceof ApiError ? err.message : t('note.saveFailed'));
  };
  const submit = form.onSubmit((v) => {
    setError(null);
    const body = { text: v.text.trim(), program: v.program, categoryTemplateId: v.categoryTemplateId };
    if (detail) { update.mutate({ id: detail.id, body }, { onSuccess: done(t('note.updated')), onError: failed }); }
    else if (note) { add.mutate({ medicalNoteId: note.medicalNoteId, body }, { onSuccess: done(t('note.saved')), onError: failed }); }
    else { create.mutate({ ...body, patientId, hospitalId, month: month.month, year: month.year }, { onSuccess: done(t('note.saved')), onError: failed }); }
  });
  const pending = create.isPending || add.isPending || update.isPending;
  const text = form.getValues().text;

  return (
    <form onSubmit={submit} noValidate data-testid="note-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Select label={t('timer.program')} data={programOptions} allowDeselect={false} required comboboxProps={{ withinPortal: true }} {...form.getInputProps('program')} />
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
          label={t('note.text')}
          description={t('stop.noteHelp', { count: text.length, max: MEDICAL_NOTE_TEXT_MAX })}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MEDICAL_NOTE_TEXT_MAX}
          data-autofocus
          data-testid="note-textarea"
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="note-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
