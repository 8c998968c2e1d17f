import {
  PRESENCE_CURRENT_LIMIT,
  PRESENCE_PATIENT_LIMIT,
  type CreatePatientPresenceBody,
  type OfficePresence,
  type PatientPresence,
  type PresencePageQuery,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { getOfficeInScope, getVisiblePatient } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import * as repo from './presence.repo';
import { officeForPatient } from './time-tracking.service';
import { tenantDb } from '../../db/handles';

/**
 * Patient presence (spec section 5 "The location a patient is leaving to is
 * mandatory when marking the patient out of facility", section 8 "Patient presence delete returns
 * the error object instead of failing"). A stay out of facility is open while the patient is out;
 * marking the patient back closes it and keeps it as history.
 */

/** Clock skew tolerated on a client-sent departure time. */
const FUTURE_TOLERANCE_MS = 60_000;

async function stayView(scope: Scope, db: Executor, id: number): Promise<PatientPresence> {
  const [view] = await repo.loadStayViews(tenantDb(scope, db), [id]);
  if (!view) { throw AppError.notFound(); }
  return view;
}

/**
 * `POST patientpresence`: marks a patient out of facility in office `hospitalId` (default: the
 * patient's first office among the caller's) with the mandatory `leavingTo` (400 "This field is
 * required" from the contract) since `startedAt` (default now; 400 "The date cannot be in the
 * future"). 404 for a patient or office out of scope; 400 `hospitalId` "Invalid id" when the
 * patient is not assigned there; 409 "The patient is already marked out of facility" while a stay
 * in that office is open.
 */
export async function createPresence(ctx: AppContext, scope: Scope, body: CreatePatientPresenceBody, now: Date = new Date()): Promise<PatientPresence> {
  const startedAt = body.startedAt ? new Date(body.startedAt) : now;
  if (startedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) { throw AppError.badRequest('futureDate', { startedAt: 'futureDate' }); }
  const id = await ctx.db.transaction(async (tx) => {
    await repo.lockPatientPresence(tx, body.patientId);
    if (!(await getVisiblePatient(tenantDb(scope, tx), body.patientId))) { throw AppError.notFound(); }
    const office = await officeForPatient(scope, tx, body.patientId, body.hospitalId, 'invalidId');
    if (await repo.findOpenStay(tenantDb(scope, tx), body.patientId, office.id)) { throw AppError.conflict('patientAlreadyOut'); }
    return repo.insertStay(tenantDb(scope, tx), { patientId: body.patientId, hospitalId: office.id, leavingTo: body.leavingTo, startedAt, createdBy: scope.userId });
  });
  return stayView(scope, ctx.db, id);
}

/**
 * `DELETE patientpresence/{id}`: marks the patient back in the facility (the stay ends now and
 * stays in the history). Failures answer their status with the error envelope, which the web
 * returns to its caller (spec section 8): 404 "Invalid id" for a stay out of scope, 409 "The
 * patient is already back in the facility" for a closed stay.
 */
export async function endPresence(ctx: AppContext, scope: Scope, id: number, now: Date = new Date()): Promise<PatientPresence> {
  const stay = await repo.getStay(tenantDb(scope, ctx.db), id);
  if (!stay) { throw AppError.notFound(); }
  if (stay.endedAt !== null || !(await repo.endStay(tenantDb(scope, ctx.db), id, now))) { throw AppError.conflict('patientAlreadyBack'); }
  return stayView(scope, ctx.db, id);
}

/**
 * `GET patientpresence/getpatientpresenceforhospital`: the office's patients out of facility now
 * (latest departure first, at most 500) and a page of its past stays. 404 for an office out of scope.
 */
export async function findPresenceForOffice(ctx: AppContext, scope: Scope, hospitalId: number, query: PresencePageQuery): Promise<OfficePresence> {
  if (!(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  const currentIds = await repo.findOpenStayIds(tenantDb(scope, ctx.db), hospitalId, PRESENCE_CURRENT_LIMIT);
  const page = await repo.findPastStayIdsPage(tenantDb(scope, ctx.db), hospitalId, query);
  return {
    current: await repo.loadStayViews(tenantDb(scope, ctx.db), currentIds),
    history: { items: await repo.loadStayViews(tenantDb(scope, ctx.db), page.ids), total: page.total, page: query.page, pageSize: query.pageSize },
  };
}

/**
 * `GET patientpresence/getpatientpresencebypatientid`: the patient's stays in the caller's offices
 * (of `hospitalId` when given), the open one first, then the latest, at most 200. 404 for a
 * patient or office out of scope.
 */
export async function findPresenceForPatient(ctx: AppContext, scope: Scope, patientId: number, hospitalId?: number): Promise<PatientPresence[]> {
  if (!(await getVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound(); }
  if (hospitalId !== undefined && !(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  const ids = await repo.findStayIdsOfPatient(tenantDb(scope, ctx.db), patientId, hospitalId, PRESENCE_PATIENT_LIMIT);
  return repo.loadStayViews(tenantDb(scope, ctx.db), ids);
}
