import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '@vigil/contract';

const color: Record<AppointmentStatus, string> = { REQUESTED: 'yellow', SCHEDULED: 'blue', IN_PROGRESS: 'green', COMPLETED: 'gray', CANCELLED: 'red', NO_SHOW: 'grape' };

/** An appointment status as a coloured badge with its translated name. */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('appointments');
  return (
    <Badge color={color[status]} variant="light" c="dark.8">
      {t(`status.${status}`)}
    </Badge>
  );
}
