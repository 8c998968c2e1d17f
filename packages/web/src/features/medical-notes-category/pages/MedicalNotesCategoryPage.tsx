import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, ScrollArea, SegmentedControl, Select, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconCopy, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { CategoryTemplateStatus, type MedicalNoteCategoryTemplate } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { DEFAULT_HOME_PATH } from '../../../lib/home';
import { notify } from '../../../lib/notify';
import { useSelectedOffice } from '../../../lib/office';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useChangeTemplateStatus } from '../api/templates';
import { useDeleteTemplate } from '../api/templates';
import { useOfficeTemplates } from '../api/templates';
import { CopyTemplatesModal } from '../components/CopyTemplatesModal';
import { TemplateFormModal } from '../components/TemplateFormModal';

type StatusFilter = 'all' | 'active' | 'inactive';

/**
 * /medicalNotesCategory (spec section 7 "Medical notes"): an office's medical note category
 * templates. Everyone with notes.read sees them; noteTemplates.manage creates, edits, activates or
 * deactivates, deletes (asking first; refused while a note uses the template) and copies them
 * between the user's offices. Spec section 8: a 403 on edit shows the server's message, on delete
 * or copy "403 Forbidden Error".
 */
export default function MedicalNotesCategoryPage() {
  const { t } = useTranslation('medicalNotesCategory');
  const canRead = useCan('notes.read');
  const canManage = useCan('noteTemplates.manage');
  const selected = useSelectedOffice();
  const { offices, isLoading: officesLoading } = useOfficesInScope();
  const [picked, setPicked] = useState<number | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<MedicalNoteCategoryTemplate | 'new' | null>(null);
  const [copying, setCopying] = useState(false);
  const office = picked ?? (selected > 0 ? selected : (offices[0]?.id ?? 0));
  const templates = useOfficeTemplates(office);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (templates.data ?? []).filter(
      (tpl) =>
        (status === 'all' || (status === 'active') === (tpl.status === CategoryTemplateStatus.ACTIVE)) &&
        (!q || [tpl.title, tpl.titleEsp, tpl.categoryType, tpl.program].some((v) => v.toLowerCase().includes(q))),
    );
  }, [templates.data, status, search]);

  if (!canRead) { return <Navigate to={DEFAULT_HOME_PATH} replace />; }

  const newButton = canManage && office > 0 && (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')} data-testid="template-new">
      {t('actions.new')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {canManage && offices.length > 1 && (
              <Button variant="default" leftSection={<IconCopy size={18} aria-hidden />} onClick={() => setCopying(true)} data-testid="template-copy">
                {t('actions.copy')}
              </Button>
            )}
            {newButton}
          </>
        }
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select
          label={t('filters.office')}
          data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
          value={office > 0 ? String(office) : null}
          onChange={(v) => v && setPicked(Number(v))}
          allowDeselect={false}
          searchable
          disabled={officesLoading}
          w={{ base: '100%', sm: 280 }}
          data-testid="template-office"
        />
        <TextInput
          label={t('filters.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <SegmentedControl
          aria-label={t('filters.status')}
          value={status}
          onChange={(v) => setStatus(v as StatusFilter)}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'active', label: t('status.1') },
            { value: 'inactive', label: t('status.0') },
          ]}
        />
      </Group>
      <Paper withBorder radius="md">
        {templates.isLoading || (office === 0 && officesLoading) ? (
          <Center py="xl">
            <Loader aria-label={t('common:list.loading')} />
          </Center>
        ) : templates.error ? (
          <Alert color="red" role="alert" m="md" title={t('common:list.error')}>
            {templates.error instanceof Error ? templates.error.message : ''}
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState text={search || status !== 'all' ? t('common:list.noResults') : t('empty')} action={search || status !== 'all' ? undefined : newButton} />
        ) : (
          <ScrollArea>
            <Table striped highlightOnHover verticalSpacing="sm" miw={820} data-testid="templates-table">
              <Table.Caption>{t('caption', { count: rows.length })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.title')}</Table.Th>
                  <Table.Th>{t('fields.titleEsp')}</Table.Th>
                  <Table.Th>{t('fields.categoryType')}</Table.Th>
                  <Table.Th>{t('fields.program')}</Table.Th>
                  <Table.Th>{t('fields.status')}</Table.Th>
                  <Table.Th>{t('fields.createdAt')}</Table.Th>
                  {canManage && <Table.Th>{t('fields.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((tpl) => (
                  <TemplateRow key={tpl.id} template={tpl} canManage={canManage} onEdit={() => setEditing(tpl)} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Paper>
      <TemplateFormModal opened={editing !== null} onClose={() => setEditing(null)} hospitalId={office} template={editing === 'new' ? null : editing} />
      <CopyTemplatesModal opened={copying} onClose={() => setCopying(false)} offices={offices} fromHospitalId={office} />
    </>
  );
}

function TemplateRow({ template, canManage, onEdit }: { template: MedicalNoteCategoryTemplate; canManage: boolean; onEdit: () => void }) {
  const { t } = useTranslation('medicalNotesCategory');
  const { date } = useCalendar();
  const changeStatus = useChangeTemplateStatus();
  const remove = useDeleteTemplate();
  const active = template.status === CategoryTemplateStatus.ACTIVE;
  const statusText = t(`status.${template.status}`, { defaultValue: String(template.status) });

  const toggle = () =>
    changeStatus.mutate(
      { id: template.id, status: active ? 0 : 1 },
      {
        onSuccess: () => notify({ color: 'teal', message: active ? t('status.deactivated') : t('status.activated') }),
        onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.saveFailed') }),
      },
    );
  const askDelete = () =>
    confirmAction({
      title: t('delete.title'),
      text: t('delete.text', { title: template.title }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: () => notify({ color: 'teal', message: t('delete.done') }),
          // Spec section 8: on delete a 403 becomes "403 Forbidden Error".
          onError: (err) =>
            notify({ color: 'red', message: err instanceof ApiError && err.status === 403 ? t('errors.forbidden403') : err instanceof ApiError ? err.message : t('errors.deleteFailed') }),
        }),
    });

  return (
    <Table.Tr data-testid="template-row">
      <Table.Td>
        <Text size="sm" fw={600}>
          {template.title}
        </Text>
        {template.bodyTemplate && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={260}>
            {template.bodyTemplate}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{template.titleEsp}</Table.Td>
      <Table.Td>{template.categoryType}</Table.Td>
      <Table.Td>
        <Badge variant="outline" color="blue.9" tt="none">
          {template.program}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {canManage ? (
            <Switch
              checked={active}
              onChange={toggle}
              disabled={changeStatus.isPending}
              label={statusText}
              aria-label={`${statusText} · ${template.title}`}
              data-testid="template-status"
            />
          ) : (
            <Badge variant="outline" color={active ? 'teal.9' : 'gray.7'} tt="none">
              {statusText}
            </Badge>
          )}
          {template.inUse && (
            <Badge size="sm" variant="outline" color="gray.7" tt="none">
              {t('inUse')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{date(template.createdAt)}</Table.Td>
      {canManage && (
        <Table.Td>
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray.7" aria-label={t('actions.edit', { title: template.title })} onClick={onEdit} data-testid="template-edit">
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={t('actions.delete', { title: template.title })}
              onClick={askDelete}
              loading={remove.isPending}
              data-testid="template-delete"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
