import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Office, OfficeUserBody, User } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { Can, useCan } from '../../../lib/can';
import { confirmAction } from '../../../components/confirm';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';

/** The paging state of an office members tab. */
export function useMembersPageState() {
  return useState<PageState>({ page: 1, pageSize: 10, sort: 'lastName' });
}

interface Props {
  office: Office;
  /** Which members: the i18n key prefix (`admins.*` or `staff.*`) and the details tab caption. */
  kind: 'admins' | 'staff';
  state: PageState;
  onStateChange: (next: PageState) => void;
  query: { data?: { items: User[]; total: number }; isFetching: boolean; error: unknown; refetch: () => unknown };
  deassign: { mutate: (body: OfficeUserBody, options: { onSuccess: () => void; onError: (err: Error) => void }) => void };
  /** The column between name and status. */
  column: Column<User>;
  /** Filters shown left of the assign button. */
  filters?: ReactNode;
  assignModal: (opened: boolean, onClose: () => void) => ReactNode;
}

/** A tab listing an office's members (admins or medical staff), with assign and deassign for those who may. */
export function OfficeMembersTab({ office, kind, state, onStateChange, query: q, deassign, column, filters, assignModal }: Props) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [assignOpen, assign] = useDisclosure(false);
  const mayAssign = useCan('offices.assign');
  const { user: me } = useAuth();

  const askDeassign = (u: User) =>
    confirmAction({
      title: t(`${kind}.deassignTitle`),
      text: t(`${kind}.deassignText`, { name: `${u.firstName} ${u.lastName}`, office: office.hospitalName }),
      confirmLabel: t(`${kind}.deassign`),
      onConfirm: () =>
        deassign.mutate(
          { hospitalId: office.id, userId: u.id },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t(`${kind}.deassigned`, { name: `${u.firstName} ${u.lastName}` }) }),
            onError: (err) => notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : tc('list.error') }),
          },
        ),
    });

  const columns: Column<User>[] = [
    {
      header: t('columns.name'),
      sortKey: 'lastName',
      render: (u) => (
        <Stack gap={0}>
          <Text size="sm">{`${u.lastName}, ${u.firstName}`}</Text>
          {u.email && (
            <Text size="xs" c="dimmed">
              {u.email}
            </Text>
          )}
        </Stack>
      ),
    },
    column,
    { header: t('columns.status'), sortKey: 'status', render: (u) => <UserStatusBadge status={u.status} /> },
  ];
  if (mayAssign) {
    columns.push({
      header: t('columns.actions'),
      width: 70,
      // nobody removes themselves here; another admin does
      render: (u) =>
        u.id === me?.id ? null : (
          <Tooltip label={t(`${kind}.deassign`)}>
            <ActionIcon variant="subtle" color="red" aria-label={t(`${kind}.deassignNamed`, { name: `${u.firstName} ${u.lastName}` })} onClick={() => askDeassign(u)}>
              <IconUserMinus size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ),
    });
  }

  const assignButton = (
    <Can permission="offices.assign">
      <Button size="xs" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={assign.open}>
        {t(`${kind}.assign`)}
      </Button>
    </Can>
  );

  return (
    <Stack gap="sm">
      {filters ? (
        <Group gap="sm" justify="space-between" align="flex-end">
          <Group gap="sm">{filters}</Group>
          {assignButton}
        </Group>
      ) : (
        <Group justify="flex-end">{assignButton}</Group>
      )}
      <ServerTable
        caption={t(`details.${kind}`)}
        columns={columns}
        rows={q.data?.items}
        total={q.data?.total}
        state={state}
        onChange={onStateChange}
        rowKey={(u) => u.id}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t(`${kind}.empty`)}
        emptyAction={assignButton}
      />
      {mayAssign && assignModal(assignOpen, assign.close)}
    </Stack>
  );
}
