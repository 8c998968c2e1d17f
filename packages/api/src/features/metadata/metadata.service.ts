import {
  Role,
  can,
  type DoctorMetadata,
  type EndpointBody,
  type NurseMetadata,
  type PatientMetadata,
  type RoleId,
  type metadata,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { getVisibleUserOfRole, type VisibleUser } from '../../db/visible';
import { isUniqueViolation } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import { idealBodyWeightKg, sexFromGender } from './ideal-weight';
import * as repo from './metadata.repo';
import { catalogueDb, tenantDb } from '../../db/handles';

type PatientFields = EndpointBody<typeof metadata.updateMetadataForPatient>;
type CreatePatientBody = EndpointBody<typeof metadata.createPatientMetadata>;
type DoctorFields = EndpointBody<typeof metadata.updateMetadataForDoctor>;
type NurseFields = EndpointBody<typeof metadata.updateMetadataForNurse>;
type SpecializationsBody = EndpointBody<typeof metadata.assignDoctorToMultipleSpecializations>;

/** A user of `role` the caller sees (db/visible.ts), or 404 "Invalid id": another tenant's user reads as not found. */
async function visibleUserOfRole(scope: Scope, db: Executor, userId: number, role: RoleId): Promise<VisibleUser> {
  const user = await getVisibleUserOfRole(tenantDb(scope, db), userId, role);
  if (!user) { throw AppError.notFound(); }
  return user;
}

/**
 * Doctor and nurse metadata is the staff member's professional record: they may edit their own,
 * and staff managers (`users.manage`) may edit any in scope. A colleague gets 403.
 */
function assertMayEditStaffMetadata(scope: Scope, userId: number): void {
  if (scope.userId !== userId && !can(scope.role, 'users.manage')) { throw AppError.forbidden(); }
}

/** Only callers who may read the SSN (`patients.manage`) may set it. */
function assertMayWriteSsn(scope: Scope, fields: { ssn?: string }): void {
  if (fields.ssn !== undefined && !can(scope.role, 'patients.manage')) { throw AppError.forbidden(); }
}

/** The API shape of a row; the SSN only when `withSsn` (never in lists, never in write answers). */
function patientView(row: repo.PatientMetadataRow, withSsn: boolean): PatientMetadata {
  const view: PatientMetadata = {
    id: row.id,
    userId: row.userId,
    heightInCm: row.heightInCm === null ? null : Number(row.heightInCm),
    weightInKg: row.weightInKg === null ? null : Number(row.weightInKg),
    idealWeightCalculatedInKg: row.idealWeightCalculatedInKg === null ? null : Number(row.idealWeightCalculatedInKg),
    medicalRegistrationNumber: row.medicalRegistrationNumber,
    patientIdentifier: row.patientIdentifier,
    diagnose: row.diagnose,
    prescriptions: row.prescriptions,
    metadataInfo: row.metadataInfo,
  };
  if (withSsn) { view.ssn = row.ssn; }
  return view;
}

/** The columns to write: the fields given, plus the ideal weight recomputed from the resulting height. */
function patientValues(fields: PatientFields, currentHeight: number | null, gender: string): repo.PatientMetadataValues {
  const values: repo.PatientMetadataValues = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) { (values as Record<string, unknown>)[key] = value; }
  }
  const height = fields.heightInCm !== undefined ? fields.heightInCm : currentHeight;
  values.idealWeightCalculatedInKg = idealBodyWeightKg(height, sexFromGender(gender));
  return values;
}

/**
 * `GET patientmetadata/getmetadataforpatient`: the patient's metadata, or null when none was
 * recorded. The SSN is included for callers holding `patients.manage` and omitted for everyone
 * else. 404 when the patient is not visible.
 */
export async function getPatientMetadata(ctx: AppContext, scope: Scope, patientId: number): Promise<PatientMetadata | null> {
  await visibleUserOfRole(scope, ctx.db, patientId, Role.PATIENT);
  const row = await repo.getPatientMetadata(tenantDb(scope, ctx.db), patientId);
  return row ? patientView(row, can(scope.role, 'patients.manage')) : null;
}

/**
 * `POST patientmetadata`: creates a patient's metadata. Height in cm (30-272), weight in kg
 * (1-650); `idealWeightCalculatedInKg` comes from height and the patient's gender (Devine, see
 * ideal-weight.ts). 404 when the patient is not visible; 403 when a caller without
 * `patients.manage` sends an SSN; 409 when the patient already has metadata. The answer omits the SSN.
 */
export async function createPatientMetadata(ctx: AppContext, scope: Scope, body: CreatePatientBody): Promise<PatientMetadata> {
  const { patientId, ...fields } = body;
  const patient = await visibleUserOfRole(scope, ctx.db, patientId, Role.PATIENT);
  assertMayWriteSsn(scope, fields);
  if (await repo.getPatientMetadata(tenantDb(scope, ctx.db), patientId)) { throw AppError.conflict(); }
  try {
    return patientView(await repo.insertPatientMetadata(tenantDb(scope, ctx.db), patientId, patientValues(fields, null, patient.gender)), false);
  } catch (err) {
    if (isUniqueViolation(err)) { throw AppError.conflict(); }
    throw err;
  }
}

/**
 * `PUT patientmetadata/updatemetadataforpatient`: updates the fields given (absent fields keep
 * their value, null clears height or weight) and recomputes the ideal weight; creates the row when
 * missing. Same errors as create, without the 409. The answer omits the SSN.
 */
export async function updatePatientMetadata(ctx: AppContext, scope: Scope, patientId: number, fields: PatientFields): Promise<PatientMetadata> {
  const patient = await visibleUserOfRole(scope, ctx.db, patientId, Role.PATIENT);
  assertMayWriteSsn(scope, fields);
  const current = await repo.getPatientMetadata(tenantDb(scope, ctx.db), patientId);
  const currentHeight = current?.heightInCm === null || current?.heightInCm === undefined ? null : Number(current.heightInCm);
  const row = await repo.upsertPatientMetadata(tenantDb(scope, ctx.db), patientId, patientValues(fields, currentHeight, patient.gender));
  return patientView(row, false);
}

async function doctorView(scope: Scope, db: Executor, row: repo.DoctorMetadataRow): Promise<DoctorMetadata> {
  const [offices, specializations] = await Promise.all([repo.findOfficesOfUser(tenantDb(scope, db), row.userId), repo.findSpecializationsOf(tenantDb(scope, db), row.id)]);
  return {
    id: row.id,
    userId: row.userId,
    licenceId: row.licenceId,
    npi: row.npi,
    hospitalsAssignedData: offices,
    spetializationData: specializations,
    metadataInfo: row.metadataInfo,
  };
}

/**
 * `GET doctormetadata/getmetadatafordoctor`: licence, NPI, specializations and the doctor's offices
 * the caller sees; null when none recorded. 404 when the user is not a visible doctor.
 */
export async function getDoctorMetadata(ctx: AppContext, scope: Scope, doctorId: number): Promise<DoctorMetadata | null> {
  await visibleUserOfRole(scope, ctx.db, doctorId, Role.DOCTOR);
  const row = await repo.getDoctorMetadata(tenantDb(scope, ctx.db), doctorId);
  return row ? doctorView(scope, ctx.db, row) : null;
}

/**
 * `PUT doctormetadata/updatemetadatafordoctor`: licence, NPI (10 digits with the CMS check digit,
 * '' clears it) and metadataInfo; creates the row when missing. 404 when not a visible doctor;
 * 403 when a clinician edits another doctor's record.
 */
export async function updateDoctorMetadata(ctx: AppContext, scope: Scope, doctorId: number, fields: DoctorFields): Promise<DoctorMetadata> {
  await visibleUserOfRole(scope, ctx.db, doctorId, Role.DOCTOR);
  assertMayEditStaffMetadata(scope, doctorId);
  const values: Parameters<typeof repo.upsertDoctorMetadata>[2] = {};
  if (fields.licenceId !== undefined) { values.licenceId = fields.licenceId; }
  if (fields.npi !== undefined) { values.npi = fields.npi; }
  if (fields.metadataInfo !== undefined) { values.metadataInfo = fields.metadataInfo; }
  return doctorView(scope, ctx.db, await repo.upsertDoctorMetadata(tenantDb(scope, ctx.db), doctorId, values));
}

/**
 * Adds (`assign`) or removes specializations of a doctor in one transaction, creating the
 * doctor's metadata row when missing. Every id must be an active verifier of the
 * SPECIALIZATION_TYPE domain, else 400 `specializationIds: "Invalid id"`. 404 when not a visible
 * doctor; 403 when a clinician edits another doctor's record. Already assigned (or absent) ids are
 * no change.
 */
export async function changeSpecializations(ctx: AppContext, scope: Scope, body: SpecializationsBody, change: 'assign' | 'deassign'): Promise<DoctorMetadata> {
  const { doctorId, specializationIds } = body;
  await visibleUserOfRole(scope, ctx.db, doctorId, Role.DOCTOR);
  assertMayEditStaffMetadata(scope, doctorId);
  const valid = await repo.findSpecializationIds(catalogueDb(ctx.db), specializationIds);
  if (valid.length !== specializationIds.length) { throw AppError.badRequest('validationFailed', { specializationIds: 'invalidId' }); }
  const row = await ctx.db.transaction(async (tx) => {
    const meta = await repo.upsertDoctorMetadata(tenantDb(scope, tx), doctorId, {});
    if (change === 'assign') { await repo.addSpecializations(tenantDb(scope, tx), meta.id, specializationIds); }
    else { await repo.removeSpecializations(tenantDb(scope, tx), meta.id, specializationIds); }
    return meta;
  });
  return doctorView(scope, ctx.db, row);
}

async function nurseView(scope: Scope, db: Executor, row: repo.NurseMetadataRow): Promise<NurseMetadata> {
  const [office] = await repo.findOfficesOfUser(tenantDb(scope, db), row.userId);
  return { id: row.id, userId: row.userId, hospitalId: office?.id ?? null, licenceId: row.licenceId, metadataInfo: row.metadataInfo };
}

/** `GET nursemetadata/getmetadatafornurse`: licence and metadataInfo, or null; 404 when not a visible nurse. */
export async function getNurseMetadata(ctx: AppContext, scope: Scope, nurseId: number): Promise<NurseMetadata | null> {
  await visibleUserOfRole(scope, ctx.db, nurseId, Role.NURSE);
  const row = await repo.getNurseMetadata(tenantDb(scope, ctx.db), nurseId);
  return row ? nurseView(scope, ctx.db, row) : null;
}

/**
 * `PUT nursemetadata/updatemetadatafornurse`: licence and metadataInfo; creates the row when
 * missing. 404 when not a visible nurse; 403 when a clinician edits another nurse's record.
 */
export async function updateNurseMetadata(ctx: AppContext, scope: Scope, nurseId: number, fields: NurseFields): Promise<NurseMetadata> {
  await visibleUserOfRole(scope, ctx.db, nurseId, Role.NURSE);
  assertMayEditStaffMetadata(scope, nurseId);
  const values: Parameters<typeof repo.upsertNurseMetadata>[2] = {};
  if (fields.licenceId !== undefined) { values.licenceId = fields.licenceId; }
  if (fields.metadataInfo !== undefined) { values.metadataInfo = fields.metadataInfo; }
  return nurseView(scope, ctx.db, await repo.upsertNurseMetadata(tenantDb(scope, ctx.db), nurseId, values));
}
