import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How a hub is doing, from its status, credential and last check-in. */
export type HubHealthState = 'disabled' | 'noCredential' | 'never' | 'healthy' | 'silent';

/** A hub that has not checked in for this long is silent. */
export const SILENT_AFTER_MS = 24 * 60 * 60 * 1000;

export function hubHealthState(hub: { status: number; hasCredential: boolean; lastCheckInAt: string | null }, now = Date.now()): HubHealthState {
  if (hub.status !== 1) return 'disabled';
  if (!hub.hasCredential) return 'noCredential';
  if (!hub.lastCheckInAt) return 'never';
  return now - Date.parse(hub.lastCheckInAt) <= SILENT_AFTER_MS ? 'healthy' : 'silent';
}

const colors: Record<HubHealthState, string> = {
  disabled: 'gray',
  noCredential: 'yellow',
  never: 'gray',
  healthy: 'teal',
  silent: 'orange',
};

/** The hub's health as a badge ("Checked in within 24 h", "Silent for over 24 h", ...). */
export function HubHealthBadge({ hub }: { hub: { status: number; hasCredential: boolean; lastCheckInAt: string | null } }) {
  const { t } = useTranslation('devices');
  const state = hubHealthState(hub);
  return (
    <Badge color={colors[state]} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {t(`health.${state}`)}
    </Badge>
  );
}
