import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { creatableRoles, UserStatus, type RoleId, type User } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { confirmAction } from '../../../components/confirm';
import { useSetStatus } from '../api/admins';

/**
 * Activating or deactivating an admin after confirmation (PUT user/setstatus). Offered only for
 * roles the caller may manage (`creatableRoles`) and never for the caller themselves.
 */
export function useStatusToggle() {
  const { t } = useTranslation('admins');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const maySetStatus = useCan('users.setStatus');
  const mutation = useSetStatus();

  const mayToggle = (u: User) =>
    maySetStatus && !!user && u.id !== user.id && (creatableRoles[user.roleId as RoleId] ?? []).includes(u.roleId as RoleId);

  const toggle = (u: User) => {
    const activate = u.status !== UserStatus.ACTIVE;
    const name = `${u.firstName} ${u.lastName}`;
    confirmAction({
      title: t(activate ? 'status.activateTitle' : 'status.deactivateTitle'),
      text: t(activate ? 'status.activateText' : 'status.deactivateText', { name }),
      confirmLabel: t(activate ? 'status.activate' : 'status.deactivate'),
      danger: !activate,
      onConfirm: () =>
        mutation.mutate(
          { userId: u.id, status: activate ? UserStatus.ACTIVE : UserStatus.INACTIVE },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t(activate ? 'status.activated' : 'status.deactivated', { name }) }),
            onError: (err) => notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : tc('list.error') }),
          },
        ),
    });
  };

  return { mayToggle, toggle, pending: mutation.isPending };
}
