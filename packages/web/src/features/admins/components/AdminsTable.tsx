import { Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserStatus, type User } from '@vigil/contract';
import { useUiState } from '../../../lib/ui-state';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { AdminDetails } from './AdminDetails';
import { useStatusToggle } from './useStatusToggle';
import type { ReactNode } from 'react';

interface Props {
  kind: 'office' | 'organization';
  rows: User[] | undefined;
  total: number | undefined;
  state: PageState;
  onChange: (s: PageState) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  emptyAction?: ReactNode;
}

/** A paged list of admins: name and e-mail, username, organization or offices, status with its toggle. */
export function AdminsTable({ kind, ...p }: Props) {
  const { t } = useTranslation('admins');
  const ui = useUiState();
  const { mayToggle, toggle } = useStatusToggle();

  const columns: Column<User>[] = [
    {
      header: t('columns.name'),
      sortKey: 'lastName',
      render: (u) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>{`${u.lastName}, ${u.firstName}`}</Text>
          {u.email && (
            <Text size="xs" c="dimmed">
              {u.email}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: t('columns.username'), sortKey: 'username', render: (u) => u.username },
    { header: t('columns.organization'), render: (u) => u.organizationAssignedData?.institutionName ?? '' },
  ];
  if (kind === 'office') {
    columns.push({
      header: t('columns.offices'),
      render: (u) => (
        <Text size="sm" lineClamp={2}>
          {u.hospitalsAssignedData.map((h) => h.hospitalName).join(', ')}
        </Text>
      ),
    });
  }
  columns.push({
    header: t('columns.status'),
    sortKey: 'status',
    render: (u) =>
      mayToggle(u) ? (
        <Group gap="xs" wrap="nowrap" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <Switch
            size="sm"
            checked={u.status === UserStatus.ACTIVE}
            onChange={() => toggle(u)}
            aria-label={t('status.toggle', { name: `${u.firstName} ${u.lastName}` })}
          />
          <UserStatusBadge status={u.status} />
        </Group>
      ) : (
        <UserStatusBadge status={u.status} />
      ),
  });

  return (
    <ServerTable
      caption={t(`tabs.${kind}`)}
      columns={columns}
      rows={p.rows}
      total={p.total}
      state={p.state}
      onChange={p.onChange}
      rowKey={(u) => u.id}
      loading={p.loading}
      error={p.error}
      onRetry={p.onRetry}
      onRowClick={(u) => ui.openDetails(t('details.title'), <AdminDetails key={u.id} admin={u} />)}
      emptyText={t(`empty.${kind}`)}
      emptyAction={p.emptyAction}
    />
  );
}
