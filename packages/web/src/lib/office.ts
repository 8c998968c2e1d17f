import { useSyncExternalStore } from 'react';
import { officeSwitchingRoles, Role, type RoleId, type User } from '@vigil/contract';

const KEY = 'vigil.selectedOffice';
const listeners = new Set<() => void>();

function read(): number {
  const raw = localStorage.getItem(KEY);
  return raw === null ? -1 : Number(raw);
}

function write(id: number): void {
  localStorage.setItem(KEY, String(id));
  listeners.forEach((l) => l());
}

/**
 * The spec's selected-office rule (section 4): kept locally; when none is stored, the assigned
 * office is stored for office admins, doctors, nurses, caregivers and patients, otherwise -1.
 */
export function initSelectedOffice(user: User): void {
  const usesAssigned = ([...officeSwitchingRoles, Role.PATIENT] as number[]).includes(user.roleId);
  const fallback = usesAssigned ? (user.hospitalAssignedData?.id ?? -1) : -1;
  if (localStorage.getItem(KEY) !== null) {
    // Keep a stored choice only while it is valid for this user (a previous user's office is not).
    const stored = read();
    const valid = canSwitchOffice(user.roleId) ? user.hospitalsAssignedData.some((h) => h.id === stored) : stored === fallback;
    if (valid) return;
  }
  write(fallback);
}

export function clearSelectedOffice(): void {
  localStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function setSelectedOffice(id: number): void {
  write(id);
}

export const canSwitchOffice = (roleId: number) => officeSwitchingRoles.includes(roleId as RoleId);

/** The selected office id (-1: all offices in scope). */
export function useSelectedOffice(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
  );
}
