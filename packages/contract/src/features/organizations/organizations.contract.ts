import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { pageOf } from '../../common/envelope';
import { idSchema } from '../../common/ids';
import {
  organizationHeaderSchema,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationPatientEntrySchema,
  organizationPatientsQuerySchema,
  organizationSchema,
  organizationStaffMemberSchema,
  organizationStaffQuerySchema,
} from './organizations.schemas';

const tag = 'Medical institution';
const idParams = z.object({ id: idSchema });

export const findOrganizations = endpoint({
  method: 'GET',
  path: 'medicalinstitution',
  tag,
  summary: 'Medical institutions: all for a system admin, otherwise only the caller\'s own; paged, searchable',
  permission: 'organizations.read',
  query: organizationListQuerySchema,
  response: pageOf(organizationSchema),
});

export const createOrganization = endpoint({
  method: 'POST',
  path: 'medicalinstitution',
  tag,
  summary: 'Create a medical institution; the contact phone is validated for its country and stored in E.164',
  permission: 'organizations.manage',
  body: organizationInputSchema,
  response: organizationSchema,
  successStatus: 201,
});

export const getOrganization = endpoint({
  method: 'GET',
  path: 'medicalinstitution/{id}',
  tag,
  summary: 'One medical institution in the caller\'s scope (404 otherwise)',
  permission: 'organizations.read',
  params: idParams,
  response: organizationSchema,
});

export const updateOrganization = endpoint({
  method: 'PUT',
  path: 'medicalinstitution/{id}',
  tag,
  summary: 'Update a medical institution: the caller\'s own, or any for a system admin',
  permission: 'organizations.update',
  params: idParams,
  body: organizationInputSchema,
  response: organizationSchema,
});

export const deleteOrganization = endpoint({
  method: 'DELETE',
  path: 'medicalinstitution/{id}',
  tag,
  summary: 'Delete a medical institution; refused with 409 while it still has offices or users',
  permission: 'organizations.manage',
  params: idParams,
  response: z.object({ id: z.number().int() }),
});

export const findOrganizationPatients = endpoint({
  method: 'GET',
  path: 'medicalinstitution/getrelatedorganizationpatients',
  tag,
  summary: 'Patients of the organization\'s offices that the caller sees, one entry per patient and office; paged',
  permission: 'patients.read',
  headers: organizationHeaderSchema,
  query: organizationPatientsQuerySchema,
  response: pageOf(organizationPatientEntrySchema),
  audit: { resource: 'Patient' },
});

export const findOrganizationMedicalStaffV2 = endpoint({
  method: 'GET',
  path: 'medicalinstitution/getrelatedorganizationmedicalstaffV2',
  tag,
  summary: 'Doctors, nurses, office admins and caregivers assigned to the organization\'s offices; paged',
  permission: 'users.read',
  headers: organizationHeaderSchema,
  query: organizationStaffQuerySchema,
  response: pageOf(organizationStaffMemberSchema),
});
