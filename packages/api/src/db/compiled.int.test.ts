/**
 * compiledOnce (db/compiled.ts) with the placeholder scope of db/scope.ts: one statement per scope
 * shape, compiled once and run with each caller's own offices and ids. On PGlite, and on
 * PostgreSQL (where it runs on the generic-plan pool) when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, and, sql } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, type TestApp } from '../../test/setup';
import { compiledOnce } from './compiled';
import { hospitals, userHospitals, users } from './schema/index';
import { officeFilter, placeholderScope, scopeShapeKey, userFilter, type Scope } from './scope';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let builds = 0;

/** The caller's offices among `ids`, and whether user `userId` is visible to the caller. */
const officesAndUser = compiledOnce('testOfficesAndUser', (db, scope, name) => {
  builds++;
  return db
    .select({ id: hospitals.id, userVisible: sql<boolean>`exists (select 1 from ${users} where ${and(eq(users.id, sql.placeholder('userId')), userFilter(scope, users.id))})` })
    .from(hospitals)
    .where(and(sql`${hospitals.id} = any(${sql.placeholder('ids')})`, officeFilter(scope, hospitals.id)))
    .orderBy(asc(hospitals.id))
    .prepare(name);
});

const scopeOf = (role: Scope['role'], userId: number, organizationId: number | null, officeIds: number[]): Scope => ({ userId, role, organizationId, officeIds, sessionId: 1, lang: 'en' });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

describe('statements compiled once per scope shape', () => {
  it("runs one compiled statement for two callers of the same role, each with their own offices", async () => {
    const ids = [f.a1.id, f.a2.id, f.b1.id];
    const before = builds;
    const a1 = await officesAndUser(scopeOf(Role.DOCTOR, f.doctorA1.id, f.orgA.id, [f.a1.id]), t.ctx.db, { ids, userId: f.patientA1.id });
    const a2 = await officesAndUser(scopeOf(Role.DOCTOR, f.doctorA2.id, f.orgA.id, [f.a2.id]), t.ctx.db, { ids, userId: f.patientA1.id });
    const none = await officesAndUser(scopeOf(Role.DOCTOR, f.doctorA1.id, f.orgA.id, []), t.ctx.db, { ids, userId: f.patientA1.id });
    expect(builds - before).toBe(1);
    expect(a1).toEqual([{ id: f.a1.id, userVisible: true }]);
    expect(a2).toEqual([{ id: f.a2.id, userVisible: false }]); // patientA1 is in a1 only
    expect(none).toEqual([]);
  });

  it('compiles another statement for another shape: a system admin sees every office', async () => {
    const before = builds;
    const all = await officesAndUser(scopeOf(Role.SYSTEM_ADMIN, 1, null, []), t.ctx.db, { ids: [f.a1.id, f.b1.id], userId: f.patientA1.id });
    expect(builds - before).toBe(1);
    expect(all.map((r) => r.id)).toEqual([f.a1.id, f.b1.id]);
  });

  it('builds afresh inside a transaction and sees its uncommitted rows', async () => {
    const scope = scopeOf(Role.DOCTOR, f.doctorA1.id, f.orgA.id, [f.a1.id]);
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.delete(userHospitals).where(eq(userHospitals.userId, f.patientA1.id));
        const [row] = await officesAndUser(scope, tx, { ids: [f.a1.id], userId: f.patientA1.id });
        expect(row).toEqual({ id: f.a1.id, userVisible: false });
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || !/rollback/i.test(e.constructor.name + e.message)) { throw e; }
      });
  });

  it('sees the committed assignment again after the rollback', async () => {
    const [row] = await officesAndUser(scopeOf(Role.DOCTOR, f.doctorA1.id, f.orgA.id, [f.a1.id]), t.ctx.db, { ids: [f.a1.id], userId: f.patientA1.id });
    expect(row).toEqual({ id: f.a1.id, userVisible: true });
  });

  it('keys the shape by role and a missing organization, and refuses a direct read of the offices', () => {
    expect(scopeShapeKey(scopeOf(Role.NURSE, 1, 2, [3]))).toBe(scopeShapeKey(scopeOf(Role.NURSE, 9, 8, [7, 6])));
    expect(scopeShapeKey(scopeOf(Role.NURSE, 1, 2, [3]))).not.toBe(scopeShapeKey(scopeOf(Role.DOCTOR, 1, 2, [3])));
    expect(scopeShapeKey(scopeOf(Role.ORGANIZATION_ADMIN, 1, null, []))).not.toBe(scopeShapeKey(scopeOf(Role.ORGANIZATION_ADMIN, 1, 2, [])));
    const shaped = placeholderScope(scopeOf(Role.NURSE, 1, 2, [3]));
    expect(() => shaped.officeIds).toThrow(/officeFilter/);
  });

  it('rejects a call that leaves out one of its values', async () => {
    await expect(officesAndUser(scopeOf(Role.DOCTOR, f.doctorA1.id, f.orgA.id, [f.a1.id]), t.ctx.db, { ids: [f.a1.id] })).rejects.toThrow(/userId/);
  });
});
