import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  Role,
  TREATMENT_PLAN_ASSIGNMENTS_LIMIT,
  TreatmentPlanStatus,
  measurementCatalogue,
  type DeviceType,
  type TreatmentPlan,
  type TreatmentPlanDevice,
  type TreatmentPlanDeviceValues,
} from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitals, medicalDevices, treatmentPlanDevices, treatmentPlanPatients, treatmentPlans, userHospitals, users } from '../../db/schema/index';
import { compiledOnce } from '../../db/compiled';
import { assertOfficeInScope, officeFilter, patientRowFilter, userFilter, type Scope } from '../../db/scope';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

/** Advisory lock key spaces (pg_advisory_xact_lock(space, id)): a patient's plans, an office's templates. */
const LOCK_PATIENT_PLANS = 730_101;
const LOCK_OFFICE_TEMPLATES = 730_102;

/**
 * The tenant filter of a plan row: its office is one of the caller's, and for a patient's plan the
 * patient is visible to the caller (`userFilter`); a patient caller sees only their own plans (no
 * office templates).
 */
export function planFilter(scope: Scope): SQL {
  const own = patientRowFilter(scope, treatmentPlans.hospitalId, treatmentPlans.patientId);
  return and(own, or(isNull(treatmentPlans.patientId), userFilter(scope, treatmentPlans.patientId)))!;
}

/** Ids of the plans the caller may see, as a subquery. */
const visiblePlanIds = (tenant: TenantDb) => {
  const { scope, db } = tenant;
  return db.select({ id: treatmentPlans.id }).from(treatmentPlans).where(planFilter(scope));
};

const planColumns = {
  id: treatmentPlans.id,
  patientId: treatmentPlans.patientId,
  hospitalId: treatmentPlans.hospitalId,
  title: treatmentPlans.title,
  description: treatmentPlans.description,
  status: treatmentPlans.status,
  isClientMonitoringPlan: treatmentPlans.isClientMonitoringPlan,
  isDefault: treatmentPlans.isDefault,
  sortOrder: treatmentPlans.sortOrder,
  createdBy: treatmentPlans.createdBy,
  createdAt: treatmentPlans.createdAt,
};
export type PlanRow = { [K in keyof typeof planColumns]: (typeof treatmentPlans.$inferSelect)[K] };
export type PlanDeviceRow = typeof treatmentPlanDevices.$inferSelect;

/** Whether the patient is assigned to office `hospitalId` (an office of the caller's). */
export async function isPatientInOffice(tenant: TenantDb, patientId: number, hospitalId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ userId: userHospitals.userId })
    .from(userHospitals)
    .where(and(eq(userHospitals.userId, patientId), eq(userHospitals.hospitalId, hospitalId), officeFilter(scope, userHospitals.hospitalId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Serialises changes to one patient's plans until the transaction ends, so that two concurrent
 * "new plan" calls cannot both leave an active plan. Call inside `db.transaction`.
 */
export async function lockPatientPlans(tx: Executor, patientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PATIENT_PLANS}::int, ${patientId}::int)`);
}

/** Serialises changes to one office's client monitoring plans (the one-default rule). Call inside `db.transaction`. */
export async function lockOfficeTemplates(tx: Executor, hospitalId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_OFFICE_TEMPLATES}::int, ${hospitalId}::int)`);
}

/** A plan by id in the caller's scope, or null. */
export async function getPlan(tenant: TenantDb, planId: number): Promise<PlanRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select(planColumns)
    .from(treatmentPlans)
    .where(and(eq(treatmentPlans.id, planId), planFilter(scope)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a plan with status 1 (active) and sortOrder 0 (first); the office must be the caller's
 * (checked again here). Returns its id.
 */
export async function insertPlan(
  tenant: TenantDb,
  values: { patientId: number | null; hospitalId: number; title: string; description: string; isClientMonitoringPlan: boolean; isDefault: boolean },
): Promise<number> {
  const { scope, db: tx } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await tx
    .insert(treatmentPlans)
    .values({ ...values, status: TreatmentPlanStatus.ACTIVE, sortOrder: 0, createdBy: scope.userId })
    .returning({ id: treatmentPlans.id });
  return row!.id;
}

/**
 * Spec section 4: a new plan is placed first and the previous plans get status 0. Every other plan
 * of the patient moves one place down and becomes inactive, in whichever office it is (the patient
 * has one active plan); the patient must be visible to the caller.
 */
export async function demoteOtherPlansOfPatient(tenant: TenantDb, patientId: number, keepPlanId: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx
    .update(treatmentPlans)
    .set({ status: TreatmentPlanStatus.INACTIVE, sortOrder: sql`${treatmentPlans.sortOrder} + 1` })
    .where(and(eq(treatmentPlans.patientId, patientId), ne(treatmentPlans.id, keepPlanId), userFilter(scope, treatmentPlans.patientId)));
}

/** Updates a plan's title, description and default flag (those given). */
export async function updatePlanFields(tenant: TenantDb, planId: number, values: { title?: string; description?: string; isDefault?: boolean }): Promise<void> {
  const { scope, db } = tenant;
  if (Object.keys(values).length === 0) { return; }
  await db
    .update(treatmentPlans)
    .set(values)
    .where(and(eq(treatmentPlans.id, planId), planFilter(scope)));
}

/** Deletes a plan (its devices and patient assignments go with it). Returns whether a row was deleted. */
export async function deletePlan(tenant: TenantDb, planId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(treatmentPlans)
    .where(and(eq(treatmentPlans.id, planId), planFilter(scope)))
    .returning({ id: treatmentPlans.id });
  return rows.length > 0;
}

/** Clears the default flag of the office's client monitoring plans other than `exceptPlanId`. */
export async function clearDefaultTemplates(tenant: TenantDb, hospitalId: number, exceptPlanId: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx
    .update(treatmentPlans)
    .set({ isDefault: false })
    .where(
      and(
        eq(treatmentPlans.hospitalId, hospitalId),
        eq(treatmentPlans.isClientMonitoringPlan, true),
        eq(treatmentPlans.isDefault, true),
        ne(treatmentPlans.id, exceptPlanId),
        planFilter(scope),
      ),
    );
}

/** The devices of a plan in the caller's scope, in the order they were added. */
export async function findDevices(tenant: TenantDb, planId: number): Promise<PlanDeviceRow[]> {
  const { scope, db } = tenant;
  return db
    .select()
    .from(treatmentPlanDevices)
    .where(and(eq(treatmentPlanDevices.treatmentPlanId, planId), inArray(treatmentPlanDevices.treatmentPlanId, visiblePlanIds(tenantDb(scope, db)))))
    .orderBy(asc(treatmentPlanDevices.id));
}

const deviceValues = (d: TreatmentPlanDeviceValues) => ({
  deviceType: d.deviceType,
  medicalDeviceId: d.medicalDeviceId ?? null,
  time1: d.time1 ?? null,
  time2: d.time2 ?? null,
  time3: d.time3 ?? null,
  time4: d.time4 ?? null,
  measurementPeriod: d.measurementPeriod,
  measurementsCount: d.measurementsCount,
});

/** Adds devices to a plan the caller may see; returns their ids in order. */
export async function insertDevices(tenant: TenantDb, planId: number, devices: readonly TreatmentPlanDeviceValues[]): Promise<number[]> {
  const { scope, db: tx } = tenant;
  if (devices.length === 0 || !(await getPlan(tenantDb(scope, tx), planId))) { return []; }
  const rows = await tx
    .insert(treatmentPlanDevices)
    .values(devices.map((d) => ({ treatmentPlanId: planId, ...deviceValues(d) })))
    .returning({ id: treatmentPlanDevices.id });
  return rows.map((r) => r.id);
}

/** A plan device by id with its plan, in the caller's scope, or null. */
export async function getPlanDevice(tenant: TenantDb, planDeviceId: number): Promise<{ device: PlanDeviceRow; plan: PlanRow } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ device: treatmentPlanDevices, plan: planColumns })
    .from(treatmentPlanDevices)
    .innerJoin(treatmentPlans, eq(treatmentPlans.id, treatmentPlanDevices.treatmentPlanId))
    .where(and(eq(treatmentPlanDevices.id, planDeviceId), planFilter(scope)))
    .limit(1);
  return row ?? null;
}

/** Replaces a plan device's type, linked device and schedule. */
export async function updatePlanDevice(tenant: TenantDb, planDeviceId: number, values: TreatmentPlanDeviceValues): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(treatmentPlanDevices)
    .set(deviceValues(values))
    .where(and(eq(treatmentPlanDevices.id, planDeviceId), inArray(treatmentPlanDevices.treatmentPlanId, visiblePlanIds(tenantDb(scope, db)))));
}

/** Deletes plan devices by id (of plans the caller may see). */
export async function deletePlanDevices(tenant: TenantDb, planDeviceIds: number[]): Promise<void> {
  const { scope, db } = tenant;
  if (planDeviceIds.length === 0) { return; }
  await db
    .delete(treatmentPlanDevices)
    .where(and(inArray(treatmentPlanDevices.id, planDeviceIds), inArray(treatmentPlanDevices.treatmentPlanId, visiblePlanIds(tenantDb(scope, db)))));
}

/** The patient's plan ids the caller may see: sortOrder 0 (the newest) first, at most `limit`. */
export async function findPlanIdsOfPatient(tenant: TenantDb, patientId: number, limit: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: treatmentPlans.id })
    .from(treatmentPlans)
    .where(and(eq(treatmentPlans.patientId, patientId), planFilter(scope)))
    .orderBy(asc(treatmentPlans.sortOrder), desc(treatmentPlans.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

const visiblePatientActivePlan = compiledOnce('visiblePatientActivePlan', (db, scope, name) => {
  const patientId = sql.placeholder('patientId');
  const active = db
    .select({ id: treatmentPlans.id })
    .from(treatmentPlans)
    .where(and(eq(treatmentPlans.patientId, patientId), eq(treatmentPlans.status, TreatmentPlanStatus.ACTIVE), planFilter(scope)))
    .orderBy(asc(treatmentPlans.sortOrder), desc(treatmentPlans.id))
    .limit(1);
  return db
    .select({ plan: planColumns, device: treatmentPlanDevices })
    .from(users)
    .leftJoin(treatmentPlans, sql`${treatmentPlans.id} = (${active})`)
    .leftJoin(treatmentPlanDevices, eq(treatmentPlanDevices.treatmentPlanId, treatmentPlans.id))
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)))
    .orderBy(asc(treatmentPlanDevices.id))
    .prepare(name);
});

/**
 * In one statement: undefined when `patientId` is not a patient the caller may see (as
 * `getVisiblePatient`), else the patient's active plan as the API shows it (status 1; the first
 * by sort order, then the newest; `planFilter`), or null when there is none.
 */
export async function findVisiblePatientActivePlan(tenant: TenantDb, patientId: number): Promise<TreatmentPlan | null | undefined> {
  const { scope, db } = tenant;
  const rows = await visiblePatientActivePlan(scope, db, { patientId });
  if (rows.length === 0) { return undefined; }
  const plan = rows[0]!.plan;
  if (!plan) { return null; }
  return planView(plan, rows.flatMap((r) => (r.device ? [deviceView(r.device)] : [])));
}

/** The office's client monitoring plan ids: the default first, then by title; at most `limit`. */
export async function findTemplateIdsOfOffice(tenant: TenantDb, hospitalId: number, limit: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: treatmentPlans.id })
    .from(treatmentPlans)
    .where(and(eq(treatmentPlans.hospitalId, hospitalId), eq(treatmentPlans.isClientMonitoringPlan, true), isNull(treatmentPlans.patientId), planFilter(scope)))
    .orderBy(desc(treatmentPlans.isDefault), asc(treatmentPlans.title), asc(treatmentPlans.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The office's default client monitoring plan, or null. */
export async function getDefaultTemplate(tenant: TenantDb, hospitalId: number): Promise<PlanRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select(planColumns)
    .from(treatmentPlans)
    .where(
      and(
        eq(treatmentPlans.hospitalId, hospitalId),
        eq(treatmentPlans.isClientMonitoringPlan, true),
        eq(treatmentPlans.isDefault, true),
        isNull(treatmentPlans.patientId),
        planFilter(scope),
      ),
    )
    .orderBy(desc(treatmentPlans.id))
    .limit(1);
  return row ?? null;
}

/** Records a patient's assignment to a client monitoring plan (no change when already assigned). */
export async function addPatientToTemplate(tenant: TenantDb, planId: number, patientId: number): Promise<void> {
  const { scope, db: tx } = tenant;
  if (!(await getPlan(tenantDb(scope, tx), planId))) { return; }
  await tx.insert(treatmentPlanPatients).values({ treatmentPlanId: planId, patientUserId: patientId }).onConflictDoNothing();
}

/** Removes a patient's assignment to a client monitoring plan; whether there was one. */
export async function removePatientFromTemplate(tenant: TenantDb, planId: number, patientId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(treatmentPlanPatients)
    .where(
      and(
        eq(treatmentPlanPatients.treatmentPlanId, planId),
        eq(treatmentPlanPatients.patientUserId, patientId),
        inArray(treatmentPlanPatients.treatmentPlanId, visiblePlanIds(tenantDb(scope, db))),
      ),
    )
    .returning({ id: treatmentPlanPatients.treatmentPlanId });
  return rows.length > 0;
}

/** Medical devices by id in the caller's offices, with owner, office and type (to check a plan device's link). */
export async function findMedicalDevices(tenant: TenantDb, ids: number[]) {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  return db
    .select({ id: medicalDevices.id, patientId: medicalDevices.patientId, hospitalId: medicalDevices.hospitalId, deviceType: medicalDevices.deviceType })
    .from(medicalDevices)
    .where(and(inArray(medicalDevices.id, ids), officeFilter(scope, medicalDevices.hospitalId)));
}

/** The catalogue's English and Spanish titles of a device type (the type itself when unknown). */
export function deviceTypeTitles(deviceType: string): { deviceTypeTitle: string; deviceTypeTitleEsp: string } {
  const def = measurementCatalogue[deviceType as DeviceType] as (typeof measurementCatalogue)[DeviceType] | undefined;
  return { deviceTypeTitle: def?.title.en ?? deviceType, deviceTypeTitleEsp: def?.title.es ?? deviceType };
}

/** A plan device as the API answers it (spec "Assigned device" monitoringDetails). */
export function deviceView(d: PlanDeviceRow): TreatmentPlanDevice {
  return {
    id: d.id,
    treatmentPlanDeviceId: d.id,
    treatmentPlanId: d.treatmentPlanId,
    deviceType: d.deviceType,
    ...deviceTypeTitles(d.deviceType),
    medicalDeviceId: d.medicalDeviceId,
    time1: d.time1,
    time2: d.time2,
    time3: d.time3,
    time4: d.time4,
    measurementPeriod: d.measurementPeriod,
    measurementsCount: d.measurementsCount,
  };
}

/**
 * The patients assigned to client monitoring plans `templateIds` whom the caller may see: per plan
 * the most recent 200, each row with the plan's total.
 */
async function findTemplateAssignments(tenant: TenantDb, templateIds: number[]) {
  const { scope, db } = tenant;
  if (templateIds.length === 0) { return []; }
  const ranked = db
    .select({
      treatmentPlanId: treatmentPlanPatients.treatmentPlanId,
      patientUserId: treatmentPlanPatients.patientUserId,
      rn: sql<number>`row_number() over (partition by ${treatmentPlanPatients.treatmentPlanId} order by ${treatmentPlanPatients.createdAt} desc, ${treatmentPlanPatients.patientUserId})`.as(
        'rn',
      ),
      total: sql<number>`count(*) over (partition by ${treatmentPlanPatients.treatmentPlanId})`.as('total'),
    })
    .from(treatmentPlanPatients)
    .where(and(inArray(treatmentPlanPatients.treatmentPlanId, templateIds), userFilter(scope, treatmentPlanPatients.patientUserId)))
    .as('ranked');
  return db
    .select({ treatmentPlanId: ranked.treatmentPlanId, patientUserId: ranked.patientUserId, total: ranked.total })
    .from(ranked)
    .where(lte(ranked.rn, TREATMENT_PLAN_ASSIGNMENTS_LIMIT))
    .orderBy(asc(ranked.treatmentPlanId), asc(ranked.rn));
}

const planRows = compiledOnce('planRows', (db, scope, name) =>
  db
    .select(planColumns)
    .from(treatmentPlans)
    .where(and(sql`${treatmentPlans.id} = any(${sql.placeholder('ids')})`, planFilter(scope)))
    .prepare(name),
);

/** The devices of plans `planIds` of the caller's offices, by id. */
const planDeviceRows = compiledOnce('planDeviceRows', (db, scope, name) =>
  db
    .select()
    .from(treatmentPlanDevices)
    .where(
      and(
        sql`${treatmentPlanDevices.treatmentPlanId} = any(${sql.placeholder('planIds')})`,
        sql`${treatmentPlanDevices.treatmentPlanId} in (select ${treatmentPlans.id} from ${treatmentPlans} where ${officeFilter(scope, treatmentPlans.hospitalId)})`,
      ),
    )
    .orderBy(asc(treatmentPlanDevices.id))
    .prepare(name),
);

/**
 * A plan as the API shows it, from its row, its devices and (a client monitoring plan) its visible
 * assigned patients with their total; a patient plan's one assignment is its patient.
 */
function planView(p: PlanRow, devices: TreatmentPlanDevice[], templateAssignments?: { list: TreatmentPlan['patientAssignments']; total: number }): TreatmentPlan {
  const assigned = p.patientId !== null ? { list: [{ treatmentPlanId: p.id, patientUserId: p.patientId }], total: 1 } : (templateAssignments ?? { list: [], total: 0 });
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    status: p.status,
    patientId: p.patientId,
    hospitalId: p.hospitalId,
    isClientMonitoringPlan: p.isClientMonitoringPlan,
    isDefault: p.isDefault,
    sortOrder: p.sortOrder,
    createdBy: p.createdBy,
    createdAt: p.createdAt.toISOString(),
    devices,
    patientAssignments: assigned.list,
    assignedPatientsCount: assigned.total,
  };
}

/**
 * The plans `ids` as the API shows them (devices; a patient plan's one assignment; a client
 * monitoring plan's visible patients, most recent first, at most 200, with the total), in the
 * order given; ids outside the caller's scope are left out. At most three queries, no N+1.
 */
export async function loadPlanViews(tenant: TenantDb, ids: number[]): Promise<TreatmentPlan[]> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  const plans = await planRows(scope, db, { ids });
  if (plans.length === 0) { return []; }
  const planIds = plans.map((p) => p.id);
  const templateIds = plans.filter((p) => p.patientId === null).map((p) => p.id);
  const [devices, assignments] = await Promise.all([
    planDeviceRows(scope, db, { planIds }),
    findTemplateAssignments(tenantDb(scope, db), templateIds),
  ]);
  const devicesOf = new Map<number, TreatmentPlanDevice[]>();
  for (const d of devices) { devicesOf.set(d.treatmentPlanId, [...(devicesOf.get(d.treatmentPlanId) ?? []), deviceView(d)]); }
  const assignmentsOf = new Map<number, { list: TreatmentPlan['patientAssignments']; total: number }>();
  for (const a of assignments) {
    const entry = assignmentsOf.get(a.treatmentPlanId) ?? { list: [], total: Number(a.total) };
    entry.list.push({ treatmentPlanId: a.treatmentPlanId, patientUserId: a.patientUserId });
    assignmentsOf.set(a.treatmentPlanId, entry);
  }
  const byId = new Map(plans.map((p): [number, TreatmentPlan] => [p.id, planView(p, devicesOf.get(p.id) ?? [], assignmentsOf.get(p.id))]));
  return ids.map((id) => byId.get(id)).filter((p): p is TreatmentPlan => p !== undefined);
}

/**
 * One batch of active patient plans in the caller's scope with their devices and the office's time
 * zone, by plan id after `afterPlanId` (keyset paging for the scheduled jobs), at most `limit`.
 */
export async function findActivePlansWithDevices(tenant: TenantDb, afterPlanId: number, limit: number) {
  const { scope, db } = tenant;
  const plans = await db
    .select({ id: treatmentPlans.id, patientId: treatmentPlans.patientId, hospitalId: treatmentPlans.hospitalId, createdAt: treatmentPlans.createdAt, timeZone: hospitals.timeZone })
    .from(treatmentPlans)
    .innerJoin(hospitals, eq(hospitals.id, treatmentPlans.hospitalId))
    .where(and(eq(treatmentPlans.status, TreatmentPlanStatus.ACTIVE), gt(treatmentPlans.id, afterPlanId), sql`${treatmentPlans.patientId} is not null`, planFilter(scope)))
    .orderBy(asc(treatmentPlans.id))
    .limit(limit);
  if (plans.length === 0) { return []; }
  const devices = await db
    .select()
    .from(treatmentPlanDevices)
    .where(inArray(treatmentPlanDevices.treatmentPlanId, plans.map((p) => p.id)))
    .orderBy(asc(treatmentPlanDevices.id));
  const devicesOf = new Map<number, PlanDeviceRow[]>();
  for (const d of devices) { devicesOf.set(d.treatmentPlanId, [...(devicesOf.get(d.treatmentPlanId) ?? []), d]); }
  return plans.map((p) => ({ ...p, patientId: p.patientId!, devices: devicesOf.get(p.id) ?? [] }));
}
