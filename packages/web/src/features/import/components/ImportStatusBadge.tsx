import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportRecordStatus } from '@vigil/contract';

/** Badges in table cells keep their whole label (the label's overflow would let the cell squeeze it). */
const NO_TRUNCATE = { label: { overflow: 'visible' } } as const;

export const recordStatuses: ImportRecordStatus[] = ['created', 'updated', 'unchanged', 'skipped', 'error'];

const colors: Record<ImportRecordStatus, string> = {
  created: 'teal',
  updated: 'blue',
  unchanged: 'gray',
  skipped: 'orange',
  error: 'red',
};

/** What happened to one record (created / updated / unchanged / skipped / error). */
export function RecordStatusBadge({ status }: { status: ImportRecordStatus }) {
  const { t } = useTranslation('import');
  return (
    <Badge variant="dot" color={colors[status]} tt="none" fw={500} styles={NO_TRUNCATE}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A run's status: queued, running, done or failed. */
export function RunStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('import');
  const color = status === 'done' ? 'teal' : status === 'failed' ? 'red' : status === 'queued' ? 'gray' : 'blue';
  return (
    <Badge variant="dot" color={color} tt="none" fw={500} styles={NO_TRUNCATE}>
      {t(`runStatus.${status}`, status)}
    </Badge>
  );
}
