import { Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How a hub is doing, from its status, credential and last check-in. */
export type HubHealthState = 'disabled' | 'noCredential' | 'never' | 'healthy' | 'silent';

/** A hub that has not checked in for this long is silent. */
export const SILENT_AFTER_MS = 24 * 60 * 60 * 1000;

export function hubHealthState(hub: { status: number; hasCredential: boolean; lastCheckInAt: string | null }, now = Date.now()): HubHealthState {
  if (hub.status !== 1) { return 'disabled'; }
  if (!hub.hasCredential) { return 'noCredential'; }
  if (!hub.lastCheckInAt) { return 'never'; }
  return now - Date.parse(hub.lastCheckInAt) <= SILENT_AFTER_MS ? 'healthy' : 'silent';
}

const colors: Record<HubHealthState, string> = {
  disabled: 'gray',
  noCredential: 'yellow',
  never: 'gray',
  healthy: 'teal',
  silent: 'orange',
};

/**
 * The hub's health as a badge ("Checked in within 24 h", "Silent for over 24 h", ...); `short`
 * shows a coloured dot and the short label, with the full one in a tooltip (for lists).
 */
export function HubHealthBadge({ hub, short }: { hub: { status: number; hasCredential: boolean; lastCheckInAt: string | null }; short?: boolean }) {
  const { t } = useTranslation('devices');
  const state = hubHealthState(hub);
  if (!short) {
    return (
      <Badge color={colors[state]} variant="light" radius="sm" style={{ textTransform: 'none' }}>
        {t(`health.${state}`)}
      </Badge>
    );
  }
  return (
    <Tooltip label={t(`health.${state}`)} withArrow>
      <Group gap={6} wrap="nowrap" tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
        <Box w={10} h={10} style={{ borderRadius: '50%', flexShrink: 0, background: `var(--mantine-color-${colors[state]}-6)` }} aria-hidden />
        <Text size="sm">{t(`healthShort.${state}`)}</Text>
      </Group>
    </Tooltip>
  );
}
