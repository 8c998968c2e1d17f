/**
 * The authorization matrix (README "Roles"), generated from the contract: for EVERY declared
 * endpoint,
 *  - a caller without a session is refused (401) unless the endpoint is public;
 *  - every role whose permission set lacks the endpoint's permission is refused (403);
 *  - callers from another office and from another organization, sending tenant A's identifiers
 *    in every header, query, path and body field that names one, get nothing of tenant A's data
 *    (no marker text of A's records in any answer) and change nothing of it (A's rows are the
 *    same before and after; writes aimed at A answer 4xx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { allEndpoints, can, Role, roleIds, type EndpointDef, type RoleId } from '@vigil/contract';
import { createTestApp, createTenancyFixture, sessionFor, type TestApp } from './setup';
import { hospitals, medicalTeamMembers, medicalTeams, organizations, patientMetadata, userHospitals, users } from '../src/db/schema/index';
import { urlOf } from '../src/lib/route';

const OFFICE_MARK = 'Zqxofficemark';
const ORG_MARK = 'Zqxorgmark';

let t: TestApp;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;
let teamA1: number;
const roleSessions = new Map<RoleId, { sessionguid: string }>();

beforeAll(async () => {
  t = await createTestApp();
  fx = await createTenancyFixture(t);
  const db = t.ctx.db;
  await db.update(organizations).set({ institutionName: `${ORG_MARK} Health` }).where(eq(organizations.id, fx.orgA.id));
  await db.update(hospitals).set({ hospitalName: `${OFFICE_MARK} Clinic` }).where(eq(hospitals.id, fx.a1.id));
  const a1Users = [fx.officeAdminA1, fx.doctorA1, fx.nurseA1, fx.patientA1, fx.caregiverA1].map((u) => u.id);
  await db.update(users).set({ lastName: OFFICE_MARK }).where(inArray(users.id, a1Users));
  const [team] = await db.insert(medicalTeams).values({ patientId: fx.patientA1.id, hospitalId: fx.a1.id }).returning();
  teamA1 = team!.id;
  await db.insert(medicalTeamMembers).values([
    { medicalTeamId: teamA1, userId: fx.doctorA1.id },
    { medicalTeamId: teamA1, userId: fx.nurseA1.id },
  ]);
  await db.insert(patientMetadata).values({ userId: fx.patientA1.id, medicalRegistrationNumber: `${OFFICE_MARK}-MRN`, ssn: '123-45-6789' });
  // One session per role, for the 403 half of the matrix.
  const byRole: Partial<Record<RoleId, number>> = {
    [Role.SYSTEM_ADMIN]: fx.sysadmin.id,
    [Role.ORGANIZATION_ADMIN]: fx.orgAdminB.id,
    [Role.HOSPITAL_ADMIN]: fx.officeAdminA2.id,
    [Role.DOCTOR]: fx.doctorB1.id,
    [Role.NURSE]: fx.nurseA1.id,
    [Role.PATIENT]: fx.patientB1.id,
    [Role.CARE_GIVER]: fx.caregiverA1.id,
  };
  for (const role of roleIds) {
    let userId = byRole[role];
    if (userId === undefined) {
      const [u] = await db
        .insert(users)
        .values({ roleId: role, organizationId: fx.orgB.id, firstName: 'Role', lastName: `R${role}`, username: `role${role}`, email: `role${role}@example.test` })
        .returning();
      await db.insert(userHospitals).values({ userId: u!.id, hospitalId: fx.b1.id });
      userId = u!.id;
    }
    roleSessions.set(role, await sessionFor(t, userId));
  }
}, 120_000);
afterAll(async () => t?.close());

/** Tenant A's identifier for a field name (header, query, path or body), or undefined. */
function tenantValue(def: EndpointDef, field: string): unknown {
  const f = field.toLowerCase();
  const ids: Record<string, unknown> = {
    hospitalid: fx.a1.id,
    hospitalids: [fx.a1.id],
    organizationid: fx.orgA.id,
    patientid: fx.patientA1.id,
    patientuserid: fx.patientA1.id,
    patientids: [fx.patientA1.id],
    doctorid: fx.doctorA1.id,
    nurseid: fx.nurseA1.id,
    hospitaladminid: fx.officeAdminA1.id,
    userid: fx.doctorA1.id,
    userids: [fx.doctorA1.id, fx.nurseA1.id],
    memberids: [fx.doctorA1.id],
    medicalteamid: teamA1,
    statusvaluetoset: 0,
    newemailvalue: 'taken@example.test',
  };
  if (f === 'id') {
    if (def.path.startsWith('hospital/')) { return fx.a1.id; }
    if (def.path.startsWith('medicalinstitution/')) { return fx.orgA.id; }
    if (def.path.startsWith('user/')) { return fx.patientA1.id; }
    if (def.path.startsWith('verifier/')) { return undefined; } // global reference data
    return fx.doctorA1.id;
  }
  return ids[f];
}

function fill(def: EndpointDef, shape: Record<string, unknown> | undefined): { values: Record<string, unknown>; used: boolean } {
  const values: Record<string, unknown> = {};
  let used = false;
  for (const key of Object.keys(shape ?? {})) {
    const v = tenantValue(def, key);
    if (v !== undefined) {
      values[key] = v;
      used = true;
    }
  }
  return { values, used };
}

function requestFor(def: EndpointDef) {
  const headers = fill(def, def.headers?.shape);
  const query = fill(def, def.query?.shape);
  const params = fill(def, def.params?.shape);
  const bodyShape = def.body && 'shape' in def.body ? (def.body as unknown as { shape: Record<string, unknown> }).shape : undefined;
  const body = fill(def, bodyShape);
  let url = urlOf(def).replace(/:(\w+)/g, (_, name: string) => String(params.values[name] ?? 999_999));
  const qs = new URLSearchParams(Object.entries(query.values).map(([k, v]): [string, string] => [k, Array.isArray(v) ? v.join(',') : String(v)])).toString();
  if (qs) { url += `?${qs}`; }
  const headerText = Object.fromEntries(Object.entries(headers.values).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
  return {
    url,
    headers: headerText,
    payload: def.method === 'GET' || def.multipart ? undefined : body.values,
    targetsTenant: headers.used || query.used || params.used || body.used,
  };
}

async function snapshotOfTenantA() {
  const db = t.ctx.db;
  const a1Users = [fx.officeAdminA1, fx.doctorA1, fx.nurseA1, fx.patientA1, fx.caregiverA1].map((u) => u.id);
  return {
    org: await db.select().from(organizations).where(eq(organizations.id, fx.orgA.id)),
    office: await db.select().from(hospitals).where(eq(hospitals.id, fx.a1.id)),
    users: (await db.select().from(users).where(inArray(users.id, a1Users))).map(({ updatedAt: _u, ...rest }) => rest),
    assignments: await db.select().from(userHospitals).where(eq(userHospitals.hospitalId, fx.a1.id)),
    team: await db.select().from(medicalTeamMembers).where(eq(medicalTeamMembers.medicalTeamId, teamA1)),
    metadata: await db.select().from(patientMetadata).where(eq(patientMetadata.userId, fx.patientA1.id)),
  };
}

const guarded = () => allEndpoints.filter((d) => d.permission !== 'public');

describe('authorization matrix', () => {
  it('declares a permission for every endpoint and covers the whole contract', () => {
    expect(allEndpoints.length).toBeGreaterThanOrEqual(88);
    for (const def of allEndpoints) { expect(def.permission, `${def.method} ${def.path}`).toBeTruthy(); }
  });

  /** The sweeps make one request per endpoint and role (thousands): minutes on a busy two-core machine. */
  const SWEEP_TIMEOUT_MS = 600_000;

  it('refuses every guarded endpoint without a session (401)', async () => {
    for (const def of guarded()) {
      const res = await t.app.inject({ method: def.method, url: requestFor(def).url });
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(401);
    }
  }, SWEEP_TIMEOUT_MS);

  it('refuses every role that lacks the endpoint permission (403)', async () => {
    let refusals = 0;
    for (const def of guarded()) {
      for (const role of roleIds) {
        if (can(role, def.permission as Exclude<EndpointDef['permission'], 'public'>)) { continue; }
        const req = requestFor(def);
        const res = await t.app.inject({ method: def.method, url: req.url, headers: { ...roleSessions.get(role)! } });
        expect(res.statusCode, `${def.method} ${def.path} as role ${role}`).toBe(403);
        expect(res.body).not.toContain(OFFICE_MARK);
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(100);
  }, SWEEP_TIMEOUT_MS);

  it("gives callers of another office and another organization nothing of tenant A's data and changes none of it", async () => {
    const before = await snapshotOfTenantA();
    const callers = [
      { name: 'office admin of office a2', user: fx.officeAdminA2, marks: [OFFICE_MARK] },
      { name: 'doctor of office a2', user: fx.doctorA2, marks: [OFFICE_MARK] },
      { name: 'organization admin of org B', user: fx.orgAdminB, marks: [OFFICE_MARK, ORG_MARK] },
      { name: 'doctor of org B', user: fx.doctorB1, marks: [OFFICE_MARK, ORG_MARK] },
      { name: 'patient of org B', user: fx.patientB1, marks: [OFFICE_MARK, ORG_MARK] },
    ];
    let checked = 0;
    for (const caller of callers) {
      const headers = await sessionFor(t, caller.user.id);
      for (const def of allEndpoints) {
        if (def.path === 'auth/signout') { continue; } // would end this caller's session mid-loop
        const req = requestFor(def);
        const res = await t.app.inject({ method: def.method, url: req.url, headers: { ...req.headers, ...headers }, payload: req.payload as object });
        const label = `${def.method} ${def.path} as ${caller.name}: ${res.statusCode}`;
        for (const mark of caller.marks) { expect(res.body, label).not.toContain(mark); }
        if (def.method !== 'GET' && req.targetsTenant) { expect(res.statusCode, label).toBeGreaterThanOrEqual(400); }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(await snapshotOfTenantA()).toEqual(before);
  }, SWEEP_TIMEOUT_MS);
});
