import { can, type RoleId } from '@vigil/contract';

/** Where users land who do not follow alerts (docs/first-day.md "Where users land"). */
export const DEFAULT_HOME_PATH = '/patients';
/** Where users who read notifications land (docs/first-day.md "Where users land"). */
export const DASHBOARD_PATH = '/dashboard';

/** The landing page after sign-in (and the logo's target) for a role. */
export function homePathFor(roleId: number | null | undefined): string {
  return roleId != null && can(roleId as RoleId, 'notifications.read') ? DASHBOARD_PATH : DEFAULT_HOME_PATH;
}
