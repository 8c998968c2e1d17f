import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ssoConfigs } from './sso.tables';

/**
 * Whether password sign-in of `user` is refused because the user's organization requires single
 * sign-on (docs/security.md "Single sign-on"): an AppError 403 `ssoRequired` ("Your organization
 * requires you to sign in with your organization account") when the organization's SSO is enabled
 * and required, else null. Users without an organization (system admins) are never refused, so a
 * system admin can always repair a broken provider setting. Called by auth's password sign-in
 * after the password was checked, so the answer tells nothing to whoever does not know it.
 */
export async function passwordSignInRefusal(db: Executor, user: { organizationId: number | null }): Promise<AppError | null> {
  if (user.organizationId === null) { return null; }
  const [row] = await db
    .select({ enabled: ssoConfigs.enabled, required: ssoConfigs.required })
    .from(ssoConfigs)
    .where(eq(ssoConfigs.organizationId, user.organizationId))
    .limit(1);
  return row?.enabled && row.required ? new AppError('forbidden', 'ssoRequired') : null;
}
