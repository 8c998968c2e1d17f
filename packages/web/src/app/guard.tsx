import type { ReactNode } from 'react';
import { can, type Permission, type RoleId } from '@vigil/contract';
import { useAuth } from '../lib/auth';
import { Forbidden } from './RouteError';

/**
 * A signed-in screen behind its permission (app/routes.tsx `permission`, the same map the API
 * enforces: `can(role, permission)`): a user without it sees the "no access" page inside the
 * layout, never the screen (the server refuses its calls too).
 */
export function RouteGuard({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { user } = useAuth();
  if (!user || !can(user.roleId as RoleId, permission)) { return <Forbidden />; }
  return <>{children}</>;
}
