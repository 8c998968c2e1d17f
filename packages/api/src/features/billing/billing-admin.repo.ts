import { and, asc, count, desc, eq, exists, gte, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Role, UserStatus, type BillingProgram, type RtmSystem } from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  billingClaims,
  doctorMetadata,
  hospitals,
  patientBillingProfiles,
  patientMetadata,
  userBillingAuthorizations,
  userHospitals,
  users,
  verifiers,
} from '../../db/schema/index';
import { officeFilter, userFilter, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { pageOffset } from '../../db/query-helpers';
import type { CatalogueDb, TenantDb } from '../../db/handles';

// Patients are seen through their office assignments (user_hospitals) in the caller's offices
// (officeFilter); claims through their office. A patient or claim outside scope reads as absent.

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Filters of the organization patient lists. */
export interface PatientListFilter {
  organizationId: number;
  hospitalId?: number;
  status?: number;
  search?: string;
}

function patientListWhere(scope: Scope, f: PatientListFilter): SQL {
  const term = f.search?.trim();
  return and(
    eq(users.roleId, Role.PATIENT),
    eq(hospitals.organizationId, f.organizationId),
    officeFilter(scope, userHospitals.hospitalId),
    f.hospitalId !== undefined ? eq(userHospitals.hospitalId, f.hospitalId) : undefined,
    f.status !== undefined ? eq(users.status, f.status) : undefined,
    term
      ? or(
          ilike(users.firstName, containsPattern(term)),
          ilike(users.lastName, containsPattern(term)),
          ilike(fullName, containsPattern(term)),
          ilike(users.email, containsPattern(term)),
          ilike(patientMetadata.patientIdentifier, containsPattern(term)),
          ilike(patientMetadata.medicalRegistrationNumber, containsPattern(term)),
        )
      : undefined,
  )!;
}

export interface PatientEntryRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  status: number;
  hospitalId: number;
  hospitalName: string;
  patientIdentifier: string | null;
  mrn: string | null;
  birthdate: string | null;
  billingType: string | null;
}

const entryColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  hospitalId: hospitals.id,
  hospitalName: hospitals.hospitalName,
  patientIdentifier: patientMetadata.patientIdentifier,
  mrn: patientMetadata.medicalRegistrationNumber,
  birthdate: users.birthdate,
  billingType: patientBillingProfiles.billingType,
};

function baseQuery(db: Executor) {
  return db
    .select(entryColumns)
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .leftJoin(patientMetadata, eq(patientMetadata.userId, users.id))
    .leftJoin(patientBillingProfiles, eq(patientBillingProfiles.patientId, users.id));
}

async function countEntries(db: Executor, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .leftJoin(patientMetadata, eq(patientMetadata.userId, users.id))
    .where(where);
  return row?.n ?? 0;
}

function orderOf(sort: string | undefined, columns: Record<string, SQL | typeof users.status>, fallback: string): SQL[] {
  const key = sort ?? fallback;
  const column = columns[key.replace(/^-/, '')]!;
  return [key.startsWith('-') ? desc(column) : asc(column), asc(users.lastName), asc(users.firstName), asc(users.id), asc(hospitals.id)];
}

const nameSort = sql`lower(${users.lastName} || ' ' || ${users.firstName})`;

/** A page of the organization's patients, one entry per patient and office in scope. */
export async function findPatientEntries(
  tenant: TenantDb,
  f: PatientListFilter,
  page: { page: number; pageSize: number; sort?: string },
): Promise<{ rows: PatientEntryRow[]; total: number }> {
  const { scope, db } = tenant;
  const where = patientListWhere(scope, f);
  const order = orderOf(page.sort, { userFullname: nameSort, hospitalName: sql`lower(${hospitals.hospitalName})`, status: users.status }, 'userFullname');
  const [rows, total] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    countEntries(db, where),
  ]);
  return { rows, total };
}

/** A billed code as the lists show it. */
export interface BilledCode {
  program: string;
  code: string;
  units: number;
  amountCents: number | null;
}

/** The billable claims of a patient in an office for a month, as a JSON array, and their amount. */
function monthClaims(year: number, month: number) {
  const where = sql`c.patient_id = ${users.id} and c.hospital_id = ${hospitals.id} and c.year = ${year} and c.month = ${month} and c.status = 'billable'`;
  return {
    codes: sql<BilledCode[] | string>`(select coalesce(json_agg(json_build_object('program', c.program, 'code', c.code, 'units', c.units, 'amountCents', c.amount_cents) order by c.program, c.code), '[]'::json) from ${billingClaims} c where ${where})`,
    totalAmountCents: sql<number>`(select coalesce(sum(c.amount_cents), 0)::int from ${billingClaims} c where ${where})`,
    billed: sql`exists (select 1 from ${billingClaims} c where ${where})`,
  };
}

/** A page of the organization's patients (per office in scope) with their billable codes and amount for the month. */
export async function findPatientEntriesWithBillings(
  tenant: TenantDb,
  f: PatientListFilter & { year: number; month: number; billedOnly: boolean },
  page: { page: number; pageSize: number; sort?: string },
): Promise<{ rows: (PatientEntryRow & { codes: BilledCode[] | string; totalAmountCents: number })[]; total: number }> {
  const { scope, db } = tenant;
  const claims = monthClaims(f.year, f.month);
  const where = and(patientListWhere(scope, f), f.billedOnly ? claims.billed : undefined)!;
  const order = orderOf(
    page.sort,
    { userFullname: nameSort, hospitalName: sql`lower(${hospitals.hospitalName})`, totalAmountCents: claims.totalAmountCents },
    'userFullname',
  );
  const [rows, total] = await Promise.all([
    db
      .select({ ...entryColumns, codes: claims.codes, totalAmountCents: claims.totalAmountCents })
      .from(userHospitals)
      .innerJoin(users, eq(users.id, userHospitals.userId))
      .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
      .leftJoin(patientMetadata, eq(patientMetadata.userId, users.id))
      .leftJoin(patientBillingProfiles, eq(patientBillingProfiles.patientId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    countEntries(db, where),
  ]);
  return { rows, total };
}

// One patient -----------------------------------------------------------------------------------

export interface PatientRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  gender: string;
  birthdate: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  status: number;
  patientIdentifier: string | null;
  mrn: string | null;
}

/** The patient `patientId` when assigned to an office in the caller's scope, else null. Never the SSN. */
export async function getPatient(tenant: TenantDb, patientId: number): Promise<PatientRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      gender: users.gender,
      birthdate: users.birthdate,
      address: users.address,
      city: users.city,
      state: users.state,
      zip: users.zip,
      country: users.country,
      status: users.status,
      patientIdentifier: patientMetadata.patientIdentifier,
      mrn: patientMetadata.medicalRegistrationNumber,
    })
    .from(users)
    .leftJoin(patientMetadata, eq(patientMetadata.userId, users.id))
    .where(
      and(
        eq(users.id, patientId),
        eq(users.roleId, Role.PATIENT),
        exists(
          db
            .select({ one: sql`1` })
            .from(userHospitals)
            .where(and(eq(userHospitals.userId, users.id), officeFilter(scope, userHospitals.hospitalId))),
        ),
      ),
    );
  return row ?? null;
}

/** The patient's offices in the caller's scope, by name. */
export function findPatientOffices(tenant: TenantDb, patientId: number): Promise<{ hospitalId: number; hospitalName: string; timeZone: string }[]> {
  const { scope, db } = tenant;
  return db
    .select({ hospitalId: hospitals.id, hospitalName: hospitals.hospitalName, timeZone: hospitals.timeZone })
    .from(userHospitals)
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(and(eq(userHospitals.userId, patientId), officeFilter(scope, userHospitals.hospitalId)))
    .orderBy(asc(hospitals.hospitalName), asc(hospitals.id));
}

export interface ProfileRow {
  patientId: number;
  billingType: string;
  billingPractitionerId: number | null;
  practitionerFirstName: string | null;
  practitionerLastName: string | null;
  practitionerNpi: string | null;
  diagnoses: string[];
  rtmSystem: string | null;
  rpmEpisodeStart: string | null;
  updatedAt: Date;
}

const practitioner = alias(users, 'practitioner');

/** The saved billing profile of a patient the caller sees (userFilter), with the practitioner's name and NPI; null when none was saved or not visible. */
export async function getProfile(tenant: TenantDb, patientId: number): Promise<ProfileRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      patientId: patientBillingProfiles.patientId,
      billingType: patientBillingProfiles.billingType,
      billingPractitionerId: patientBillingProfiles.billingPractitionerId,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
      practitionerNpi: doctorMetadata.npi,
      diagnoses: patientBillingProfiles.diagnosesJson,
      rtmSystem: patientBillingProfiles.rtmSystem,
      rpmEpisodeStart: patientBillingProfiles.rpmEpisodeStart,
      updatedAt: patientBillingProfiles.updatedAt,
    })
    .from(patientBillingProfiles)
    .leftJoin(practitioner, eq(practitioner.id, patientBillingProfiles.billingPractitionerId))
    .leftJoin(doctorMetadata, eq(doctorMetadata.userId, patientBillingProfiles.billingPractitionerId))
    .where(and(eq(patientBillingProfiles.patientId, patientId), userFilter(scope, patientBillingProfiles.patientId)));
  return row ?? null;
}

/** The active ICD-10-CM categories (3 characters, ICD_10_MAIN_CODES rows under a chapter) among `categories`, with their titles. */
export async function findIcdCategories(
  { db }: CatalogueDb,
  categories: string[],
): Promise<{ code: string; longDescription: string; longDescriptionEsp: string }[]> {
  if (categories.length === 0) { return []; }
  return db
    .select({ code: verifiers.lowValue, longDescription: verifiers.longDescription, longDescriptionEsp: verifiers.longDescriptionEsp })
    .from(verifiers)
    .where(and(eq(verifiers.rvDomain, 'ICD_10_MAIN_CODES'), ne(verifiers.parentLowValue, ''), eq(verifiers.status, 1), inArray(verifiers.lowValue, categories)));
}

/**
 * Whether `userId` is an active doctor assigned to one of `officeIds` (the patient's offices in
 * scope) with a billing authorization for `program` in that same office.
 */
export async function isAuthorizedPractitioner(tenant: TenantDb, userId: number, officeIds: number[], program: BillingProgram): Promise<boolean> {
  const { scope, db } = tenant;
  if (officeIds.length === 0) { return false; }
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userHospitals, and(eq(userHospitals.userId, users.id), inArray(userHospitals.hospitalId, officeIds)))
    .innerJoin(
      userBillingAuthorizations,
      and(
        eq(userBillingAuthorizations.userId, users.id),
        eq(userBillingAuthorizations.hospitalId, userHospitals.hospitalId),
        sql`${userBillingAuthorizations.programsJson} @> ${JSON.stringify([program])}::jsonb`,
      ),
    )
    .where(and(eq(users.id, userId), eq(users.roleId, Role.DOCTOR), eq(users.status, UserStatus.ACTIVE), officeFilter(scope, userHospitals.hospitalId)))
    .limit(1);
  return row !== undefined;
}

/** Inserts or replaces the billing profile of a patient the caller sees (one row per patient: one billing type; 404 otherwise). */
export async function upsertProfile(
  tenant: TenantDb,
  values: { patientId: number; billingType: BillingProgram; billingPractitionerId: number | null; diagnoses: string[]; rtmSystem: RtmSystem | null; rpmEpisodeStart: string | null },
): Promise<void> {
  const { scope, db } = tenant;
  const [visible] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, values.patientId), userFilter(scope, users.id))).limit(1);
  if (!visible) { throw AppError.notFound(); }
  const set = {
    billingType: values.billingType,
    billingPractitionerId: values.billingPractitionerId,
    diagnosesJson: values.diagnoses,
    rtmSystem: values.rtmSystem,
    rpmEpisodeStart: values.rpmEpisodeStart,
    updatedAt: new Date(),
  };
  await db
    .insert(patientBillingProfiles)
    .values({ patientId: values.patientId, ...set })
    .onConflictDoUpdate({ target: patientBillingProfiles.patientId, set });
}

/** A patient's billable claims in offices in scope from (fromYear, fromMonth) on, newest month first; at most 500. */
export function findRecentClaims(
  tenant: TenantDb,
  patientId: number,
  fromYear: number,
  fromMonth: number,
): Promise<{ year: number; month: number; hospitalId: number; program: string; code: string; units: number; amountCents: number | null; datesOfService: string[] }[]> {
  const { scope, db } = tenant;
  return db
    .select({
      year: billingClaims.year,
      month: billingClaims.month,
      hospitalId: billingClaims.hospitalId,
      program: billingClaims.program,
      code: billingClaims.code,
      units: billingClaims.units,
      amountCents: billingClaims.amountCents,
      datesOfService: billingClaims.datesOfService,
    })
    .from(billingClaims)
    .where(
      and(
        eq(billingClaims.patientId, patientId),
        eq(billingClaims.status, 'billable'),
        officeFilter(scope, billingClaims.hospitalId),
        gte(sql`${billingClaims.year} * 12 + ${billingClaims.month} - 1`, fromYear * 12 + fromMonth - 1),
      ),
    )
    .orderBy(desc(billingClaims.year), desc(billingClaims.month), asc(billingClaims.program), asc(billingClaims.code), asc(billingClaims.id))
    .limit(500);
}

// Report ----------------------------------------------------------------------------------------

export interface ReportRow {
  hospitalId: number | null;
  hospitalName: string | null;
  program: string | null;
  code: string | null;
  byOffice: number;
  byCode: number;
  patients: number;
  claims: number;
  units: number;
  /** bigint: text from node-postgres; null when no claim of the group has an amount (docs/billing-engine.md "Amounts"). */
  amountCents: number | string | null;
  /** Claims of the group without a fee-schedule amount (left out of `amountCents`, never read as $0). */
  claimsWithoutAmount: number;
}

/**
 * The month's billable claims of `officeIds` (in scope) summed with grouping sets: per office and
 * code, per office, per code, and overall. `byOffice` is 0 on rows of one office and 1 on rows
 * summed over offices; `byCode` likewise for codes (SQL grouping()).
 */
export function findReportRows(tenant: TenantDb, officeIds: number[], year: number, month: number): Promise<ReportRow[]> {
  const { scope, db } = tenant;
  const c = billingClaims;
  return db
    .select({
      hospitalId: c.hospitalId,
      hospitalName: sql<string | null>`max(${hospitals.hospitalName})`,
      program: c.program,
      code: c.code,
      byOffice: sql<number>`grouping(${c.hospitalId})::int`,
      byCode: sql<number>`(grouping(${c.program}, ${c.code}) <> 0)::int`,
      patients: sql<number>`count(distinct ${c.patientId})::int`,
      claims: sql<number>`count(*)::int`,
      units: sql<number>`coalesce(sum(${c.units}), 0)::int`,
      amountCents: sql<number | string | null>`sum(${c.amountCents})::bigint`,
      claimsWithoutAmount: sql<number>`(count(*) filter (where ${c.amountCents} is null))::int`,
    })
    .from(c)
    .innerJoin(hospitals, eq(hospitals.id, c.hospitalId))
    .where(
      and(
        eq(c.status, 'billable'),
        eq(c.year, year),
        eq(c.month, month),
        officeIds.length ? inArray(c.hospitalId, officeIds) : sql`false`,
        officeFilter(scope, c.hospitalId),
      ),
    )
    .groupBy(sql`grouping sets ((${c.hospitalId}, ${c.program}, ${c.code}), (${c.hospitalId}), (${c.program}, ${c.code}), ())`);
}
