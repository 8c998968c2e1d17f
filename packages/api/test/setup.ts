import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { Role, type RoleId } from '@vigil/contract';
import { buildApp, type BuiltApp } from '../src/app';
import { loadTestConfig, type AppConfig } from '../src/config/index';
import { openDatabase, type Database } from '../src/db/client';
import { hashPassword, newToken, tokenHash } from '../src/lib/crypto';
import { forgetSessions } from '../src/lib/session-cache';
import { hospitals, organizations, sessions, userHospitals, users } from '../src/db/schema/index';

export const TEST_PASSWORD = 'Correct#Horse42';
let passwordHash: Promise<string> | null = null;

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the server named by
 * `TEST_DATABASE_URL` (dropped again by `close`), copied from the run's migrated template
 * (test/global-setup.ts) so that only migrations added since are left to apply.
 */
export async function openTestDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ pgliteDataDir: 'memory://' });
    return { ...db, drop: async () => db.close() };
  }
  const name = `vigil_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = inject('pgTemplate');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = '/' + name;
  const db = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 5 });
  return {
    ...db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp extends BuiltApp {
  close: () => Promise<void>;
}

/** Boots `buildApp(loadTestConfig())` on a fresh database. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const built = await buildApp(loadTestConfig(overrides), database);
  await built.app.ready();
  return {
    ...built,
    close: async () => {
      await built.app.close();
      await database.drop();
    },
  };
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

export async function createOrganization(t: BuiltApp, values: Partial<typeof organizations.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(organizations)
    .values({ institutionName: `Org ${uniq()}`, ...values })
    .returning();
  return row!;
}

export async function createOffice(t: BuiltApp, organizationId: number, values: Partial<typeof hospitals.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(hospitals)
    .values({ organizationId, hospitalName: `Office ${uniq()}`, timeZone: 'America/New_York', ...values })
    .returning();
  // Written past the API: drop cached session scopes as an API change would (an organization admin's offices grew).
  await forgetSessions(t.ctx);
  return row!;
}

/**
 * Switches programs on in offices `officeIds` (spec section 6; CCM is off by default, and a CCM
 * record or section is written only where it is on: lib/program-switches.ts).
 */
export async function enablePrograms(t: BuiltApp, officeIds: number[], programs: { ccm?: boolean; rtm?: boolean; assessments?: boolean } = { ccm: true }) {
  await t.ctx.db
    .update(hospitals)
    .set({ ...(programs.ccm ? { ccmEnabled: true } : {}), ...(programs.rtm ? { rtmEnabled: true } : {}), ...(programs.assessments ? { assessmentsEnabled: true } : {}) })
    .where(inArray(hospitals.id, officeIds));
}

/**
 * Creates a user of `role` with the test password, assigned to `offices` (as admin when the role
 * is office admin) and in `organizationId`.
 */
export async function createUser(
  t: BuiltApp,
  opts: { role: RoleId; organizationId?: number | null; offices?: number[]; status?: number; values?: Partial<typeof users.$inferInsert> },
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const name = uniq();
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      roleId: opts.role,
      organizationId: opts.organizationId ?? null,
      firstName: 'Test',
      lastName: `User${name}`,
      username: `u${name}`,
      email: `u${name}@example.test`,
      passwordHash: await passwordHash,
      status: opts.status ?? 1,
      ...opts.values,
    })
    .returning();
  for (const hospitalId of opts.offices ?? []) {
    await t.ctx.db.insert(userHospitals).values({ userId: row!.id, hospitalId, isAdmin: opts.role === Role.HOSPITAL_ADMIN });
  }
  await forgetSessions(t.ctx);
  return row!;
}

/** Signs a user in through the API and returns the SessionGuid header to send. */
export async function signInAs(t: BuiltApp, username: string, password = TEST_PASSWORD): Promise<{ sessionguid: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signinv3', payload: { username, password, ip: '127.0.0.1' } });
  if (res.statusCode !== 200) { throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`); }
  return { sessionguid: res.json().data.session.sessionGuid as string };
}

/**
 * Two organizations, each with offices, and a user of every role: the fixture that every
 * feature's tenancy tests use. `a1` is the office under test; `a2` another office of the same
 * organization; `b1` an office of another organization.
 */
export async function createTenancyFixture(t: BuiltApp) {
  const orgA = await createOrganization(t);
  const orgB = await createOrganization(t);
  const a1 = await createOffice(t, orgA.id);
  const a2 = await createOffice(t, orgA.id);
  const b1 = await createOffice(t, orgB.id);
  const mk = (role: RoleId, org: number | null, offices: number[]) => createUser(t, { role, organizationId: org, offices });
  return {
    orgA,
    orgB,
    a1,
    a2,
    b1,
    sysadmin: await mk(Role.SYSTEM_ADMIN, null, []),
    orgAdminA: await mk(Role.ORGANIZATION_ADMIN, orgA.id, []),
    orgAdminB: await mk(Role.ORGANIZATION_ADMIN, orgB.id, []),
    officeAdminA1: await mk(Role.HOSPITAL_ADMIN, orgA.id, [a1.id]),
    officeAdminA2: await mk(Role.HOSPITAL_ADMIN, orgA.id, [a2.id]),
    doctorA1: await mk(Role.DOCTOR, orgA.id, [a1.id]),
    nurseA1: await mk(Role.NURSE, orgA.id, [a1.id]),
    doctorA2: await mk(Role.DOCTOR, orgA.id, [a2.id]),
    doctorB1: await mk(Role.DOCTOR, orgB.id, [b1.id]),
    patientA1: await mk(Role.PATIENT, orgA.id, [a1.id]),
    patientA2: await mk(Role.PATIENT, orgA.id, [a2.id]),
    patientB1: await mk(Role.PATIENT, orgB.id, [b1.id]),
    caregiverA1: await mk(Role.CARE_GIVER, orgA.id, [a1.id]),
  };
}

/**
 * A session for any user, written directly (patients and caregivers cannot sign in to the staff
 * app, yet their API calls must be tested). Returns the SessionGuid header.
 */
export async function sessionFor(t: BuiltApp, userId: number): Promise<{ sessionguid: string }> {
  const token = newToken();
  await t.ctx.db.insert(sessions).values({ tokenHash: tokenHash(token), userId, sessionType: 'TEST', ip: '127.0.0.1', expiresAt: new Date(Date.now() + 3_600_000) });
  return { sessionguid: token };
}
