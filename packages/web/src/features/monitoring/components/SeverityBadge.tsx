import { Badge } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Badges keep their whole word in narrow table cells instead of an ellipsis. */
const NO_TRUNCATE = { label: { overflow: 'visible' } } as const;

/**
 * An alert's severity as an icon and a word, never colour alone: critical on dark red with white
 * text, caution on orange with dark text (both above 4.5:1), anything else neutral.
 */
export function SeverityBadge({ severity, size = 'md' }: { severity: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('monitoring');
  const level = Math.min(2, Math.max(0, severity));
  const props =
    level === 2
      ? { color: 'red.9', leftSection: <IconAlertOctagon size={12} aria-hidden /> }
      : level === 1
        ? { color: 'orange.6', autoContrast: true, leftSection: <IconAlertTriangle size={12} aria-hidden /> }
        : { color: 'gray.7', leftSection: <IconInfoCircle size={12} aria-hidden /> };
  return (
    <Badge variant="filled" radius="sm" size={size} style={{ flexShrink: 0 }} styles={NO_TRUNCATE} {...props}>
      {t(`severity.${level}`)}
    </Badge>
  );
}

/** The mark of a reading sent by the hub simulator (docs/demo-data.md "Simulated readings"). */
export function SimulatedBadge() {
  const { t } = useTranslation('monitoring');
  return (
    <Badge variant="outline" color="grape.9" radius="sm" size="sm" style={{ flexShrink: 0 }} styles={NO_TRUNCATE}>
      {t('badge.simulated')}
    </Badge>
  );
}
