import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { roleNames, type RoleId, type User } from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  countries,
  doctorMetadata,
  doctorSpecializations,
  hospitals,
  medicalTeamMembers,
  medicalTeams,
  nurseMetadata,
  organizations,
  patientMetadata,
  userHospitals,
  users,
  verifiers,
} from '../../db/schema/index';
import type { SystemDb, TenantDb } from '../../db/handles';
import { officeFilter, userFilter, type Scope } from '../../db/scope';

type UserRow = typeof users.$inferSelect;

/**
 * Builds the API's User shapes (spec section 3) for `ids`, in the order given. Loads office and
 * organization assignments, medical teams and role metadata in a few set queries (no N+1).
 * `withSsn` adds the patient's SSN (single-patient reads by permitted staff only).
 * `officesVisibleTo` limits the office assignments to the offices of that scope (`officeFilter`:
 * no other tenant's office names on a list of staff or patients).
 * Only the users the handle's scope sees are answered (`userFilter`: an id of another tenant is
 * left out); a `SystemDb` sees every user (sign-in, where the credentials proved who the user is).
 */
export async function loadUserViews(
  handle: TenantDb | SystemDb,
  ids: number[],
  opts: { withMetadata?: boolean; withSsn?: boolean; officesVisibleTo?: Scope } = {},
): Promise<User[]> {
  const { scope, db } = handle;
  if (ids.length === 0) { return []; }
  const rows = await db.select().from(users).where(and(inArray(users.id, ids), userFilter(scope, users.id)));
  const orgIds = [...new Set(rows.map((r) => r.organizationId).filter((v): v is number => v !== null))];
  const [orgRows, assignRows, teamRows, countryRows] = await Promise.all([
    orgIds.length
      ? db.select({ id: organizations.id, institutionName: organizations.institutionName }).from(organizations).where(inArray(organizations.id, orgIds))
      : Promise.resolve([]),
    db
      .select({ userId: userHospitals.userId, id: hospitals.id, hospitalName: hospitals.hospitalName, organizationId: hospitals.organizationId, isAdmin: userHospitals.isAdmin })
      .from(userHospitals)
      .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
      .where(and(inArray(userHospitals.userId, ids), opts.officesVisibleTo ? officeFilter(opts.officesVisibleTo, userHospitals.hospitalId) : undefined))
      .orderBy(asc(userHospitals.createdAt), asc(hospitals.id)),
    db
      .select({ userId: medicalTeamMembers.userId, teamId: medicalTeamMembers.medicalTeamId })
      .from(medicalTeamMembers)
      .where(inArray(medicalTeamMembers.userId, ids))
      .union(db.select({ userId: medicalTeams.patientId, teamId: medicalTeams.id }).from(medicalTeams).where(inArray(medicalTeams.patientId, ids))),
    db.select({ code: countries.countryCode, name: countries.countryName }).from(countries),
  ]);
  const orgById = new Map(orgRows.map((o) => [o.id, o]));
  const countryName = new Map(countryRows.map((c) => [c.code, c.name]));
  const assigned = new Map<number, { id: number; hospitalName: string; organizationId: number; isAdmin: boolean }[]>();
  for (const a of assignRows) {
    const list = assigned.get(a.userId) ?? [];
    list.push({ id: a.id, hospitalName: a.hospitalName, organizationId: a.organizationId, isAdmin: a.isAdmin });
    assigned.set(a.userId, list);
  }
  const teams = new Map<number, number[]>();
  for (const t of teamRows) { teams.set(t.userId, [...(teams.get(t.userId) ?? []), t.teamId]); }

  const meta = opts.withMetadata ? await loadMetadata(db, ids, opts.withSsn ?? false) : null;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is UserRow => r !== undefined)
    .map((r) => {
      const offices = assigned.get(r.id) ?? [];
      const org = r.organizationId !== null ? orgById.get(r.organizationId) : undefined;
      const view: User = {
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        username: r.username,
        phone: r.phone,
        gender: r.gender,
        birthdate: r.birthdate,
        address: r.address,
        addressLatitude: r.addressLatitude,
        addressLongitude: r.addressLongitude,
        city: r.city,
        zip: r.zip,
        state: r.state,
        country: r.country,
        countryName: countryName.get(r.country) ?? r.country,
        language: r.language,
        userTimezone: r.userTimezone,
        status: r.status,
        userSettingsJson: r.userSettingsJson,
        isSequoiaUser: r.isSequoiaUser,
        emailValidated: r.emailValidated,
        roleId: r.roleId,
        roleData: { id: r.roleId, roleName: roleNames[r.roleId as RoleId]?.name ?? String(r.roleId) },
        organizationId: r.organizationId,
        organizationAssignedData: org ? { id: org.id, institutionName: org.institutionName } : null,
        hospitalAssignedData: offices[0] ?? null,
        hospitalsAssignedData: offices,
        medicalTeamsData: teams.get(r.id) ?? [],
      };
      if (meta) {
        view.doctorMetadata = meta.doctor.get(r.id) ?? null;
        view.nurseMetadata = meta.nurse.get(r.id) ?? null;
        view.patientMetadata = meta.patient.get(r.id) ?? null;
      }
      return view;
    });
}

async function loadMetadata(db: Executor, ids: number[], withSsn: boolean) {
  const [docs, nurses, patients] = await Promise.all([
    db.select().from(doctorMetadata).where(inArray(doctorMetadata.userId, ids)),
    db.select().from(nurseMetadata).where(inArray(nurseMetadata.userId, ids)),
    db.select().from(patientMetadata).where(inArray(patientMetadata.userId, ids)),
  ]);
  const specs = docs.length
    ? await db
        .select({
          doctorMetadataId: doctorSpecializations.doctorMetadataId,
          id: verifiers.id,
          lowValue: verifiers.lowValue,
          longDescription: verifiers.longDescription,
          longDescriptionEsp: verifiers.longDescriptionEsp,
        })
        .from(doctorSpecializations)
        .innerJoin(verifiers, eq(verifiers.id, doctorSpecializations.verifierId))
        .where(and(inArray(doctorSpecializations.doctorMetadataId, docs.map((d) => d.id)), sql`true`))
    : [];
  const doctor = new Map(
    docs.map((d) => [
      d.userId,
      {
        id: d.id,
        userId: d.userId,
        licenceId: d.licenceId,
        npi: d.npi,
        spetializationData: specs.filter((s) => s.doctorMetadataId === d.id).map(({ doctorMetadataId: _, ...s }) => s),
        metadataInfo: d.metadataInfo,
      },
    ]),
  );
  const nurse = new Map(nurses.map((n) => [n.userId, { id: n.id, userId: n.userId, licenceId: n.licenceId, metadataInfo: n.metadataInfo }]));
  const patient = new Map(
    patients.map((p) => {
      const { ssn, ...rest } = p;
      return [p.userId, withSsn ? { ...rest, ssn } : rest];
    }),
  );
  return { doctor, nurse, patient };
}

/** One user's view, or null (also when the handle's scope does not see the user). */
export async function loadUserView(handle: TenantDb | SystemDb, id: number, opts: { withMetadata?: boolean; withSsn?: boolean } = {}): Promise<User | null> {
  const [view] = await loadUserViews(handle, [id], opts);
  return view ?? null;
}
