import type {
  MessageKey,
  TreatmentPlan,
  TreatmentPlanAssignment,
  TreatmentPlanDevice,
  TreatmentPlanDeviceValues,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { getOfficeInScope, getVisiblePatient } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import * as repo from './treatment-plans.repo';
import { localDayOf, type ScheduledDevice } from './schedule';
import { tenantDb } from '../../db/handles';

/** Most plans a patient's list returns. */
const PATIENT_PLANS_LIMIT = 100;
/** Most client monitoring plans an office's list returns. */
const OFFICE_TEMPLATES_LIMIT = 100;

/** Who a plan's devices belong to: a patient in an office, or an office template (patientId null). */
interface PlanOwner {
  patientId: number | null;
  hospitalId: number;
}

const fieldError = (key: MessageKey, field: string) => AppError.badRequest(key, { [field]: key });
const path = (prefix: string, field: string) => (prefix ? `${prefix}.${field}` : field);

/**
 * Checks devices about to be stored on a plan of `owner`: one entry per device type (400
 * `duplicatePlanDeviceType` on `<prefix>.<i>.deviceType`), and a linked `medicalDeviceId` must be
 * a device of the same patient, office and type: 404 when it is not a device of the caller's
 * offices, 400 "Invalid id" on `<prefix>.<i>.medicalDeviceId` when it is another patient's, office's
 * or type's (templates take no linked device: 400).
 */
async function checkDevices(scope: Scope, db: Executor, devices: readonly TreatmentPlanDeviceValues[], owner: PlanOwner, prefix: string): Promise<void> {
  const seen = new Set<string>();
  devices.forEach((d, i) => {
    if (seen.has(d.deviceType)) { throw fieldError('duplicatePlanDeviceType', path(prefix, `${i}.deviceType`)); }
    seen.add(d.deviceType);
  });
  await checkLinkedDevices(scope, db, devices, owner, (i) => path(prefix, `${i}.medicalDeviceId`));
}

async function checkLinkedDevices(
  scope: Scope,
  db: Executor,
  devices: readonly TreatmentPlanDeviceValues[],
  owner: PlanOwner,
  fieldOf: (index: number) => string,
): Promise<void> {
  const linked = devices.flatMap((d, i) => (d.medicalDeviceId ? [{ i, id: d.medicalDeviceId, deviceType: d.deviceType }] : []));
  if (linked.length === 0) { return; }
  const rows = owner.patientId === null ? [] : await repo.findMedicalDevices(tenantDb(scope, db), linked.map((l) => l.id));
  for (const l of linked) {
    const row = rows.find((r) => r.id === l.id);
    // A device outside the caller's offices (or none) reads as not found (docs/first-day.md).
    if (!row && owner.patientId !== null) { throw AppError.notFound(); }
    if (!row || row.patientId !== owner.patientId || row.hospitalId !== owner.hospitalId || row.deviceType !== l.deviceType) {
      throw fieldError('invalidId', fieldOf(l.i));
    }
  }
}

/** Plain values of a stored plan device, to copy it. */
const copyOf = (d: repo.PlanDeviceRow, keepLink: boolean): TreatmentPlanDeviceValues => ({
  deviceType: d.deviceType as TreatmentPlanDeviceValues['deviceType'],
  medicalDeviceId: keepLink ? d.medicalDeviceId : null,
  time1: d.time1,
  time2: d.time2,
  time3: d.time3,
  time4: d.time4,
  measurementPeriod: d.measurementPeriod as TreatmentPlanDeviceValues['measurementPeriod'],
  measurementsCount: d.measurementsCount,
});

async function viewOf(scope: Scope, db: Executor, planId: number): Promise<TreatmentPlan> {
  const [view] = await repo.loadPlanViews(tenantDb(scope, db), [planId]);
  if (!view) { throw AppError.notFound(); }
  return view;
}

async function visiblePlan(scope: Scope, db: Executor, planId: number): Promise<repo.PlanRow> {
  const plan = await repo.getPlan(tenantDb(scope, db), planId);
  if (!plan) { throw AppError.notFound(); }
  return plan;
}

async function visiblePatient(scope: Scope, db: Executor, patientId: number): Promise<void> {
  if (!(await getVisiblePatient(tenantDb(scope, db), patientId))) { throw AppError.notFound(); }
}

/**
 * Inside an open transaction: a patient's new plan, active (status 1) and first (sortOrder 0),
 * with its devices; every other plan of the patient becomes inactive (status 0) and moves one place
 * down (spec section 4). Serialised per patient, so concurrent calls leave one active plan.
 */
async function insertActivePatientPlan(
  scope: Scope,
  tx: Executor,
  values: { patientId: number; hospitalId: number; title: string; description: string; devices: readonly TreatmentPlanDeviceValues[] },
): Promise<number> {
  await repo.lockPatientPlans(tx, values.patientId);
  const planId = await repo.insertPlan(tenantDb(scope, tx), {
    patientId: values.patientId,
    hospitalId: values.hospitalId,
    title: values.title,
    description: values.description,
    isClientMonitoringPlan: false,
    isDefault: false,
  });
  await repo.demoteOtherPlansOfPatient(tenantDb(scope, tx), values.patientId, planId);
  await repo.insertDevices(tenantDb(scope, tx), planId, values.devices);
  return planId;
}

/** Inside an open transaction: an office's client monitoring plan; `isDefault` clears the office's other default. */
async function insertTemplate(
  scope: Scope,
  tx: Executor,
  values: { hospitalId: number; title: string; description: string; isDefault: boolean; devices: readonly TreatmentPlanDeviceValues[] },
): Promise<number> {
  await repo.lockOfficeTemplates(tx, values.hospitalId);
  const planId = await repo.insertPlan(tenantDb(scope, tx), {
    patientId: null,
    hospitalId: values.hospitalId,
    title: values.title,
    description: values.description,
    isClientMonitoringPlan: true,
    isDefault: values.isDefault,
  });
  if (values.isDefault) { await repo.clearDefaultTemplates(tenantDb(scope, tx), values.hospitalId, planId); }
  await repo.insertDevices(tenantDb(scope, tx), planId, values.devices);
  return planId;
}

/**
 * `POST treatmentplan`: a patient's new plan in an office. It becomes the active plan, placed
 * first; the patient's other plans get status 0 (spec section 4), in one transaction. 404 when the
 * office or the patient is not the caller's; 400 `patientId` "Invalid id" when the patient is not
 * assigned to the office; 400 on a repeated device type or a linked device that is not the
 * patient's.
 */
export async function createPlan(
  ctx: AppContext,
  scope: Scope,
  body: { patientId: number; hospitalId: number; title: string; description: string; devices: TreatmentPlanDeviceValues[] },
): Promise<TreatmentPlan> {
  const db = ctx.db;
  if (!(await getOfficeInScope(tenantDb(scope, db), body.hospitalId))) { throw AppError.notFound(); }
  await visiblePatient(scope, db, body.patientId);
  if (!(await repo.isPatientInOffice(tenantDb(scope, db), body.patientId, body.hospitalId))) { throw fieldError('invalidId', 'patientId'); }
  await checkDevices(scope, db, body.devices, body, 'devices');
  const planId = await db.transaction((tx) => insertActivePatientPlan(scope, tx, body));
  return viewOf(scope, db, planId);
}

/**
 * `PUT treatmentplan/{id}`: title and description; `devices`, when given, becomes the plan's device
 * list (a device type already on the plan keeps its plan device id; types left out are removed);
 * `isDefault` true makes a client monitoring plan the office's only default (400 `isDefault` on a
 * patient's plan). The plan's status and place are unchanged. 404 outside the caller's scope.
 */
export async function updatePlan(
  ctx: AppContext,
  scope: Scope,
  planId: number,
  body: { title: string; description: string; devices?: TreatmentPlanDeviceValues[]; isDefault?: boolean },
): Promise<TreatmentPlan> {
  const db = ctx.db;
  const plan = await visiblePlan(scope, db, planId);
  if (body.isDefault === true && !plan.isClientMonitoringPlan) { throw fieldError('regex', 'isDefault'); }
  if (body.devices) { await checkDevices(scope, db, body.devices, plan, 'devices'); }
  await db.transaction(async (tx) => {
    if (body.isDefault === true) {
      await repo.lockOfficeTemplates(tx, plan.hospitalId);
      await repo.clearDefaultTemplates(tenantDb(scope, tx), plan.hospitalId, plan.id);
    }
    await repo.updatePlanFields(tenantDb(scope, tx), plan.id, {
      title: body.title,
      description: body.description,
      ...(plan.isClientMonitoringPlan && body.isDefault !== undefined ? { isDefault: body.isDefault } : {}),
    });
    if (body.devices) {
      const current = await repo.findDevices(tenantDb(scope, tx), plan.id);
      const byType = new Map(current.map((d) => [d.deviceType, d]));
      const added: TreatmentPlanDeviceValues[] = [];
      for (const device of body.devices) {
        const existing = byType.get(device.deviceType);
        if (existing) { await repo.updatePlanDevice(tenantDb(scope, tx), existing.id, device); }
        else { added.push(device); }
      }
      const kept = new Set<string>(body.devices.map((d) => d.deviceType));
      await repo.deletePlanDevices(tenantDb(scope, tx), current.filter((d) => !kept.has(d.deviceType)).map((d) => d.id));
      await repo.insertDevices(tenantDb(scope, tx), plan.id, added);
    }
  });
  return viewOf(scope, db, plan.id);
}

/**
 * `DELETE treatmentplan/{id}`: deletes a plan with its devices and assignments. Deleting the
 * active plan is allowed (chosen): the patient is then without an active plan, and older plans stay
 * inactive; duplicating one makes it active again. 404 outside the caller's scope.
 */
export async function deletePlan(ctx: AppContext, scope: Scope, planId: number): Promise<{ id: number }> {
  if (!(await repo.deletePlan(tenantDb(scope, ctx.db), planId))) { throw AppError.notFound(); }
  return { id: planId };
}

/** `GET treatmentplan/treatmentplan/{id}`: one plan; 404 outside the caller's scope (a patient: not their own). */
export async function getPlan(ctx: AppContext, scope: Scope, planId: number): Promise<TreatmentPlan> {
  return viewOf(scope, ctx.db, planId);
}

/**
 * `GET treatmentplan/gettreatmentplansforpatient`: the patient's plans in the caller's offices,
 * sortOrder 0 (the newest, normally the active one) first, at most 100. 404 when the patient is not
 * visible (a patient caller: anyone but themselves).
 */
export async function findPlansForPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<TreatmentPlan[]> {
  await visiblePatient(scope, ctx.db, patientId);
  return repo.loadPlanViews(tenantDb(scope, ctx.db), await repo.findPlanIdsOfPatient(tenantDb(scope, ctx.db), patientId, PATIENT_PLANS_LIMIT));
}

/** `GET treatmentplan/getactivetreatmentplanforpatient`: the patient's active plan (status 1) or null; 404 when the patient is not visible. */
export async function getActivePlanForPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<TreatmentPlan | null> {
  const plan = await repo.findVisiblePatientActivePlan(tenantDb(scope, ctx.db), patientId);
  if (plan === undefined) { throw AppError.notFound(); }
  return plan;
}

/**
 * `POST treatmentplan/assigndevice`: adds a device type with its schedule to a plan. 404 when the
 * plan is not the caller's; 409 `duplicatePlanDeviceType` when the plan has that type already;
 * 400 `medicalDeviceId` when the linked device is not the patient's device of that type.
 */
export async function assignDevice(ctx: AppContext, scope: Scope, body: TreatmentPlanDeviceValues & { treatmentPlanId: number }): Promise<TreatmentPlanDevice> {
  const db = ctx.db;
  const plan = await visiblePlan(scope, db, body.treatmentPlanId);
  const { treatmentPlanId: _planId, ...device } = body;
  await checkLinkedDevices(scope, db, [device], plan, () => 'medicalDeviceId');
  const id = await db.transaction(async (tx) => {
    if (plan.patientId !== null) { await repo.lockPatientPlans(tx, plan.patientId); }
    else { await repo.lockOfficeTemplates(tx, plan.hospitalId); }
    const current = await repo.findDevices(tenantDb(scope, tx), plan.id);
    if (current.some((d) => d.deviceType === device.deviceType)) { throw new AppError('conflict', 'duplicatePlanDeviceType'); }
    const [inserted] = await repo.insertDevices(tenantDb(scope, tx), plan.id, [device]);
    return inserted!;
  });
  const stored = await repo.getPlanDevice(tenantDb(scope, db), id);
  if (!stored) { throw AppError.notFound(); }
  return repo.deviceView(stored.device);
}

/** `DELETE treatmentplan/deassigndevice`: removes a device from its plan; 404 outside the caller's scope. */
export async function deassignDevice(ctx: AppContext, scope: Scope, planDeviceId: number): Promise<{ id: number; treatmentPlanId: number }> {
  const found = await repo.getPlanDevice(tenantDb(scope, ctx.db), planDeviceId);
  if (!found) { throw AppError.notFound(); }
  await repo.deletePlanDevices(tenantDb(scope, ctx.db), [planDeviceId]);
  return { id: planDeviceId, treatmentPlanId: found.device.treatmentPlanId };
}

/**
 * `PUT treatmentplan/updatetreatmanplandevice`: a plan device's new schedule; `deviceType` (409
 * when the plan has that type on another device) and `medicalDeviceId` (null unlinks) when given.
 * Changing the type without naming a device unlinks the old one. 404 outside the caller's scope.
 */
export async function updatePlanDevice(
  ctx: AppContext,
  scope: Scope,
  body: Omit<TreatmentPlanDeviceValues, 'deviceType'> & { treatmentPlanDeviceId: number; deviceType?: TreatmentPlanDeviceValues['deviceType'] },
): Promise<TreatmentPlanDevice> {
  const db = ctx.db;
  const found = await repo.getPlanDevice(tenantDb(scope, db), body.treatmentPlanDeviceId);
  if (!found) { throw AppError.notFound(); }
  const { device, plan } = found;
  const deviceType = body.deviceType ?? (device.deviceType as TreatmentPlanDeviceValues['deviceType']);
  const typeChanged = deviceType !== device.deviceType;
  const medicalDeviceId = body.medicalDeviceId !== undefined ? body.medicalDeviceId : typeChanged ? null : device.medicalDeviceId;
  const values: TreatmentPlanDeviceValues = {
    deviceType,
    medicalDeviceId,
    time1: body.time1,
    time2: body.time2,
    time3: body.time3,
    time4: body.time4,
    measurementPeriod: body.measurementPeriod,
    measurementsCount: body.measurementsCount,
  };
  if (body.medicalDeviceId !== undefined) { await checkLinkedDevices(scope, db, [values], plan, () => 'medicalDeviceId'); }
  if (typeChanged) {
    const others = await repo.findDevices(tenantDb(scope, db), plan.id);
    if (others.some((d) => d.id !== device.id && d.deviceType === deviceType)) { throw new AppError('conflict', 'duplicatePlanDeviceType'); }
  }
  await repo.updatePlanDevice(tenantDb(scope, db), device.id, values);
  const stored = await repo.getPlanDevice(tenantDb(scope, db), device.id);
  if (!stored) { throw AppError.notFound(); }
  return repo.deviceView(stored.device);
}

/** `PUT treatmentplan/updatetitledescription`: a plan's title and description; 404 outside the caller's scope. */
export async function updateTitleDescription(
  ctx: AppContext,
  scope: Scope,
  body: { treatmentPlanId: number; title: string; description: string },
): Promise<TreatmentPlan> {
  const plan = await visiblePlan(scope, ctx.db, body.treatmentPlanId);
  await repo.updatePlanFields(tenantDb(scope, ctx.db), plan.id, { title: body.title, description: body.description });
  return viewOf(scope, ctx.db, plan.id);
}

/**
 * `GET treatmentplan/duplicatetreatmentplan`: copies a plan with its devices (same title,
 * description, office and schedules). A patient's copy becomes their active plan, placed first,
 * the others status 0 (the same rule as a new plan); a client monitoring plan's copy is a new
 * template that is not the default and has no patients. 404 outside the caller's scope.
 */
export async function duplicatePlan(ctx: AppContext, scope: Scope, planId: number): Promise<TreatmentPlan> {
  const db = ctx.db;
  const plan = await visiblePlan(scope, db, planId);
  const newId = await db.transaction(async (tx) => {
    const devices = await repo.findDevices(tenantDb(scope, tx), plan.id);
    const values = { hospitalId: plan.hospitalId, title: plan.title, description: plan.description };
    if (plan.patientId !== null) {
      return insertActivePatientPlan(scope, tx, { ...values, patientId: plan.patientId, devices: devices.map((d) => copyOf(d, true)) });
    }
    return insertTemplate(scope, tx, { ...values, isDefault: false, devices: devices.map((d) => copyOf(d, false)) });
  });
  return viewOf(scope, db, newId);
}

/**
 * `GET treatmentplan/relatedclientmonitoringplans`: the office's client monitoring plans with
 * devices, assigned patients and their count; the default first, then by title; at most 100.
 * 404 when the office is not the caller's; a patient caller gets an empty list.
 */
export async function findClientMonitoringPlans(ctx: AppContext, scope: Scope, hospitalId: number): Promise<TreatmentPlan[]> {
  if (!(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  return repo.loadPlanViews(tenantDb(scope, ctx.db), await repo.findTemplateIdsOfOffice(tenantDb(scope, ctx.db), hospitalId, OFFICE_TEMPLATES_LIMIT));
}

/**
 * `POST treatmentplan/createclientmonitoringplan`: an office's template (no patient). With
 * `isDefault` it becomes the office's only default (the previous default is cleared in the same
 * transaction). 404 when the office is not the caller's; 400 on a repeated device type or a linked
 * device (templates take none).
 */
export async function createClientMonitoringPlan(
  ctx: AppContext,
  scope: Scope,
  body: { hospitalId: number; title: string; description: string; isDefault: boolean; devices: TreatmentPlanDeviceValues[] },
): Promise<TreatmentPlan> {
  const db = ctx.db;
  if (!(await getOfficeInScope(tenantDb(scope, db), body.hospitalId))) { throw AppError.notFound(); }
  await checkDevices(scope, db, body.devices, { patientId: null, hospitalId: body.hospitalId }, 'devices');
  const planId = await db.transaction((tx) => insertTemplate(scope, tx, body));
  return viewOf(scope, db, planId);
}

/**
 * `DELETE treatmentplan/deassignpatientfromclientmonitoringplan`: removes a patient from a client
 * monitoring plan. The patient's own plan copied from it stays as it is. 404 when the plan is not a
 * client monitoring plan of the caller's, the patient is not visible, or not assigned to it.
 */
export async function deassignPatientFromClientMonitoringPlan(
  ctx: AppContext,
  scope: Scope,
  body: { treatmentPlanId: number; patientUserId: number },
): Promise<TreatmentPlanAssignment> {
  const db = ctx.db;
  const plan = await visiblePlan(scope, db, body.treatmentPlanId);
  if (!plan.isClientMonitoringPlan) { throw AppError.notFound(); }
  await visiblePatient(scope, db, body.patientUserId);
  if (!(await repo.removePatientFromTemplate(tenantDb(scope, db), plan.id, body.patientUserId))) { throw AppError.notFound(); }
  return { treatmentPlanId: plan.id, patientUserId: body.patientUserId };
}

/**
 * `POST treatmentplan/assignpatienttodefaultclientmonitoringplan`: assigns the patient to the
 * office's default client monitoring plan and, in the same transaction, gives the patient an
 * active plan copied from it (title, description, devices and schedules; placed first, other plans
 * status 0). Each call makes a new copy. Answers the patient's new plan. 404 when the office or the
 * patient is not the caller's; 400 `patientUserId` "Invalid id" when the patient is not assigned to
 * the office; 400 `noDefaultMonitoringPlan` when the office has no default.
 */
export async function assignPatientToDefaultClientMonitoringPlan(
  ctx: AppContext,
  scope: Scope,
  body: { patientUserId: number; hospitalId: number },
): Promise<TreatmentPlan> {
  const db = ctx.db;
  if (!(await getOfficeInScope(tenantDb(scope, db), body.hospitalId))) { throw AppError.notFound(); }
  await visiblePatient(scope, db, body.patientUserId);
  if (!(await repo.isPatientInOffice(tenantDb(scope, db), body.patientUserId, body.hospitalId))) { throw fieldError('invalidId', 'patientUserId'); }
  const planId = await db.transaction(async (tx) => {
    await repo.lockOfficeTemplates(tx, body.hospitalId);
    const template = await repo.getDefaultTemplate(tenantDb(scope, tx), body.hospitalId);
    if (!template) { throw fieldError('noDefaultMonitoringPlan', 'hospitalId'); }
    const devices = await repo.findDevices(tenantDb(scope, tx), template.id);
    await repo.addPatientToTemplate(tenantDb(scope, tx), template.id, body.patientUserId);
    return insertActivePatientPlan(scope, tx, {
      patientId: body.patientUserId,
      hospitalId: body.hospitalId,
      title: template.title,
      description: template.description,
      devices: devices.map((d) => copyOf(d, false)),
    });
  });
  return viewOf(scope, db, planId);
}

/** An active patient plan ready for `expectedMeasurementTimes` (see schedule.ts). */
export interface ActivePlanSchedule {
  treatmentPlanId: number;
  patientId: number;
  hospitalId: number;
  /** The office's IANA time zone. */
  timeZone: string;
  /** The plan's creation day in that zone ('YYYY-MM-DD'): pass as `periodStart`. */
  periodStart: string;
  devices: ScheduledDevice[];
}

/**
 * For the scheduled jobs (missed-measurement, reminder): one batch of active patient plans in
 * `scope` (a system job passes a system admin scope) with their devices, office time zone and
 * start day, by plan id after `afterPlanId`; at most `limit` (1-1000) per call. Call again with the
 * last `treatmentPlanId` until an empty batch. Throws RangeError if an office's stored time zone
 * is unknown (the offices API accepts IANA zones only).
 */
export async function findActivePlanSchedules(ctx: AppContext, scope: Scope, afterPlanId = 0, limit = 500): Promise<ActivePlanSchedule[]> {
  const rows = await repo.findActivePlansWithDevices(tenantDb(scope, ctx.db), afterPlanId, Math.min(Math.max(Math.trunc(limit), 1), 1000));
  return rows.map((p) => ({
    treatmentPlanId: p.id,
    patientId: p.patientId,
    hospitalId: p.hospitalId,
    timeZone: p.timeZone,
    periodStart: localDayOf(p.createdAt, p.timeZone),
    devices: p.devices,
  }));
}
