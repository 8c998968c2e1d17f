import { useState } from 'react';
import { ActionIcon, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { officeStaffRoleIds, type Office, type User } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { Can, useCan } from '../../../lib/can';
import { confirmAction } from '../../../components/confirm';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useDeassignStaff } from '../api/deassign-staff';
import { useOfficeStaff } from '../api/find-office-staff';
import { AssignStaffModal } from './AssignStaffModal';

/** The office's medical staff (paged), with assign and deassign for those who may. */
export function OfficeStaffTab({ office }: { office: Office }) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10, sort: 'lastName' });
  const [roleId, setRoleId] = useState<string | null>(null);
  const [assignOpen, assign] = useDisclosure(false);
  const q = useOfficeStaff(office.id, { ...state, roleId: roleId ? Number(roleId) : undefined });
  const deassign = useDeassignStaff();
  const mayAssign = useCan('offices.assign');
  const { user: me } = useAuth();

  const askDeassign = (u: User) =>
    confirmAction({
      title: t('staff.deassignTitle'),
      text: t('staff.deassignText', { name: `${u.firstName} ${u.lastName}`, office: office.hospitalName }),
      confirmLabel: t('staff.deassign'),
      onConfirm: () =>
        deassign.mutate(
          { hospitalId: office.id, userId: u.id },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t('staff.deassigned', { name: `${u.firstName} ${u.lastName}` }) }),
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
    { header: t('columns.role'), sortKey: 'roleId', render: (u) => tc(`roles.${u.roleId}`) },
    { header: t('columns.status'), sortKey: 'status', render: (u) => <UserStatusBadge status={u.status} /> },
  ];
  if (mayAssign)
    columns.push({
      header: t('columns.actions'),
      width: 70,
      // nobody removes themselves here; another admin does
      render: (u) =>
        u.id === me?.id ? null : (
          <Tooltip label={t('staff.deassign')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('staff.deassignNamed', { name: `${u.firstName} ${u.lastName}` })} onClick={() => askDeassign(u)}>
              <IconUserMinus size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ),
    });

  const assignButton = (
    <Can permission="offices.assign">
      <Button size="xs" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={assign.open}>
        {t('staff.assign')}
      </Button>
    </Can>
  );

  return (
    <Stack gap="sm">
      <Group gap="sm" justify="space-between" align="flex-end">
        <Group gap="sm">
          <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('staff.search')} />
          <Select
            w={170}
            aria-label={t('columns.role')}
            placeholder={t('filters.allRoles')}
            clearable
            data={officeStaffRoleIds.map((id) => ({ value: String(id), label: tc(`roles.${id}`) }))}
            value={roleId}
            onChange={(v) => {
              setRoleId(v);
              setState({ ...state, page: 1 });
            }}
          />
        </Group>
        {assignButton}
      </Group>
      <ServerTable
        caption={t('details.staff')}
        columns={columns}
        rows={q.data?.items}
        total={q.data?.total}
        state={state}
        onChange={setState}
        rowKey={(u) => u.id}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('staff.empty')}
        emptyAction={assignButton}
      />
      {mayAssign && <AssignStaffModal office={office} opened={assignOpen} onClose={assign.close} />}
    </Stack>
  );
}
