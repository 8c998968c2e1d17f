import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserStatus } from '@vigil/contract';

const colors: Record<number, string> = {
  [UserStatus.ACTIVE]: 'teal',
  [UserStatus.INACTIVE]: 'gray',
  [UserStatus.PENDING]: 'orange',
  [UserStatus.DECEASED]: 'dark',
};

/** A user's status (0 inactive, 1 active, 2 pending, 3 deceased) as a dot badge; the text keeps AA contrast. */
export function UserStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={colors[status] ?? 'gray'} tt="none" fw={500} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
