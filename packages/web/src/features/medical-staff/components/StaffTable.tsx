import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { User } from '@vigil/contract';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { StaffActionsMenu } from './StaffActionsMenu';

export type StaffRow = User & { patientCount: number };

/** The office's staff: name and e-mail, role, phone, status, patients in the office's teams, actions. */
export function StaffTable(props: {
  rows: StaffRow[] | undefined;
  total: number | undefined;
  state: PageState;
  onChange: (s: PageState) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (row: StaffRow) => void;
  officeId: number;
  officeName: string;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation('medicalStaff');
  const columns: Column<StaffRow>[] = [
    {
      header: t('list.name'),
      sortKey: 'lastName',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.lastName}, {r.firstName}
          </Text>
          {r.email && (
            <Text size="xs" c="dimmed">
              {r.email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: t('fields.role'),
      sortKey: 'roleId',
      render: (r) => (
        <Badge variant="outline" color="gray.7" tt="none" fw={500}>
          {t(`common:roles.${r.roleId}`)}
        </Badge>
      ),
    },
    { header: t('list.phone'), render: (r) => r.phone || '—' },
    { header: t('list.status'), sortKey: 'status', render: (r) => <UserStatusBadge status={r.status} /> },
    { header: t('list.patients'), sortKey: 'patientCount', render: (r) => r.patientCount },
    {
      header: t('list.actions'),
      width: 64,
      render: (r) => (
        <Group justify="flex-end" onClick={(e) => e.stopPropagation()}>
          <StaffActionsMenu member={r} officeId={props.officeId} officeName={props.officeName} compact />
        </Group>
      ),
    },
  ];
  return (
    <ServerTable
      caption={t('list.caption')}
      columns={columns}
      rows={props.rows}
      total={props.total}
      state={props.state}
      onChange={props.onChange}
      rowKey={(r) => r.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      onRowClick={props.onOpen}
      emptyText={t('list.empty')}
      emptyAction={props.emptyAction}
    />
  );
}
