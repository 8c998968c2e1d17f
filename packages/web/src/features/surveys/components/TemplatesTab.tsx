import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SURVEY_TEMPLATE_DESCRIPTION_MAX, SURVEY_TEMPLATE_NAME_MAX, type SurveyTemplateSummary } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import type { OfficeOption } from '../../../lib/offices-in-scope';
import { useCreateTemplate, useDeleteTemplate, useTemplatePage } from '../api/surveys';
import { descriptionIn, nameIn } from '../format';
import { TemplateBuilder } from './TemplateBuilder';

/**
 * The templates of /wellnessassessments: a page of the templates the user sees (their offices' and
 * the system library's), searched, filtered by office / library and status, sorted on the server.
 * A row opens the builder; a template is deleted after a confirmation, and a template assigned to a
 * patient is refused with the server's own message (spec sections 5 and 8).
 */
export function TemplatesTab({ officeId, offices }: { officeId: number; offices: OfficeOption[] }) {
  const { t, i18n } = useTranslation('surveys');
  const { date } = useCalendar();
  const canManage = useCan('surveyTemplates.manage');
  const canLibrary = useCan('surveyTemplates.library');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'name' });
  const [owner, setOwner] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const page = useTemplatePage({
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    search: state.search || undefined,
    hospitalid: owner === null ? undefined : owner === 'library' ? 'library' : Number(owner),
    status: (status as 'active' | 'inactive' | null) ?? undefined,
  });
  const remove = useDeleteTemplate();
  const lang = i18n.language;

  const mayEdit = (tpl: SurveyTemplateSummary) => !tpl.isLocked && (tpl.hospitalId === null ? canLibrary : canManage);
  const askDelete = (tpl: SurveyTemplateSummary) =>
    confirmAction({
      title: t('templates.deleteTitle'),
      text: t('templates.deleteText', { name: nameIn(tpl, lang) }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(tpl.id, {
          onSuccess: () => notify({ color: 'teal', message: t('templates.deleted') }),
          // Spec section 8: the delete answers the server's error body (e.g. the template is assigned).
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.saveFailed') }),
        }),
    });

  const columns: Column<SurveyTemplateSummary>[] = [
    {
      header: t('templates.name'),
      sortKey: 'name',
      render: (tpl) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            {tpl.isLocked && <IconLock size={14} aria-label={t('templates.locked')} />}
            <Text size="sm" fw={600}>
              {nameIn(tpl, lang)}
            </Text>
          </Group>
          {descriptionIn(tpl, lang) && (
            <Text size="xs" c="dimmed" lineClamp={1} maw={360} data-testid="template-description" lang={tpl.englishOnly && lang.startsWith('es') ? 'en' : undefined}>
              {descriptionIn(tpl, lang)}
            </Text>
          )}
          {tpl.englishOnly && lang.startsWith('es') && (
            <Text size="xs" fw={600} data-testid="template-english-only">
              {t('templates.englishOnly')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: t('templates.owner'),
      render: (tpl) =>
        tpl.hospitalId === null ? (
          <Badge variant="outline" color="blue.9" tt="none">
            {t('templates.library')}
          </Badge>
        ) : (
          <Text size="sm">{tpl.hospitalName}</Text>
        ),
    },
    { header: t('templates.category'), sortKey: 'category', render: (tpl) => tpl.instrumentCode ?? tpl.category ?? '—' },
    { header: t('templates.questions'), render: (tpl) => tpl.questionCount },
    { header: t('templates.assigned'), render: (tpl) => tpl.assignedCount },
    {
      header: t('templates.status'),
      render: (tpl) => (
        <Badge variant="outline" color={tpl.status === 'active' ? 'teal.9' : 'gray.7'} tt="none">
          {t(`templateStatus.${tpl.status}`)}
        </Badge>
      ),
    },
    { header: t('templates.updated'), sortKey: 'updatedAt', render: (tpl) => date(tpl.updatedAt) },
    {
      header: t('templates.actions'),
      render: (tpl) => (
        <Group gap={2} wrap="nowrap" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <Tooltip label={mayEdit(tpl) ? t('templates.edit') : t('templates.view')}>
            <ActionIcon variant="subtle" aria-label={t(mayEdit(tpl) ? 'templates.editNamed' : 'templates.viewNamed', { name: nameIn(tpl, lang) })} onClick={() => setOpen(tpl.id)}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          {mayEdit(tpl) && (
            <Tooltip label={t('templates.delete')}>
              <ActionIcon variant="subtle" color="red.8" aria-label={t('templates.deleteNamed', { name: nameIn(tpl, lang) })} onClick={() => askDelete(tpl)} data-testid="template-delete">
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  const newButton = canManage && (officeId > 0 || canLibrary) && (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)} data-testid="template-new">
      {t('templates.new')}
    </Button>
  );

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('templates.search')} />
          <Select
            label={t('templates.owner')}
            placeholder={t('templates.allOwners')}
            clearable
            w={220}
            data={[{ value: 'library', label: t('templates.library') }, ...offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))]}
            value={owner}
            onChange={(v) => {
              setOwner(v);
              setState({ ...state, page: 1 });
            }}
          />
          <Select
            label={t('templates.status')}
            placeholder={t('templates.allStatuses')}
            clearable
            w={160}
            data={[
              { value: 'active', label: t('templateStatus.active') },
              { value: 'inactive', label: t('templateStatus.inactive') },
            ]}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setState({ ...state, page: 1 });
            }}
          />
        </Group>
        {newButton}
      </Group>
      <ServerTable
        caption={t('templates.caption')}
        columns={columns}
        rows={page.data?.items}
        total={page.data?.total}
        state={state}
        onChange={setState}
        rowKey={(tpl) => tpl.id}
        loading={page.isFetching}
        error={page.error}
        onRetry={() => void page.refetch()}
        onRowClick={(tpl) => setOpen(tpl.id)}
        rowProps={() => ({ 'data-testid': 'template-row' })}
        emptyText={t('templates.empty')}
        emptyAction={newButton}
      />
      <TemplateBuilder templateId={open} officeId={officeId} onClose={() => setOpen(null)} onOpen={setOpen} />
      <CreateTemplateModal opened={creating} onClose={() => setCreating(false)} officeId={officeId} offices={offices} onCreated={setOpen} />
    </Stack>
  );
}

function CreateTemplateModal({ opened, onClose, officeId, offices, onCreated }: { opened: boolean; onClose: () => void; officeId: number; offices: OfficeOption[]; onCreated: (id: number) => void }) {
  const { t } = useTranslation('surveys');
  const canLibrary = useCan('surveyTemplates.library');
  const create = useCreateTemplate();
  const form = useForm({
    initialValues: { owner: officeId > 0 ? String(officeId) : canLibrary ? 'library' : '', name: '', nameEs: '', description: '', category: '' },
    validate: { name: (v) => (v.trim() ? null : t('answer.required')), owner: (v) => (v ? null : t('answer.required')) },
  });
  const submit = form.onSubmit((v) =>
    create.mutate(
      { hospitalId: v.owner === 'library' ? null : Number(v.owner), name: v.name.trim(), nameEs: v.nameEs.trim(), description: v.description.trim(), category: v.category.trim() || null },
      {
        onSuccess: (created) => {
          notify({ color: 'teal', message: t('templates.created') });
          form.reset();
          onClose();
          onCreated(created.id);
        },
        onError: (err) => {
          if (err instanceof ApiError) { form.setErrors(err.fieldErrors); }
          notify({ color: 'red', message: err instanceof Error ? err.message : t('errors.saveFailed') });
        },
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('templates.new')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate data-testid="template-create-form">
        <Stack gap="sm">
          <Select
            label={t('templates.owner')}
            required
            allowDeselect={false}
            data={[...(canLibrary ? [{ value: 'library', label: t('templates.library') }] : []), ...offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))]}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('owner')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('templates.name')} required maxLength={SURVEY_TEMPLATE_NAME_MAX} data-autofocus data-testid="template-name" {...form.getInputProps('name')} />
            <TextInput label={t('templates.nameEs')} maxLength={SURVEY_TEMPLATE_NAME_MAX} {...form.getInputProps('nameEs')} />
          </SimpleGrid>
          <TextInput label={t('templates.category')} maxLength={40} {...form.getInputProps('category')} />
          <Textarea label={t('templates.description')} autosize minRows={2} maxLength={SURVEY_TEMPLATE_DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="template-create">
              {t('templates.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
