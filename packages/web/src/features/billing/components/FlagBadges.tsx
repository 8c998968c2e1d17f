import { Badge, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AT_RISK_COLOR } from './format';

interface Flag {
  key: string;
  severity: 'atRisk' | 'missed';
  program: string;
  text: string;
}

/** A compact at-risk / missed marker for a table row; the flags' texts in its title. */
export function FlagBadges({ flags }: { flags: Flag[] }) {
  const { t } = useTranslation('billing');
  if (flags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('flags.ok')}
      </Text>
    );
  }
  const missed = flags.filter((f) => f.severity === 'missed').length;
  const atRisk = flags.length - missed;
  const title = flags.map((f) => f.text).join('\n');
  return (
    <Group gap={4} title={title}>
      {missed > 0 && (
        <Badge color="red.9" tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
          {t('flags.missed', { count: missed })}
        </Badge>
      )}
      {atRisk > 0 && (
        <Badge color={AT_RISK_COLOR} tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
          {t('flags.atRisk', { count: atRisk })}
        </Badge>
      )}
    </Group>
  );
}

/** The flags' texts as a list (details and readiness). */
export function FlagList({ flags }: { flags: Flag[] }) {
  const { t } = useTranslation('billing');
  if (flags.length === 0) { return null; }
  return (
    <List size="sm" spacing={2} data-testid="billing-flags">
      {flags.map((f) => (
        <List.Item key={`${f.key}-${f.program}`}>
          <Text span size="sm" fw={600} c={f.severity === 'missed' ? 'red.9' : AT_RISK_COLOR}>
            {f.severity === 'missed' ? t('flags.missedLabel') : t('flags.atRiskLabel')}:
          </Text>{' '}
          <Text span size="sm">
            {f.text}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
