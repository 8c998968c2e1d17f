import type { DuplicateWarning, MedicationFrequency, MessageKey, Prescription, PrescriptionCreateBody, PrescriptionListQuery, PrescriptionStatus, PrescriptionUpdateBody } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { allUsersVisible, getOfficeInScope, getVisiblePatient } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import * as products from './drug-products.repo';
import { sharedMoieties } from './ingredients';
import * as repo from './prescriptions.repo';
import { catalogueDb, tenantDb } from '../../db/handles';

/**
 * Prescriptions: a patient's medication list (portal-spec.md section 7 "Diagnosis and
 * prescriptions"; docs/prescriptions.md). A prescription names a drug product, a dose, a frequency
 * (section 9 "Medication frequencies"), a route of the product, start and end dates (end not before
 * start; none: ongoing), the prescriber (an active doctor of the patient's office) and a status.
 * Errors are the spec's (section 8): 404 "Error getting prescription info", "Error getting
 * prescriptions", "Error deleting prescription", "Error updating prescription", "Error adding
 * prescription" for what is out of the caller's scope; a form mistake found here answers 400 with
 * the same message and the field's own message. A second ACTIVE prescription of the same active
 * ingredient is allowed and answered with `duplicateWarning` (docs/prescriptions.md).
 */

/** The product's name as the medication list shows it: "Glucophage (metformin hydrochloride) 500 mg tablet, film coated". */
export function medicationNameOf(product: Pick<products.DrugProductRow, 'brandName' | 'genericName' | 'activeIngredients' | 'dosageForm'>): string {
  const generic = product.genericName;
  const name = product.brandName && product.brandName.toLowerCase() !== generic.toLowerCase() ? `${product.brandName} (${generic})` : generic || product.brandName;
  const strengths = product.activeIngredients
    .map((i) => i.strength.replace(/\/1$/, ''))
    .filter(Boolean)
    .join(' / ');
  return [name, strengths, product.dosageForm.toLowerCase()].filter(Boolean).join(' ').slice(0, 500);
}

function view(row: repo.PrescriptionRow, duplicateWarning: DuplicateWarning | null): Prescription {
  return {
    id: row.id,
    patientId: row.patientId,
    hospitalId: row.hospitalId,
    drugProductId: row.drugProductId,
    medicationName: row.medicationName,
    productNdc: row.productNdc,
    rxcui: row.rxcui,
    activeIngredients: row.activeIngredients,
    dose: row.dose,
    frequency: row.frequency as MedicationFrequency | null,
    route: row.route,
    startDate: row.startDate,
    endDate: row.endDate,
    prescriberId: row.prescriberId,
    prescriberName: row.prescriberName || row.prescriberText,
    status: row.status as PrescriptionStatus,
    instructions: row.instructions,
    source: row.source,
    duplicateWarning,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The warning for `row` from the other active prescriptions of its patient (`others`), or null. */
function warningFor(row: { id: number; status: string; ingredientKeys: string[] }, others: { id: number; medicationName: string; ingredientKeys: string[] }[]): DuplicateWarning | null {
  if (row.status !== 'ACTIVE') { return null; }
  const ingredients = new Set<string>();
  const sharing: { id: number; medicationName: string }[] = [];
  for (const o of others) {
    if (o.id === row.id) { continue; }
    const shared = sharedMoieties(row.ingredientKeys, o.ingredientKeys);
    if (shared.length === 0) { continue; }
    shared.forEach((s) => ingredients.add(s));
    sharing.push({ id: o.id, medicationName: o.medicationName });
  }
  return sharing.length === 0 ? null : { ingredients: [...ingredients].sort(), prescriptions: sharing };
}

async function answer(scope: Scope, db: Executor, id: number, missing: MessageKey): Promise<Prescription> {
  const row = await repo.getPrescription(tenantDb(scope, db), id);
  if (!row) { throw AppError.notFound(missing); }
  const others = row.status === 'ACTIVE' ? await repo.findActiveSharing(tenantDb(scope, db), row.patientId, row.ingredientKeys, row.id) : [];
  return view(row, warningFor(row, others));
}

/** `GET patientprescription/{id}`. 404 "Error getting prescription info" out of scope. */
export function getPrescription(ctx: AppContext, scope: Scope, id: number): Promise<Prescription> {
  return answer(scope, ctx.db, id, 'prescriptionInfoError');
}

/**
 * `GET patientprescription/getprescriptionlistforpatient`: a page of the patient's prescriptions
 * (`filter` active: ACTIVE only; all) with each active one's duplicate warning. 404 "Error getting
 * prescriptions" for a patient out of scope.
 */
export async function findPrescriptionsOfPatient(
  ctx: AppContext,
  scope: Scope,
  patientId: number,
  q: PrescriptionListQuery,
): Promise<{ items: Prescription[]; total: number; page: number; pageSize: number }> {
  if (!(await getVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound('prescriptionsError'); }
  const { rows, total } = await repo.findPrescriptionsOfPatient(tenantDb(scope, ctx.db), patientId, q);
  const active = rows.some((r) => r.status === 'ACTIVE') ? await repo.findActiveIngredientKeys(tenantDb(scope, ctx.db), patientId) : [];
  return { items: rows.map((r) => view(r, warningFor(r, active))), total, page: q.page, pageSize: q.pageSize };
}

/**
 * Checks the form against the database (inside the write's transaction): the product exists and is
 * finished, the route is one of its routes, the prescriber an active doctor of the office. Answers
 * the columns to store. 400 `key` with the field's message otherwise.
 */
async function checkedValues(scope: Scope, tx: Executor, body: PrescriptionUpdateBody, hospitalId: number, key: MessageKey) {
  const product = await products.getDrugProduct(catalogueDb(tx), body.drugProductId);
  if (!product || !product.finished) { throw AppError.badRequest(key, { drugProductId: 'invalidId' }); }
  const route = product.routes.find((r) => r.toLowerCase() === body.route.toLowerCase());
  if (product.routes.length > 0 && !route) { throw AppError.badRequest(key, { route: 'routeNotOfProduct' }); }
  if (!(await repo.isActiveDoctorOfOffice(tenantDb(scope, tx), body.prescriberId, hospitalId))) {
    // A prescriber the caller does not see (none, or another tenant's) reads as not found (docs/first-day.md).
    if (!(await allUsersVisible(tenantDb(scope, tx), [body.prescriberId]))) { throw AppError.notFound(); }
    throw AppError.badRequest(key, { prescriberId: 'prescriberNotDoctor' });
  }
  return {
    drugProductId: product.id,
    medicationName: medicationNameOf(product),
    productNdc: product.productNdc,
    rxcui: product.rxcui,
    activeIngredients: product.activeIngredients,
    ingredientKeys: product.ingredientKeys,
    dose: body.dose,
    frequency: body.frequency,
    route: route ?? body.route,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    prescriberId: body.prescriberId,
    prescriberText: '',
    status: body.status,
    instructions: body.instructions ?? '',
  };
}

/**
 * `POST patientprescription`: a prescription for a patient in one of the patient's offices
 * (`hospitalId`, default the first of the caller's). 404 "Error adding prescription" for a patient
 * or office out of scope; 400 "Error adding prescription" with `hospitalId` (the patient is not
 * assigned there), `drugProductId`, `route` or `prescriberId`.
 */
export async function createPrescription(ctx: AppContext, scope: Scope, body: PrescriptionCreateBody): Promise<Prescription> {
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await getVisiblePatient(tenantDb(scope, tx), body.patientId))) { throw AppError.notFound('prescriptionAddError'); }
    const offices = await repo.findPatientOfficeIds(tenantDb(scope, tx), body.patientId);
    let hospitalId = offices[0];
    if (body.hospitalId !== undefined) {
      if (!(await getOfficeInScope(tenantDb(scope, tx), body.hospitalId))) { throw AppError.notFound('prescriptionAddError'); }
      if (!offices.includes(body.hospitalId)) { throw AppError.badRequest('prescriptionAddError', { hospitalId: 'invalidId' }); }
      hospitalId = body.hospitalId;
    }
    if (hospitalId === undefined) { throw AppError.notFound('prescriptionAddError'); }
    const values = await checkedValues(scope, tx, body, hospitalId, 'prescriptionAddError');
    return repo.insertPrescription(tenantDb(scope, tx), { ...values, patientId: body.patientId, hospitalId, source: 'manual', createdBy: scope.userId });
  });
  return answer(scope, ctx.db, id, 'prescriptionAddError');
}

/** `PUT patientprescription/{id}`: replaces the form's fields. 404 "Error updating prescription" out of scope; 400 as for adding. */
export async function updatePrescription(ctx: AppContext, scope: Scope, id: number, body: PrescriptionUpdateBody): Promise<Prescription> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.getPrescription(tenantDb(scope, tx), id);
    if (!row) { throw AppError.notFound('prescriptionUpdateError'); }
    const values = await checkedValues(scope, tx, body, row.hospitalId, 'prescriptionUpdateError');
    await repo.updatePrescription(tenantDb(scope, tx), id, values);
  });
  return answer(scope, ctx.db, id, 'prescriptionUpdateError');
}

/** `DELETE patientprescription/{id}`. 404 "Error deleting prescription" out of scope. */
export async function deletePrescription(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  if (!(await repo.deletePrescription(tenantDb(scope, ctx.db), id))) { throw AppError.notFound('prescriptionDeleteError'); }
  return { id };
}
