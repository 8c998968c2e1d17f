import {
  billingProgramSchema,
  PATIENT_DETAILS_CODE_MONTHS,
  rtmSystemSchema,
  type BillingPatientDetails,
  type BillingPeriodHeaders,
  type BillingReport,
  type EndpointBody,
  type EndpointQuery,
  type MessageKey,
  type BillingPatientEntry,
  type PatientBillingProfile,
} from '@vigil/contract';
import type { billing as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { allUsersVisible } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { icd10cmValidity } from '../diagnoses/index';
import * as repo from './billing-admin.repo';
import { getOrganizationInScope } from './billing-exports.repo';
import { clientOf, currentMonthOf, resolveBillingTarget } from './billing-exports.service';
import { catalogueDb, tenantDb } from '../../db/handles';

const fullName = (first: string | null, last: string | null) => [first, last].filter((p) => p && p.trim()).join(' ');

function toEntry(row: repo.PatientEntryRow): BillingPatientEntry {
  return {
    userId: row.userId,
    userFullname: fullName(row.firstName, row.lastName),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    status: row.status,
    hospitalId: row.hospitalId,
    hospitalName: row.hospitalName,
    patientIdentifier: row.patientIdentifier ?? '',
    mrn: row.mrn ?? '',
    dateOfBirth: row.birthdate,
    billingType: row.billingType,
  };
}

async function organizationOrNotFound(ctx: AppContext, scope: Scope, organizationId: number): Promise<void> {
  if (!(await getOrganizationInScope(tenantDb(scope, ctx.db), organizationId))) { throw AppError.notFound(); }
}

/**
 * GET admin/getpatientslistformedicalinstitution (header organizationid): a page of the
 * organization's patients, one entry per patient and office the caller sees (an office-scoped
 * caller sees their offices only), with identifiers and billing type. 404 for another organization.
 */
export async function findOrganizationPatients(
  ctx: AppContext,
  scope: Scope,
  organizationId: number,
  query: EndpointQuery<typeof contract.getPatientsListForMedicalInstitution>,
) {
  await organizationOrNotFound(ctx, scope, organizationId);
  const { rows, total } = await repo.findPatientEntries(
    tenantDb(scope, ctx.db),
    { organizationId, hospitalId: query.hospitalid, status: query.status, search: query.search },
    query,
  );
  return { items: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize };
}

/**
 * GET admin/getpatientslistformedicalinstitutionwithbillings (headers organizationid, month,
 * year; default the current month): a page of the organization's patients per office in scope with
 * their billable codes (program, code, units, amount in cents) and total for the month; query
 * billedonly keeps those with at least one code. 404 for another organization.
 */
export async function findOrganizationPatientsWithBillings(
  ctx: AppContext,
  scope: Scope,
  headers: { organizationid: number; month?: number; year?: number },
  query: EndpointQuery<typeof contract.getPatientsListForMedicalInstitutionWithBillings>,
) {
  const target = await resolveBillingTarget(ctx, scope, { organizationid: headers.organizationid, month: headers.month, year: headers.year }, { refuseUpcoming: false });
  const { rows, total } = await repo.findPatientEntriesWithBillings(
    tenantDb(scope, ctx.db),
    {
      organizationId: target.id,
      hospitalId: query.hospitalid,
      status: query.status,
      search: query.search,
      year: target.year,
      month: target.month,
      billedOnly: query.billedonly ?? false,
    },
    query,
  );
  return {
    selectedYear: target.year,
    selectedMonth: target.month,
    items: rows.map((r) => ({
      userId: r.userId,
      userFullname: fullName(r.firstName, r.lastName),
      hospitalId: r.hospitalId,
      hospitalName: r.hospitalName,
      billingType: r.billingType,
      codes: typeof r.codes === 'string' ? (JSON.parse(r.codes) as repo.BilledCode[]) : r.codes,
      totalAmountCents: Number(r.totalAmountCents),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

// Patient billing profile -----------------------------------------------------------------------

async function patientOrNotFound(ctx: AppContext, scope: Scope, patientId: number): Promise<repo.PatientRow> {
  const patient = await repo.getPatient(tenantDb(scope, ctx.db), patientId);
  if (!patient) { throw AppError.notFound(); }
  return patient;
}

/** The profile as the API shows it: saved values (or the defaults, isDefault) with each diagnosis's ICD-10-CM category title. */
async function profileView(ctx: AppContext, scope: Scope, patientId: number): Promise<PatientBillingProfile> {
  const row = await repo.getProfile(tenantDb(scope, ctx.db), patientId);
  if (!row) {
    return {
      patientId,
      billingType: 'RPM',
      billingPractitionerId: null,
      billingPractitionerName: null,
      billingPractitionerNpi: null,
      diagnoses: [],
      rtmSystem: null,
      rpmEpisodeStart: null,
      updatedAt: null,
      isDefault: true,
    };
  }
  const codes = row.diagnoses ?? [];
  const categories = new Map((await repo.findIcdCategories(catalogueDb(ctx.db), [...new Set(codes.map((c) => c.slice(0, 3)))])).map((c) => [c.code, c]));
  const type = billingProgramSchema.safeParse(row.billingType);
  const system = rtmSystemSchema.safeParse(row.rtmSystem);
  return {
    patientId,
    billingType: type.success ? type.data : 'RPM',
    billingPractitionerId: row.billingPractitionerId,
    billingPractitionerName: row.billingPractitionerId ? fullName(row.practitionerFirstName, row.practitionerLastName) : null,
    billingPractitionerNpi: row.billingPractitionerId ? (row.practitionerNpi ?? '') : null,
    diagnoses: codes.map((code) => {
      const category = categories.get(code.slice(0, 3));
      return { code, category: code.slice(0, 3), description: category?.longDescription ?? '', descriptionEsp: category?.longDescriptionEsp ?? '' };
    }),
    rtmSystem: system.success ? system.data : null,
    rpmEpisodeStart: row.rpmEpisodeStart,
    updatedAt: row.updatedAt.toISOString(),
    isDefault: false,
  };
}

/** Chosen GET billing/patientbillingprofile (header patientid): the patient's billing profile; 404 for a patient outside the caller's offices. */
export async function getPatientBillingProfile(ctx: AppContext, scope: Scope, patientId: number): Promise<PatientBillingProfile> {
  await patientOrNotFound(ctx, scope, patientId);
  return profileView(ctx, scope, patientId);
}

/**
 * Chosen PUT billing/patientbillingprofile (header patientid): saves the profile, one row per
 * patient, so a patient has exactly one billing type (spec section 5). Checks, each a 400 on its
 * field:
 * - every diagnosis is a billable code of the loaded ICD-10-CM release, the problem list's own rule
 *   (diagnoses `icd10cmValidity`): 'Unknown ICD-10-CM diagnosis code', or '{code} is a category
 *   ...' for a header, on diagnoses.<i>;
 * - rtmSystem is given for RTM ('This field is required'): it picks the RTM supply code (reference section 2);
 * - the billing practitioner is an active doctor of one of the patient's offices with a user
 *   billing authorization for the billing type in that office ('The billing practitioner must be
 *   ...'): one billing practitioner per patient and period (reference C2, section 3).
 * rtmSystem / rpmEpisodeStart left out keep their saved values; null clears them. 404 for a
 * patient outside the caller's offices.
 */
export async function updatePatientBillingProfile(
  ctx: AppContext,
  scope: Scope,
  patientId: number,
  body: EndpointBody<typeof contract.updatePatientBillingProfile>,
): Promise<PatientBillingProfile> {
  await patientOrNotFound(ctx, scope, patientId);
  const saved = await repo.getProfile(tenantDb(scope, ctx.db), patientId);
  const fields: Record<string, MessageKey> = {};
  // The one ICD-10-CM validity (diagnoses `icd10cmValidity`): a billable code of the loaded release, as on the problem list.
  const validity = await icd10cmValidity(ctx.db, body.diagnoses);
  let notBillable: string | undefined;
  body.diagnoses.forEach((code, i) => {
    const v = validity.get(code)!;
    if (v.status === 'unknown') { fields[`diagnoses.${i}`] ??= 'unknownDiagnosisCode'; }
    else if (v.status === 'category') {
      fields[`diagnoses.${i}`] ??= 'diagnosisNotBillable';
      notBillable ??= v.code;
    }
  });
  const savedSystem = rtmSystemSchema.safeParse(saved?.rtmSystem);
  const rtmSystem = body.rtmSystem !== undefined ? body.rtmSystem : savedSystem.success ? savedSystem.data : null;
  if (body.billingType === 'RTM' && rtmSystem === null) { fields.rtmSystem = 'required'; }
  if (body.billingPractitionerId !== null) {
    const offices = (await repo.findPatientOffices(tenantDb(scope, ctx.db), patientId)).map((o) => o.hospitalId);
    if (!(await repo.isAuthorizedPractitioner(tenantDb(scope, ctx.db), body.billingPractitionerId, offices, body.billingType))) {
      // Another tenant's user (or none) reads as not found (docs/first-day.md).
      if (!(await allUsersVisible(tenantDb(scope, ctx.db), [body.billingPractitionerId]))) { throw AppError.notFound(); }
      fields.billingPractitionerId = 'billingPractitionerNotAuthorized';
    }
  }
  const keys = Object.keys(fields);
  if (keys.length > 0) {
    const only = keys.length === 1 ? fields[keys[0]!]! : 'validationFailed';
    throw AppError.badRequest(only === 'required' ? 'validationFailed' : only, fields, notBillable ? { code: notBillable } : undefined);
  }
  await repo.upsertProfile(tenantDb(scope, ctx.db), {
    patientId,
    billingType: body.billingType,
    billingPractitionerId: body.billingPractitionerId,
    diagnoses: body.diagnoses,
    rtmSystem,
    rpmEpisodeStart: body.rpmEpisodeStart !== undefined ? body.rpmEpisodeStart : (saved?.rpmEpisodeStart ?? null),
  });
  return profileView(ctx, scope, patientId);
}

/**
 * GET admin/getpatientdetails (header patientid): demographics (never the SSN), the offices in
 * scope, the billing profile and the billable codes of the last PATIENT_DETAILS_CODE_MONTHS
 * months (the current one included, in the patient's office's time zone). 404 outside scope.
 */
export async function getPatientDetails(ctx: AppContext, scope: Scope, patientId: number): Promise<BillingPatientDetails> {
  const patient = await patientOrNotFound(ctx, scope, patientId);
  const offices = await repo.findPatientOffices(tenantDb(scope, ctx.db), patientId);
  const current = currentMonthOf(offices.map((o) => o.timeZone));
  const fromKey = current.year * 12 + (current.month - 1) - (PATIENT_DETAILS_CODE_MONTHS - 1);
  const claims = await repo.findRecentClaims(tenantDb(scope, ctx.db), patientId, Math.floor(fromKey / 12), (fromKey % 12) + 1);
  return {
    userId: patient.id,
    firstName: patient.firstName,
    lastName: patient.lastName,
    userFullname: fullName(patient.firstName, patient.lastName),
    email: patient.email,
    phone: patient.phone,
    gender: patient.gender,
    dateOfBirth: patient.birthdate,
    address: patient.address,
    city: patient.city,
    state: patient.state,
    zip: patient.zip,
    country: patient.country,
    status: patient.status,
    patientIdentifier: patient.patientIdentifier ?? '',
    mrn: patient.mrn ?? '',
    offices: offices.map((o) => ({ hospitalId: o.hospitalId, hospitalName: o.hospitalName })),
    billingProfile: await profileView(ctx, scope, patientId),
    recentCodes: claims.map((c) => ({ ...c, datesOfService: [...(c.datesOfService ?? [])].sort() })),
  };
}

// Report ----------------------------------------------------------------------------------------

/**
 * GET admin/getbillingreport (hospitalid or organizationid, month, year): the month's billable
 * codes summed (distinct patients, claims, units, amount in cents) overall, per code, and per
 * office with its codes — for /partnerBillingReports. An organization covers its offices in the
 * caller's scope. 404 outside scope; a month without claims gives zeros. `amountCents` is null
 * when none of the group's claims has a fee-schedule amount, and `claimsWithoutAmount` counts the
 * claims the sum leaves out (docs/billing-engine.md "Amounts").
 */
export async function getBillingReport(ctx: AppContext, scope: Scope, headers: BillingPeriodHeaders): Promise<BillingReport> {
  const target = await resolveBillingTarget(ctx, scope, headers, { refuseUpcoming: false });
  const rows = await repo.findReportRows(
    tenantDb(scope, ctx.db),
    target.offices.map((o) => o.id),
    target.year,
    target.month,
  );
  // A code without a loaded amount is "amount not loaded" (null), never $0: totals add the amounts there are and count the claims left out.
  const totalsOf = (r: repo.ReportRow) => ({
    patients: Number(r.patients),
    claims: Number(r.claims),
    units: Number(r.units),
    amountCents: r.amountCents === null ? (Number(r.claims) > 0 ? null : 0) : Number(r.amountCents),
    claimsWithoutAmount: Number(r.claimsWithoutAmount),
  });
  const zero = { patients: 0, claims: 0, units: 0, amountCents: 0, claimsWithoutAmount: 0 };
  const byCodeOrder = (a: { program: string; code: string }, b: { program: string; code: string }) =>
    a.program.localeCompare(b.program) || a.code.localeCompare(b.code);
  const overall = rows.find((r) => r.byOffice === 1 && r.byCode === 1);
  const byCode = rows
    .filter((r) => r.byOffice === 1 && r.byCode === 0)
    .map((r) => ({ program: r.program!, code: r.code!, ...totalsOf(r) }))
    .sort(byCodeOrder);
  const byOffice = target.offices.map((office) => {
    const officeTotal = rows.find((r) => r.byOffice === 0 && r.byCode === 1 && r.hospitalId === office.id);
    return {
      hospitalId: office.id,
      hospitalName: office.hospitalName,
      ...(officeTotal ? totalsOf(officeTotal) : zero),
      byCode: rows
        .filter((r) => r.byOffice === 0 && r.byCode === 0 && r.hospitalId === office.id)
        .map((r) => ({ program: r.program!, code: r.code!, ...totalsOf(r) }))
        .sort(byCodeOrder),
    };
  });
  return { ...clientOf(target), totals: overall ? totalsOf(overall) : zero, byCode, byOffice };
}
