import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDotsVertical, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserStatus } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useSetPatientStatus } from '../api/patients';

/** Patient statuses in menu order (spec section 4: active, inactive, pending, deceased). */
export const PATIENT_STATUSES = [UserStatus.ACTIVE, UserStatus.INACTIVE, UserStatus.PENDING, UserStatus.DECEASED] as const;

interface PatientRef {
  id: number;
  firstName: string;
  lastName: string;
  status: number;
}

/**
 * The status change menu of a patient (PUT user/setstatus). Every change asks first; marking a
 * patient deceased says it cannot be undone (spec section 4), and a deceased patient is offered no
 * further change. Hidden for users without users.setStatus.
 */
export function PatientStatusMenu({ patient, compact = false }: { patient: PatientRef; compact?: boolean }) {
  const { t } = useTranslation('patients');
  const allowed = useCan('users.setStatus');
  const mutation = useSetPatientStatus();
  if (!allowed) { return null; }
  const name = `${patient.firstName} ${patient.lastName}`;

  if (patient.status === UserStatus.DECEASED) {
    return compact ? null : (
      <Text size="sm" c="dimmed" component="span">
        <IconLock size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {t('status.final')}
      </Text>
    );
  }

  const change = (status: number) => {
    const deceased = status === UserStatus.DECEASED;
    confirmAction({
      title: deceased ? t('status.deceasedTitle') : t('status.changeTitle'),
      text: deceased
        ? t('status.deceasedText', { name })
        : t('status.changeText', { name, from: t(`common:status.${patient.status}`), to: t(`common:status.${status}`) }),
      confirmLabel: deceased ? t('status.deceasedConfirm') : t('status.changeConfirm'),
      danger: deceased || status === UserStatus.INACTIVE,
      onConfirm: () =>
        mutation.mutate(
          { userId: patient.id, status },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t('status.changed', { name, status: t(`common:status.${status}`).toLowerCase() }) }),
            onError: (err) => notifications.show({ color: 'red', title: t('status.failed'), message: err instanceof ApiError ? err.message : String(err) }),
          },
        ),
    });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon
            variant="subtle"
            color="gray.7"
            aria-label={t('status.menuFor', { name })}
            loading={mutation.isPending}
            onClick={(e) => e.stopPropagation()}
            onKeyDown={(e) => e.stopPropagation()}
          >
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} aria-hidden />} loading={mutation.isPending}>
            {t('status.change')}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        <Menu.Label>{t('status.change')}</Menu.Label>
        {PATIENT_STATUSES.filter((s) => s !== patient.status).map((s) => (
          <Menu.Item key={s} color={s === UserStatus.DECEASED ? 'red.9' : undefined} onClick={() => change(s)}>
            {t(`status.to.${s}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
