import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Office, User } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { Can, useCan } from '../../../lib/can';
import { confirmAction } from '../../../components/confirm';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useDeassignAdmin } from '../api/deassign-admin';
import { useOfficeAdmins } from '../api/find-office-admins';
import { AssignAdminModal } from './AssignAdminModal';

/** The office's admins (user/gethospitaladmins for this office), with assign and deassign. */
export function OfficeAdminsTab({ office }: { office: Office }) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10, sort: 'lastName' });
  const [assignOpen, assign] = useDisclosure(false);
  const q = useOfficeAdmins(office.id, state);
  const deassign = useDeassignAdmin();
  const mayAssign = useCan('offices.assign');
  const { user: me } = useAuth();

  const askDeassign = (u: User) =>
    confirmAction({
      title: t('admins.deassignTitle'),
      text: t('admins.deassignText', { name: `${u.firstName} ${u.lastName}`, office: office.hospitalName }),
      confirmLabel: t('admins.deassign'),
      onConfirm: () =>
        deassign.mutate(
          { hospitalId: office.id, userId: u.id },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t('admins.deassigned', { name: `${u.firstName} ${u.lastName}` }) }),
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
    { header: t('columns.username'), sortKey: 'username', render: (u) => u.username },
    { header: t('columns.status'), sortKey: 'status', render: (u) => <UserStatusBadge status={u.status} /> },
  ];
  if (mayAssign)
    columns.push({
      header: t('columns.actions'),
      width: 70,
      // nobody removes themselves here; another admin does
      render: (u) =>
        u.id === me?.id ? null : (
          <Tooltip label={t('admins.deassign')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('admins.deassignNamed', { name: `${u.firstName} ${u.lastName}` })} onClick={() => askDeassign(u)}>
              <IconUserMinus size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ),
    });

  const assignButton = (
    <Can permission="offices.assign">
      <Button size="xs" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={assign.open}>
        {t('admins.assign')}
      </Button>
    </Can>
  );

  return (
    <Stack gap="sm">
      <Group justify="flex-end">{assignButton}</Group>
      <ServerTable
        caption={t('details.admins')}
        columns={columns}
        rows={q.data?.items}
        total={q.data?.total}
        state={state}
        onChange={setState}
        rowKey={(u) => u.id}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('admins.empty')}
        emptyAction={assignButton}
      />
      {mayAssign && <AssignAdminModal office={office} opened={assignOpen} onClose={assign.close} />}
    </Stack>
  );
}
