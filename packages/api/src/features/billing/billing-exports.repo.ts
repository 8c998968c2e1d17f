import { and, asc, count, desc, eq, ilike, inArray, or, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BillingCsvQuery } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { billingClaims, doctorMetadata, hospitals, organizations, patientBillingProfiles, patientMetadata, users } from '../../db/schema/index';
import { officeFilter, organizationFilter, type Scope } from '../../db/scope';
import { likeTerm, pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

// Billing exports read billing_claims (status 'billable') of offices in the caller's scope: every
// function applies officeFilter to the claim's office, whatever office list the service passes.

export interface OfficeRow {
  id: number;
  organizationId: number;
  hospitalName: string;
  hospitalNameEsp: string;
  timeZone: string;
}

const officeColumns = {
  id: hospitals.id,
  organizationId: hospitals.organizationId,
  hospitalName: hospitals.hospitalName,
  hospitalNameEsp: hospitals.hospitalNameEsp,
  timeZone: hospitals.timeZone,
};

/** The organization `organizationId` (id and name) when it is the caller's (any for a system admin), else null. */
export async function getOrganizationInScope(tenant: TenantDb, organizationId: number): Promise<{ id: number; institutionName: string } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: organizations.id, institutionName: organizations.institutionName })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), organizationFilter(scope, organizations.id)));
  return row ?? null;
}

/** The offices of an organization that the caller sees (all of them for an organization or system admin), by name. */
export function findOfficesOfOrganization(tenant: TenantDb, organizationId: number): Promise<OfficeRow[]> {
  const { scope, db } = tenant;
  return db
    .select(officeColumns)
    .from(hospitals)
    .where(and(eq(hospitals.organizationId, organizationId), officeFilter(scope, hospitals.id)))
    .orderBy(asc(hospitals.hospitalName), asc(hospitals.id));
}

/** The time zones of all the organization's offices (to tell its current month), when the organization is the caller's. */
export async function findTimeZonesOfOrganization(tenant: TenantDb, organizationId: number): Promise<string[]> {
  const { scope, db } = tenant;
  const rows = await db
    .selectDistinct({ tz: hospitals.timeZone })
    .from(hospitals)
    .where(and(eq(hospitals.organizationId, organizationId), organizationFilter(scope, hospitals.organizationId)));
  return rows.map((r) => r.tz);
}

const patient = alias(users, 'patient');
const practitioner = alias(users, 'practitioner');

/** A billable claim with what the CSV shows of its patient, office and practitioner. */
export interface BillableClaimRow {
  claimId: number;
  year: number;
  month: number;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  birthdate: string | null;
  patientIdentifier: string | null;
  mrn: string | null;
  hospitalId: number;
  hospitalName: string;
  practitionerId: number | null;
  practitionerFirstName: string | null;
  practitionerLastName: string | null;
  practitionerNpi: string | null;
  program: string;
  code: string;
  units: number;
  datesOfService: string[];
  diagnoses: string[] | null;
  amountCents: number | null;
}

const patientName = sql`${patient.lastName} || ', ' || ${patient.firstName}`;
const sortColumns: Record<string, SQL | typeof hospitals.hospitalName> = {
  patientName,
  hospitalName: hospitals.hospitalName,
  code: sql`${billingClaims.code}`,
  amountCents: sql`coalesce(${billingClaims.amountCents}, 0)`,
};

function claimWhere(scope: Scope, officeIds: number[], year: number, month: number, search?: string): SQL {
  const term = search?.trim();
  return and(
    eq(billingClaims.status, 'billable'),
    eq(billingClaims.year, year),
    eq(billingClaims.month, month),
    officeIds.length ? inArray(billingClaims.hospitalId, officeIds) : sql`false`,
    officeFilter(scope, billingClaims.hospitalId),
    term
      ? or(
          ilike(patient.firstName, likeTerm(term)),
          ilike(patient.lastName, likeTerm(term)),
          ilike(patientMetadata.patientIdentifier, likeTerm(term)),
          ilike(patientMetadata.medicalRegistrationNumber, likeTerm(term)),
          ilike(billingClaims.code, likeTerm(term)),
        )
      : undefined,
  )!;
}

function claimsQuery(db: Executor) {
  return db
    .select({
      claimId: billingClaims.id,
      year: billingClaims.year,
      month: billingClaims.month,
      patientId: billingClaims.patientId,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      birthdate: patient.birthdate,
      patientIdentifier: patientMetadata.patientIdentifier,
      mrn: patientMetadata.medicalRegistrationNumber,
      hospitalId: billingClaims.hospitalId,
      hospitalName: hospitals.hospitalName,
      practitionerId: practitioner.id,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
      practitionerNpi: doctorMetadata.npi,
      program: billingClaims.program,
      code: billingClaims.code,
      units: billingClaims.units,
      datesOfService: billingClaims.datesOfService,
      diagnoses: patientBillingProfiles.diagnosesJson,
      amountCents: billingClaims.amountCents,
    })
    .from(billingClaims)
    .innerJoin(patient, eq(patient.id, billingClaims.patientId))
    .innerJoin(hospitals, eq(hospitals.id, billingClaims.hospitalId))
    .leftJoin(patientMetadata, eq(patientMetadata.userId, billingClaims.patientId))
    .leftJoin(patientBillingProfiles, eq(patientBillingProfiles.patientId, billingClaims.patientId))
    .leftJoin(practitioner, eq(practitioner.id, sql`coalesce(${billingClaims.practitionerUserId}, ${patientBillingProfiles.billingPractitionerId})`))
    .leftJoin(doctorMetadata, eq(doctorMetadata.userId, practitioner.id));
}

const defaultOrder = [asc(hospitals.hospitalName), asc(billingClaims.hospitalId), asc(patient.lastName), asc(patient.firstName), asc(billingClaims.patientId), asc(billingClaims.program), asc(billingClaims.code), asc(billingClaims.id)];

/**
 * Every billable claim of `officeIds` (filtered by the caller's scope) for the month, ordered by
 * office, patient, program and code: the rows of the CSV files.
 */
export function findBillableClaims(tenant: TenantDb, officeIds: number[], year: number, month: number): Promise<BillableClaimRow[]> {
  const { scope, db } = tenant;
  return claimsQuery(db)
    .where(claimWhere(scope, officeIds, year, month))
    .orderBy(...defaultOrder);
}

/** One page of the billable claims (the CSV preview), with the count and the sums of units and amounts of all matching claims. */
export async function findBillableClaimPage(
  tenant: TenantDb,
  officeIds: number[],
  year: number,
  month: number,
  query: BillingCsvQuery,
): Promise<{ rows: BillableClaimRow[]; total: number; totalUnits: number; totalAmountCents: number }> {
  const { scope, db } = tenant;
  const where = claimWhere(scope, officeIds, year, month, query.search);
  let orderBy = defaultOrder;
  if (query.sort) {
    const column = sortColumns[query.sort.replace(/^-/, '')]!;
    orderBy = [query.sort.startsWith('-') ? desc(column) : asc(column), ...defaultOrder];
  }
  const [rows, [totals]] = await Promise.all([
    claimsQuery(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db
      .select({ n: count(), units: sum(billingClaims.units), amount: sum(billingClaims.amountCents) })
      .from(billingClaims)
      .innerJoin(patient, eq(patient.id, billingClaims.patientId))
      .leftJoin(patientMetadata, eq(patientMetadata.userId, billingClaims.patientId))
      .where(where),
  ]);
  return { rows, total: totals?.n ?? 0, totalUnits: Number(totals?.units ?? 0), totalAmountCents: Number(totals?.amount ?? 0) };
}
