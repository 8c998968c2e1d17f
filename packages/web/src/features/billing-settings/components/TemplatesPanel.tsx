import { useState } from 'react';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BillingAuthorizationTemplate } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { notify } from '../../../lib/notify';
import { useDeleteTemplate, useTemplates } from '../api/billing-settings';
import { ProgramBadges } from './programs';
import { TemplateModal } from './TemplateModal';

/** The organization's billing authorization templates (named sets of programs): list, create, edit, delete (with confirmation). */
export function TemplatesPanel({ organizationId, canManage }: { organizationId: number | null; canManage: boolean }) {
  const { t } = useTranslation('billingSettings');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'name' });
  const [editing, setEditing] = useState<BillingAuthorizationTemplate | null>(null);
  const [open, setOpen] = useState(false);
  const query = useTemplates(organizationId, state);
  const remove = useDeleteTemplate();

  const onDelete = (tpl: BillingAuthorizationTemplate) =>
    confirmAction({
      title: t('templates.deleteTitle'),
      text: t('templates.deleteText', { name: tpl.name, count: tpl.usedBy }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(tpl.id, {
          onSuccess: () => notify({ color: 'teal', message: t('templates.deleted') }),
          onError: (err) => notify({ color: 'red', message: err.message }),
        }),
    });
  const openNew = () => {
    setEditing(null);
    setOpen(true);
  };
  const columns: Column<BillingAuthorizationTemplate>[] = [
    { header: t('templates.name'), sortKey: 'name', render: (x) => <Text size="sm" fw={600}>{x.name}</Text> },
    { header: t('templates.programs'), render: (x) => <ProgramBadges programs={x.programs} /> },
    { header: t('templates.usedBy'), render: (x) => <Text size="sm">{x.usedBy}</Text> },
  ];
  if (canManage) {
    columns.push({
      header: t('authorizations.actions'),
      render: (x) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="dark"
            aria-label={t('templates.editOf', { name: x.name })}
            onClick={() => {
              setEditing(x);
              setOpen(true);
            }}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red.9" aria-label={t('templates.deleteOf', { name: x.name })} onClick={() => onDelete(x)}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    });
  }
  return (
    <>
      <Group mb="sm" justify="space-between" align="flex-end" wrap="wrap">
        <SearchInput label={t('templates.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
        {canManage && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew} data-testid="new-template">
            {t('templates.new')}
          </Button>
        )}
      </Group>
      <ServerTable
        caption={t('templates.caption')}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total}
        state={state}
        onChange={setState}
        rowKey={(x) => x.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('templates.empty')}
        emptyAction={
          canManage ? (
            <Button variant="light" onClick={openNew}>
              {t('templates.first')}
            </Button>
          ) : undefined
        }
      />
      {canManage && <TemplateModal opened={open} onClose={() => setOpen(false)} organizationId={organizationId} template={editing} />}
    </>
  );
}
