import { useState } from 'react';
import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BILLING_PROGRAMS, roleNames, type BillingAuthorizationTemplate, type BillingProgram, type RoleId, type UserBillingAuthorization } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useAuthorizations, useDeleteAuthorization } from '../api/billing-settings';
import { AuthorizationModal } from './AuthorizationModal';
import { ProgramBadges } from './programs';

/** Which staff of the office may bill which programs: list, authorize, edit, remove (with confirmation). */
export function AuthorizationsPanel({
  hospitalId,
  hospitalName,
  templates,
  canManage,
}: {
  hospitalId: number;
  hospitalName: string;
  templates: BillingAuthorizationTemplate[];
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation('billingSettings');
  const en = i18n.language.startsWith('en');
  const { date } = useCalendar();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'userFullname' });
  const [program, setProgram] = useState<BillingProgram | null>(null);
  const [editing, setEditing] = useState<UserBillingAuthorization | null>(null);
  const [open, setOpen] = useState(false);
  const query = useAuthorizations(hospitalId, state, program);
  const remove = useDeleteAuthorization();

  const onDelete = (a: UserBillingAuthorization) =>
    confirmAction({
      title: t('authorizations.deleteTitle'),
      text: t('authorizations.deleteText', { name: a.userFullname, office: a.hospitalName }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => notify({ color: 'teal', message: t('authorizations.deleted') }),
          onError: (err) => notify({ color: 'red', message: err.message }),
        }),
    });
  const openNew = () => {
    setEditing(null);
    setOpen(true);
  };

  const columns: Column<UserBillingAuthorization>[] = [
    {
      header: t('authorizations.staff'),
      sortKey: 'userFullname',
      render: (a) => (
        <>
          <Text size="sm" fw={600}>
            {a.userFullname}
          </Text>
          <Text size="xs" c="dimmed">
            {en ? roleNames[a.roleId as RoleId]?.en : roleNames[a.roleId as RoleId]?.es}
          </Text>
        </>
      ),
    },
    { header: t('authorizations.programs'), render: (a) => <ProgramBadges programs={a.programs} /> },
    { header: t('authorizations.template'), render: (a) => <Text size="sm">{a.templateName ?? '—'}</Text> },
    { header: t('authorizations.since'), sortKey: 'createdAt', render: (a) => <Text size="sm">{date(a.createdAt)}</Text> },
  ];
  if (canManage) {
    columns.push({
      header: t('authorizations.actions'),
      render: (a) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="dark"
            aria-label={t('authorizations.editOf', { name: a.userFullname })}
            onClick={() => {
              setEditing(a);
              setOpen(true);
            }}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red.9" aria-label={t('authorizations.deleteOf', { name: a.userFullname })} onClick={() => onDelete(a)}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    });
  }

  return (
    <>
      <Group mb="sm" justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end">
          <SearchInput label={t('authorizations.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
          <Select
            w={200}
            aria-label={t('authorizations.programFilter')}
            placeholder={t('authorizations.allPrograms')}
            clearable
            data={BILLING_PROGRAMS.map((p) => ({ value: p, label: `${p} · ${t(`programs.${p}`)}` }))}
            value={program}
            onChange={(v) => {
              setProgram(v as BillingProgram | null);
              setState((s) => ({ ...s, page: 1 }));
            }}
          />
        </Group>
        {canManage && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew} data-testid="new-authorization">
            {t('authorizations.new')}
          </Button>
        )}
      </Group>
      <ServerTable
        caption={t('authorizations.caption', { office: hospitalName })}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total}
        state={state}
        onChange={setState}
        rowKey={(a) => a.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('authorizations.empty')}
        emptyAction={
          canManage ? (
            <Button variant="light" onClick={openNew}>
              {t('authorizations.first')}
            </Button>
          ) : undefined
        }
      />
      {canManage && (
        <AuthorizationModal opened={open} onClose={() => setOpen(false)} hospitalId={hospitalId} hospitalName={hospitalName} authorization={editing} templates={templates} />
      )}
    </>
  );
}
