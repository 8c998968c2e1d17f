import fs from 'node:fs';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { Role, UserStatus, type RoleId } from '@vigil/contract';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { hashPassword } from '../lib/crypto';
import { importFhir, summariseReport } from '../features/import/index';
import {
  doctorMetadata,
  hospitals,
  medicalTeamMembers,
  medicalTeams,
  nurseMetadata,
  organizations,
  patientMetadata,
  userHospitals,
  users,
} from '../db/schema/index';

/** The demo logins' password (README "Demo logins"). */
export const DEMO_PASSWORD = 'VigilDemo#2026';

/** The demo logins, in the order the README lists them. */
export const DEMO_USERNAMES = ['sysadmin', 'orgadmin', 'officeadmin', 'doctor', 'nurse', 'caregiver', 'patient', 'doctor2'] as const;
export type DemoUsername = (typeof DEMO_USERNAMES)[number];

/** Name of the office created when the imported data gives only one office with patients. */
export const DEMO_SECOND_OFFICE_NAME = 'Vigil Demo North Clinic';

/**
 * Imports the demo data on the first start and creates the demo logins (README "Demo logins";
 * docs/demo-data.md).
 *
 * First start = nobody can sign in yet (no user has a password), so a database in real use is
 * never touched. Then, when there is no patient yet, imports the first existing folder of
 * `config.demoDataDirs` (FHIR bundles from Synthea: organization / office files first, then
 * practitioners, then patients; a database filled by `npm run import` first is kept as it is),
 * and creates, all with password `VigilDemo#2026`, status active, language ESP (sysadmin ENG):
 * - `sysadmin` (1); `orgadmin` (2) of office #1's organization; `officeadmin` (6) admin of office
 *   #1, the office with the most imported patients;
 * - `doctor` (3) and `nurse` (4) of office #1, members of the medical teams of its patients;
 *   `caregiver` (7) of office #1, member of the `patient`'s team;
 * - `patient` (5): office #1's first imported patient gets this username and the password;
 * - `doctor2` (3) of a second office (the next office with patients, else a new
 *   "Vigil Demo North Clinic" in the same organization with two new patients), member of that
 *   office's patients' teams: doctor2 sees none of office #1's patients.
 * Without a demo data folder, a demo organization and office with one patient stand in.
 * Idempotent: a later start finds the demo logins and answers `created: false`.
 */
export async function seedDemo(ctx: AppContext): Promise<{ created: boolean; summary: string }> {
  // Someone can sign in already: not a first start (and never a database in real use).
  const [withPassword] = await ctx.db.select({ id: users.id }).from(users).where(isNotNull(users.passwordHash)).limit(1);
  if (withPassword) { return { created: false, summary: '' }; }
  const [anyPatient] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.roleId, Role.PATIENT)).limit(1);

  const dir = ctx.config.demoDataDirs.find((d) => fs.existsSync(d));
  let importSummary = anyPatient
    ? 'patients already imported: demo data not imported again'
    : 'no demo data folder found: demo organization and offices created';
  if (dir && !anyPatient) {
    const report = await importFhir(ctx, dir, { label: `demo data (${dir})` });
    importSummary = `FHIR import of ${dir}: ${summariseReport(report)}`;
  }

  const hashes = await Promise.all(DEMO_USERNAMES.map(() => hashPassword(DEMO_PASSWORD)));
  const hashOf = (u: DemoUsername) => hashes[DEMO_USERNAMES.indexOf(u)]!;
  const result = await ctx.db.transaction((tx) => createDemoLogins(tx, hashOf));
  return {
    created: true,
    // No password here: the summary goes to the log.
    summary: `${importSummary}; demo logins: ${DEMO_USERNAMES.join(', ')}; office #1 "${result.office1Name}", doctor2's office "${result.office2Name}"`,
  };
}

type Tx = Executor;

/** Offices with their number of patients, most first (ties: lowest id). */
async function officesByPatients(tx: Tx) {
  return tx
    .select({
      id: hospitals.id,
      organizationId: hospitals.organizationId,
      hospitalName: hospitals.hospitalName,
      timeZone: hospitals.timeZone,
      patients: sql<number>`count(${users.id})::int`,
    })
    .from(hospitals)
    .leftJoin(userHospitals, eq(userHospitals.hospitalId, hospitals.id))
    .leftJoin(users, and(eq(users.id, userHospitals.userId), eq(users.roleId, Role.PATIENT)))
    .groupBy(hospitals.id)
    .orderBy(sql`count(${users.id}) desc`, asc(hospitals.id));
}

async function patientsOf(tx: Tx, hospitalId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(and(eq(userHospitals.hospitalId, hospitalId), eq(users.roleId, Role.PATIENT)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

interface LoginSpec {
  username: string;
  role: RoleId;
  firstName: string;
  lastName: string;
  organizationId: number | null;
  offices: { id: number; isAdmin?: boolean }[];
  passwordHash: string | null;
  language?: 'ENG' | 'ESP';
  timeZone?: string;
}

async function createLogin(tx: Tx, spec: LoginSpec): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({
      roleId: spec.role,
      organizationId: spec.organizationId,
      firstName: spec.firstName,
      lastName: spec.lastName,
      username: spec.username,
      email: spec.passwordHash ? `${spec.username}@example.com` : null,
      passwordHash: spec.passwordHash,
      emailValidated: !!spec.passwordHash,
      status: UserStatus.ACTIVE,
      language: spec.language ?? 'ESP',
      userTimezone: spec.timeZone ?? 'America/New_York',
    })
    .returning({ id: users.id });
  const id = row!.id;
  for (const o of spec.offices) { await tx.insert(userHospitals).values({ userId: id, hospitalId: o.id, isAdmin: o.isAdmin ?? false }); }
  if (spec.role === Role.DOCTOR) { await tx.insert(doctorMetadata).values({ userId: id, licenceId: `DEMO-${spec.username.toUpperCase()}` }); }
  if (spec.role === Role.NURSE) { await tx.insert(nurseMetadata).values({ userId: id, licenceId: `DEMO-${spec.username.toUpperCase()}` }); }
  if (spec.role === Role.PATIENT) { await tx.insert(patientMetadata).values({ userId: id }); }
  return id;
}

async function teamOf(tx: Tx, patientId: number, hospitalId: number): Promise<number> {
  await tx.insert(medicalTeams).values({ patientId, hospitalId }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: medicalTeams.id })
    .from(medicalTeams)
    .where(and(eq(medicalTeams.patientId, patientId), eq(medicalTeams.hospitalId, hospitalId)));
  return row!.id;
}

async function addToTeams(tx: Tx, teamIds: number[], userId: number) {
  if (teamIds.length === 0) { return; }
  await tx
    .insert(medicalTeamMembers)
    .values(teamIds.map((medicalTeamId) => ({ medicalTeamId, userId })))
    .onConflictDoNothing();
}

async function createDemoLogins(tx: Tx, hashOf: (u: DemoUsername) => string): Promise<{ office1Name: string; office2Name: string }> {
  let ranked = await officesByPatients(tx);
  if (ranked.length === 0) {
    const [org] = await tx.insert(organizations).values({ institutionName: 'Vigil Demo Health', city: 'Boston', state: 'MA' }).returning();
    await tx
      .insert(hospitals)
      .values({ organizationId: org!.id, hospitalName: 'Vigil Demo Clinic', city: 'Boston', state: 'MA', timeZone: 'America/New_York' });
    ranked = await officesByPatients(tx);
  }
  const office1 = ranked[0]!;
  const org1 = office1.organizationId;
  const tz = office1.timeZone;
  const login = (
    username: DemoUsername,
    role: RoleId,
    [firstName, lastName]: [string, string],
    organizationId: number | null,
    offices: { id: number; isAdmin?: boolean }[],
    language: 'ENG' | 'ESP' = 'ESP',
  ) => createLogin(tx, { username, role, firstName, lastName, organizationId, offices, passwordHash: hashOf(username), language, timeZone: tz });

  await login('sysadmin', Role.SYSTEM_ADMIN, ['Sam', 'Sistemas'], null, [], 'ENG');
  await login('orgadmin', Role.ORGANIZATION_ADMIN, ['Olivia', 'Ortega'], org1, []);
  await login('officeadmin', Role.HOSPITAL_ADMIN, ['Oscar', 'Medina'], org1, [{ id: office1.id, isAdmin: true }]);
  const doctor = await login('doctor', Role.DOCTOR, ['Diana', 'Reyes'], org1, [{ id: office1.id }]);
  const nurse = await login('nurse', Role.NURSE, ['Nora', 'Castillo'], org1, [{ id: office1.id }]);
  const caregiver = await login('caregiver', Role.CARE_GIVER, ['Carlos', 'Vega'], org1, [{ id: office1.id }]);

  // The `patient` login: office #1's first imported patient, or a new one.
  let patientId = (await patientsOf(tx, office1.id))[0];
  if (patientId === undefined) {
    patientId = await createLogin(tx, {
      username: 'patient',
      role: Role.PATIENT,
      firstName: 'Paula',
      lastName: 'Paciente',
      organizationId: org1,
      offices: [{ id: office1.id }],
      passwordHash: hashOf('patient'),
      timeZone: tz,
    });
  } else {
    await tx
      .update(users)
      .set({
        username: 'patient',
        passwordHash: hashOf('patient'),
        status: UserStatus.ACTIVE,
        language: 'ESP',
        email: sql`coalesce(${users.email}, 'patient@example.com')`,
        emailValidated: true,
        updatedAt: new Date(),
      })
      .where(eq(users.id, patientId));
  }

  // Office #1 runs CCM beside RPM (docs/demo-data.md): its CCM records and their sections are written
  // only where the office's CCM switch is on (lib/program-switches.ts).
  await tx.update(hospitals).set({ ccmEnabled: true }).where(eq(hospitals.id, office1.id));

  // Office #1's teams: every patient gets one, with the demo doctor and nurse; the caregiver joins the `patient`'s.
  const teams1: number[] = [];
  for (const p of await patientsOf(tx, office1.id)) { teams1.push(await teamOf(tx, p, office1.id)); }
  await addToTeams(tx, teams1, doctor);
  await addToTeams(tx, teams1, nurse);
  await addToTeams(tx, [await teamOf(tx, patientId, office1.id)], caregiver);

  // The second office: the next office with patients, else a new clinic beside office #1 (same organization) with two new patients.
  let office2 = ranked.find((o) => o.id !== office1.id && o.patients > 0);
  if (!office2) {
    const [place] = await tx
      .select({ city: hospitals.city, state: hospitals.state, country: hospitals.country })
      .from(hospitals)
      .where(eq(hospitals.id, office1.id));
    const [created] = await tx
      .insert(hospitals)
      .values({ organizationId: org1, hospitalName: DEMO_SECOND_OFFICE_NAME, ...place, timeZone: tz })
      .returning();
    office2 = { id: created!.id, organizationId: org1, hospitalName: created!.hospitalName, timeZone: tz, patients: 0 };
    for (const [firstName, lastName] of [['Ana', 'Ruiz'], ['Luis', 'Ortiz']] as const) {
      await createLogin(tx, {
        username: `demo.${firstName.toLowerCase()}.${lastName.toLowerCase()}`,
        role: Role.PATIENT,
        firstName,
        lastName,
        organizationId: org1,
        offices: [{ id: office2.id }],
        passwordHash: null,
        timeZone: tz,
      });
    }
  }
  const doctor2 = await login('doctor2', Role.DOCTOR, ['David', 'Navarro'], office2.organizationId, [{ id: office2.id }]);
  const teams2: number[] = [];
  for (const p of await patientsOf(tx, office2.id)) { teams2.push(await teamOf(tx, p, office2.id)); }
  await addToTeams(tx, teams2, doctor2);

  return { office1Name: office1.hospitalName, office2Name: office2.hospitalName };
}
