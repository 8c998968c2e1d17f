import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Badges keep their whole word in narrow table cells instead of an ellipsis. */
const NO_TRUNCATE = { label: { overflow: 'visible' } } as const;

/** Normal / caution / critical, with AA contrast (filled teal and red with white text; yellow with dark text). */
export function SeverityBadge({ severity }: { severity: number }) {
  const { t } = useTranslation('publicLinks');
  const props =
    severity >= 2 ? { color: 'red.9' } : severity === 1 ? { color: 'yellow.4', autoContrast: true } : { color: 'teal.9' };
  return (
    <Badge variant="filled" radius="sm" style={{ flexShrink: 0 }} styles={NO_TRUNCATE} {...props}>
      {t(`severity.${Math.min(2, Math.max(0, severity))}`)}
    </Badge>
  );
}

/** The "simulated" and "entered by hand" marks of a reading. */
export function ReadingFlags({ isSimulated, isManual }: { isSimulated: boolean; isManual: boolean }) {
  const { t } = useTranslation('publicLinks');
  if (!isSimulated && !isManual) { return null; }
  return (
    <Group gap={4} wrap="nowrap">
      {isSimulated && (
        <Badge variant="outline" color="grape.9" radius="sm" style={{ flexShrink: 0 }} styles={NO_TRUNCATE}>
          {t('badge.simulated')}
        </Badge>
      )}
      {isManual && (
        <Badge variant="outline" color="gray.8" radius="sm" style={{ flexShrink: 0 }} styles={NO_TRUNCATE}>
          {t('badge.manual')}
        </Badge>
      )}
    </Group>
  );
}
