import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { pageOf } from '../../common/envelope';
import { idSchema } from '../../common/ids';
import {
  officeAssignmentSchema,
  officeCreateSchema,
  officeDeassignmentSchema,
  officeHeaderSchema,
  landingOfficeSchema,
  officeListQuerySchema,
  officePatientListItemSchema,
  officePatientsQuerySchema,
  officePatientListQuerySchema,
  patientListViewSchema,
  patientListViewResponseSchema,
  officeSchema,
  officeStaffMemberSchema,
  officeStaffMemberWithCountSchema,
  officeStaffPageQuerySchema,
  officeStaffQuerySchema,
  officeStaffWithCountsQuerySchema,
  officeUpdateSchema,
  officeUserBodySchema,
  officeUsersBodySchema,
} from './offices.schemas';
import { userSchema } from '../users/users.schemas';

const tag = 'Hospital';
const idParams = z.object({ id: idSchema });

export const findOffices = endpoint({
  method: 'GET',
  path: 'hospital',
  tag,
  summary: 'Offices in the caller\'s scope; paged, searchable by name or city, optionally for one organization',
  permission: 'offices.read',
  query: officeListQuerySchema,
  response: pageOf(officeSchema),
});

export const getOffice = endpoint({
  method: 'GET',
  path: 'hospital/{id}',
  tag,
  summary: 'One office in the caller\'s scope (404 otherwise)',
  permission: 'offices.read',
  params: idParams,
  response: officeSchema,
});

/**
 * Where the caller lands (docs/first-day.md, "Where users land"): the active
 * office in their scope with the most monitored patients (active patients assigned to it), ties to
 * the lower id; null when they see no active office.
 */
export const getLandingOffice = endpoint({
  method: 'GET',
  path: 'hospital/landing',
  tag,
  summary: 'The office in the caller\'s scope with the most monitored patients (where sign-in lands); null when none',
  permission: 'offices.read',
  response: landingOfficeSchema,
});

export const createOffice = endpoint({
  method: 'POST',
  path: 'hospital',
  tag,
  summary: 'Create an office in an organization the caller sees; phone stored in E.164, time zone IANA',
  permission: 'offices.manage',
  body: officeCreateSchema,
  response: officeSchema,
  successStatus: 201,
});

export const updateOffice = endpoint({
  method: 'PUT',
  path: 'hospital/{id}',
  tag,
  summary: 'Update an office: address, time zone, program switches, status (office admins only their offices)',
  permission: 'offices.update',
  params: idParams,
  body: officeUpdateSchema,
  response: officeSchema,
});

export const deleteOffice = endpoint({
  method: 'DELETE',
  path: 'hospital/{id}',
  tag,
  summary: 'Delete an office; refused with 409 while patients are still assigned to it',
  permission: 'offices.manage',
  params: idParams,
  response: z.object({ id: z.number().int() }),
});

export const assignUserToOffice = endpoint({
  method: 'POST',
  path: 'hospital/assignusertohospital',
  tag,
  summary: 'Assign a user to an office (idempotent; an office admin is assigned as admin)',
  permission: 'offices.assign',
  body: officeUserBodySchema,
  response: officeAssignmentSchema,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'body.userId' }, patientOnly: true },
});

export const deassignUserFromOffice = endpoint({
  method: 'POST',
  path: 'hospital/deassignuserfromhospital',
  tag,
  summary: 'Remove a user from an office and from that office\'s medical teams (idempotent)',
  permission: 'offices.assign',
  body: officeUserBodySchema,
  response: officeDeassignmentSchema,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'body.userId' }, patientOnly: true },
});

export const assignAdminToOffice = endpoint({
  method: 'POST',
  path: 'hospital/assignadmintohospital',
  tag,
  summary: 'Assign an office admin (role 6) to an office as its admin (idempotent)',
  permission: 'offices.assign',
  body: officeUserBodySchema,
  response: officeAssignmentSchema,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'body.userId' }, patientOnly: true },
});

export const deassignAdminFromOffice = endpoint({
  method: 'POST',
  path: 'hospital/deassignadminfromhospital',
  tag,
  summary: 'Remove an office admin (role 6) from an office (idempotent)',
  permission: 'offices.assign',
  body: officeUserBodySchema,
  response: officeDeassignmentSchema,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'body.userId' }, patientOnly: true },
});

export const assignPatientToOffice = endpoint({
  method: 'POST',
  path: 'hospital/assignpatienttohospital',
  tag,
  summary: 'Assign a patient (role 5) to an office (idempotent)',
  permission: 'offices.assign',
  body: officeUserBodySchema,
  response: officeAssignmentSchema,
  audit: { resource: 'Patient', patient: 'body.userId' },
});

export const assignDoctorToOffice = endpoint({
  method: 'POST',
  path: 'hospital/assigndoctortohospital',
  tag,
  summary: 'Assign a doctor (role 3) to an office (idempotent)',
  permission: 'offices.assign',
  body: officeUserBodySchema,
  response: officeAssignmentSchema,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'body.userId' }, patientOnly: true },
});

export const assignMultipleUsersToOffice = endpoint({
  method: 'POST',
  path: 'hospital/assignmultipleuserstohospital',
  tag,
  summary: 'Assign several users to an office in one transaction (all or none; idempotent)',
  permission: 'offices.assign',
  body: officeUsersBodySchema,
  response: z.array(officeAssignmentSchema),
  audit: { resource: 'Person' },
});

export const findOfficeMedicalStaff = endpoint({
  method: 'GET',
  path: 'hospital/getrelatedmedicalstaffforhospital',
  tag,
  summary: 'Doctors, nurses, caregivers and office admins assigned to the office (at most 500, by name)',
  permission: 'users.read',
  headers: officeHeaderSchema,
  query: officeStaffQuerySchema,
  response: z.array(officeStaffMemberSchema),
});

export const findOfficeMedicalStaffV2 = endpoint({
  method: 'GET',
  path: 'hospital/getrelatedmedicalstaffforhospitalV2',
  tag,
  summary: 'The office\'s medical staff, paged, searchable by name or e-mail, filterable by role',
  permission: 'users.read',
  headers: officeHeaderSchema,
  query: officeStaffPageQuerySchema,
  response: pageOf(officeStaffMemberSchema),
});

export const findOfficeMedicalStaffV3 = endpoint({
  method: 'GET',
  path: 'hospital/getrelatedmedicalstaffforhospitalV3',
  tag,
  summary: 'As V2, with each member\'s patient count (medical teams of the office they belong to)',
  permission: 'users.read',
  headers: officeHeaderSchema,
  query: officeStaffWithCountsQuerySchema,
  response: pageOf(officeStaffMemberWithCountSchema),
});

export const findOfficePatientsV2 = endpoint({
  method: 'GET',
  path: 'hospital/getrelatedpatientsforhospitalv2',
  tag,
  summary: 'Patients of the office as full User shapes with metadata (no SSN); paged, searchable, status filter',
  permission: 'patients.read',
  headers: officeHeaderSchema,
  query: officePatientsQuerySchema,
  response: pageOf(userSchema),
  audit: { resource: 'Patient' },
});

export const findOfficePatientsV4 = endpoint({
  method: 'GET',
  path: 'hospital/getrelatedpatientsforhospitalv4',
  tag,
  summary: 'The /patients list with triage figures (last reading, reading days, care minutes, open alerts, programs); sorted and filtered on the server (no SSN)',
  permission: 'patients.read',
  headers: officeHeaderSchema,
  query: officePatientListQuerySchema,
  response: pageOf(officePatientListItemSchema),
  audit: { resource: 'Patient' },
});

/** Chosen (not in the spec's list): the caller's saved default view of /patients (docs/patient-list.md). */
export const getPatientListView = endpoint({
  method: 'GET',
  path: 'user/patientlistview',
  tag,
  summary: "The caller's saved default view of /patients (sort and filters), or null",
  permission: 'patients.read',
  response: patientListViewResponseSchema,
  audit: false,
});

/** Chosen (not in the spec's list): saves the caller's default view of /patients, replacing the previous one. */
export const savePatientListView = endpoint({
  method: 'PUT',
  path: 'user/patientlistview',
  tag,
  summary: "Saves the caller's default view of /patients (sort and filters)",
  permission: 'patients.read',
  body: patientListViewSchema,
  response: patientListViewResponseSchema,
  changesAccess: false,
  audit: false,
});

export const deassignMedicalStaffFromOfficeV2 = endpoint({
  method: 'DELETE',
  path: 'hospital/deassigmedicalstafffromhospitalv2',
  tag,
  summary: 'Remove a staff member from the office and from its medical teams',
  permission: 'offices.assign',
  body: officeUserBodySchema,
  response: officeDeassignmentSchema,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'body.userId' }, patientOnly: true },
});

export const deassignMultipleMedicalStaffFromOfficeV2 = endpoint({
  method: 'DELETE',
  path: 'hospital/deassigmultiplemedicalstafffromhospitalv2',
  tag,
  summary: 'Remove several staff members from the office and its medical teams in one transaction',
  permission: 'offices.assign',
  body: officeUsersBodySchema,
  response: officeDeassignmentSchema,
  audit: { resource: 'Person' },
});
