import { ActionIcon, Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDotsVertical, IconKeyOff, IconPlayerPause, IconPlayerPlay, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserStatus } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useResetUserFactors } from '../../mfa';
import { useDeassignStaff, useSetStaffStatus } from '../api/medical-staff';

interface StaffRef {
  id: number;
  firstName: string;
  lastName: string;
  status: number;
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/**
 * Actions on a staff member of an office: activate / deactivate (PUT user/setstatus) and remove from
 * the office (which also removes them from its medical teams), and, for an admin of their
 * organization, resetting their lost sign-in factors (DELETE mfa/users/{userId}/factors; docs/security.md
 * "Multi-factor authentication"). Each asks first.
 */
export function StaffActionsMenu({
  member,
  officeId,
  officeName,
  compact = false,
  onRemoved,
}: {
  member: StaffRef;
  officeId: number;
  officeName: string;
  compact?: boolean;
  onRemoved?: () => void;
}) {
  const { t } = useTranslation('medicalStaff');
  const canStatus = useCan('users.setStatus');
  const canAssign = useCan('offices.assign');
  const status = useSetStaffStatus();
  const deassign = useDeassignStaff();
  const canReset = useCan('mfa.reset');
  const resetFactors = useResetUserFactors();
  if (!canStatus && !canAssign && !canReset) { return null; }
  const name = `${member.firstName} ${member.lastName}`;
  const active = member.status === UserStatus.ACTIVE;

  const toggle = () =>
    confirmAction({
      title: active ? t('actions.deactivateTitle') : t('actions.activateTitle'),
      text: active ? t('actions.deactivateText', { name }) : t('actions.activateText', { name }),
      confirmLabel: active ? t('actions.deactivate') : t('actions.activate'),
      danger: active,
      onConfirm: () =>
        status.mutate(
          { userId: member.id, status: active ? UserStatus.INACTIVE : UserStatus.ACTIVE },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: active ? t('actions.deactivated', { name }) : t('actions.activated', { name }) }),
            onError: (err) => notifications.show({ color: 'red', title: t('actions.failed'), message: errorText(err) }),
          },
        ),
    });

  const remove = () =>
    confirmAction({
      title: t('actions.removeTitle'),
      text: t('actions.removeText', { name, office: officeName }),
      confirmLabel: t('actions.remove'),
      onConfirm: () =>
        deassign.mutate(
          { hospitalId: officeId, userId: member.id },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('actions.removed', { name, office: officeName }) });
              onRemoved?.();
            },
            onError: (err) => notifications.show({ color: 'red', title: t('actions.failed'), message: errorText(err) }),
          },
        ),
    });

  const reset = () =>
    confirmAction({
      title: t('actions.resetFactorsTitle', { name }),
      text: t('actions.resetFactorsText', { name }),
      confirmLabel: t('actions.resetFactors'),
      danger: true,
      onConfirm: () =>
        resetFactors.mutate(member.id, {
          onSuccess: (r) => notifications.show({ color: 'teal', message: t('actions.resetFactorsDone', { name, count: r.removed }) }),
          onError: (err) => notifications.show({ color: 'red', title: t('actions.failed'), message: errorText(err) }),
        }),
    });

  const busy = status.isPending || deassign.isPending || resetFactors.isPending;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon
            variant="subtle"
            color="gray.7"
            aria-label={t('actions.menuFor', { name })}
            loading={busy}
            onClick={(e) => e.stopPropagation()}
            onKeyDown={(e) => e.stopPropagation()}
          >
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} aria-hidden />} loading={busy}>
            {t('actions.menu')}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {canStatus && (
          <Menu.Item leftSection={active ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />} onClick={toggle}>
            {active ? t('actions.deactivate') : t('actions.activate')}
          </Menu.Item>
        )}
        {canReset && (
          <Menu.Item leftSection={<IconKeyOff size={16} aria-hidden />} onClick={reset}>
            {t('actions.resetFactors')}
          </Menu.Item>
        )}
        {canAssign && (
          <Menu.Item color="red.9" leftSection={<IconUserMinus size={16} aria-hidden />} onClick={remove}>
            {t('actions.removeFrom', { office: officeName })}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
