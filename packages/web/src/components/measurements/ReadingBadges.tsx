import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Badges keep their whole word in narrow table cells instead of an ellipsis. */
const NO_TRUNCATE = { label: { overflow: 'visible' } } as const;

/** Severity colours of points and badges (Mantine yellow.9 and red.9: AA on white). */
export const SEVERITY_COLOURS = { caution: '#e67700', critical: '#c92a2a' } as const;

/** Normal / caution / critical as a word on a coloured badge with AA contrast (colour is never the only signal). */
export function SeverityBadge({ severity, size = 'sm' }: { severity: number; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('measurements');
  const level = Math.min(2, Math.max(0, severity));
  const props = level === 2 ? { color: 'red.9' } : level === 1 ? { color: 'yellow.4', autoContrast: true } : { color: 'teal.9' };
  return (
    <Badge variant="filled" radius="sm" size={size} style={{ flexShrink: 0 }} styles={NO_TRUNCATE} data-severity={level} {...props}>
      {t(`severity.${level}`)}
    </Badge>
  );
}

/** The "simulated" and "entered by hand" marks of a reading. */
export function ReadingFlags({ isSimulated, isManual }: { isSimulated: boolean; isManual: boolean }) {
  const { t } = useTranslation('measurements');
  if (!isSimulated && !isManual) { return null; }
  return (
    <Group gap={4} wrap="nowrap">
      {isSimulated && (
        <Badge variant="outline" color="grape.9" radius="sm" size="sm" style={{ flexShrink: 0 }} styles={NO_TRUNCATE}>
          {t('flags.simulated')}
        </Badge>
      )}
      {isManual && (
        <Badge variant="outline" color="gray.8" radius="sm" size="sm" style={{ flexShrink: 0 }} styles={NO_TRUNCATE}>
          {t('flags.manual')}
        </Badge>
      )}
    </Group>
  );
}
