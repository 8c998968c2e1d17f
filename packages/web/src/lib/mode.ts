import { useSyncExternalStore } from 'react';
import { useAuth } from './auth';

/** The two programs the portal works in (spec section 4 "Selected mode": RPM or CCM; the default is RPM). */
export const programModes = ['RPM', 'CCM'] as const;
export type ProgramMode = (typeof programModes)[number];

const PREFIX = 'vigil.selectedMode.';
const listeners = new Set<() => void>();

/** The stored mode of user `userId`; RPM when none (or an unknown value) is stored. */
function read(userId: number): ProgramMode {
  const raw = localStorage.getItem(PREFIX + userId);
  return raw === 'CCM' ? 'CCM' : 'RPM';
}

/**
 * Stores the selected mode for one user (spec section 4). Kept locally per user id, like the
 * selected office, so that a shared workstation keeps each person's choice.
 */
export function setSelectedMode(userId: number, mode: ProgramMode): void {
  localStorage.setItem(PREFIX + userId, mode);
  listeners.forEach((l) => l());
}

/** The signed-in user's selected mode (RPM without a user or a stored choice). */
export function useSelectedMode(): ProgramMode {
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (userId > 0 ? read(userId) : 'RPM'),
  );
}
