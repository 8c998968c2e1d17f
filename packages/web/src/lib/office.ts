import { useSyncExternalStore } from 'react';
import { offices, officeSwitchingRoles, Role, type RoleId, type User } from '@vigil/contract';
import { call } from './api-client';

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
    if (valid) { return; }
  }
  write(fallback);
}

/**
 * Where a user with several offices lands at sign-in (docs/first-day.md, "Where users land"): the
 * office with the most monitored patients (GET hospital/landing), not the first or an empty one.
 * Called once after `initSelectedOffice`, before the first page; on failure the assigned office stays.
 */
export async function landOnBusiestOffice(user: User): Promise<void> {
  if (!canSwitchOffice(user.roleId) || user.hospitalsAssignedData.length < 2) { return; }
  try {
    const { officeId } = await call(offices.getLandingOffice);
    if (officeId !== null && user.hospitalsAssignedData.some((h) => h.id === officeId)) { write(officeId); }
  } catch {
    // offline or refused: the assigned office chosen by initSelectedOffice stays
  }
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
