import type { ReactNode } from 'react';
import { can, type Permission, type RoleId } from '@vigil/contract';
import { useAuth } from './auth';

/** Whether the signed-in user holds `permission` (only to hide what they cannot do; the server decides). */
export function useCan(permission: Permission): boolean {
  const { user } = useAuth();
  return user ? can(user.roleId as RoleId, permission) : false;
}

export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? <>{children}</> : null;
}
