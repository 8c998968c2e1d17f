import { normaliseName, type RoleId } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { and, eq } from 'drizzle-orm';
import { hospitals, userHospitals, users } from '../../db/schema/index';
import { officeFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';
import { findTakenIdentifiers, findUsernamesLike } from './users.repo';

/**
 * Just-in-time provisioning of a staff user whom the organization's identity provider vouched for
 * (features/sso; docs/security.md "Single sign-on"): a user of `organizationId` with `roleId`, assigned
 * to office `officeId`, active, without a password (signs in through SSO), the e-mail marked
 * validated (the provider proved it). The caller checked the role is not an admin role and the
 * office is the organization's. The username is made from the names like an admin-created user's
 * ("mary.smith", "mary.smith2"). Returns null when the e-mail is taken by another account (the
 * caller refuses the sign-in). Run inside the caller's transaction.
 */
export async function provisionUser(
  tx: Executor,
  values: { organizationId: number; officeId: number; roleId: RoleId; email: string; firstName: string; lastName: string; language: 'ENG' | 'ESP'; timeZone: string },
): Promise<{ id: number } | null> {
  const email = values.email.toLowerCase();
  if ((await findTakenIdentifiers(tx, { email })).email) { return null; }
  const firstName = normaliseName(values.firstName) || 'User';
  const lastName = normaliseName(values.lastName) || 'Sso';
  const clean = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
  let base = `${clean(firstName)}.${clean(lastName)}`.replace(/^\.|\.$/g, '').slice(0, 40);
  if (base.length < 3) { base = `user.${base}`.replace(/\.$/, ''); }
  const taken = await findUsernamesLike(tx, base);
  let username = base;
  for (let n = 2; taken.has(username); n++) { username = `${base}${n}`; }
  const [row] = await tx
    .insert(users)
    .values({ roleId: values.roleId, organizationId: values.organizationId, firstName, lastName, email, username, language: values.language, userTimezone: values.timeZone, status: 1, emailValidated: true, passwordHash: null })
    .returning({ id: users.id });
  await tx.insert(userHospitals).values({ userId: row!.id, hospitalId: values.officeId, isAdmin: false });
  return row!;
}

/**
 * Creates the Vigil user of another system's record (the ECP's "map by creation", features/ecp): a user of `roleId` in the organization of office `hospitalId`, assigned to it,
 * active, without e-mail or password, with the username and external reference the caller made.
 * Null when the office is not in the caller's scope (the caller answers 404). Run inside the
 * caller's transaction (`tenant.db`).
 */
export async function createUserFromRecord(
  tenant: TenantDb,
  values: { hospitalId: number; roleId: RoleId; firstName: string; lastName: string; birthdate: string | null; username: string; externalRef: string },
): Promise<number | null> {
  const { scope, db } = tenant;
  const [office] = await db.select({ organizationId: hospitals.organizationId }).from(hospitals).where(and(eq(hospitals.id, values.hospitalId), officeFilter(scope, hospitals.id))).limit(1);
  if (!office) { return null; }
  const [user] = await db
    .insert(users)
    .values({
      roleId: values.roleId,
      organizationId: office.organizationId,
      firstName: values.firstName,
      lastName: values.lastName,
      birthdate: values.birthdate,
      email: null,
      username: values.username,
      externalRef: values.externalRef,
      status: 1,
    })
    .returning({ id: users.id });
  await db.insert(userHospitals).values({ userId: user!.id, hospitalId: values.hospitalId, isAdmin: false });
  return user!.id;
}
