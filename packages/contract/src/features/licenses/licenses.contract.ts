import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  createLicenseBodySchema,
  LICENSE_CSV_MAX_BYTES,
  licenseAssignBodySchema,
  licenseAssignmentSchema,
  licenseBulkHeadersSchema,
  licenseBulkReportSchema,
  licenseListQuerySchema,
  licensePageSchema,
  licensePatientHeadersSchema,
  licenseSchema,
  updateLicenseBodySchema,
} from './licenses.schemas';

// Licences of the caller's offices and their assignment to patients (endpoints.txt "Invoices and
// licences"; docs/licenses.md).
const tag = 'Licences';
const idParams = z.object({ id: idSchema });

export const findLicenses = endpoint({
  method: 'GET',
  path: 'licenses',
  tag,
  summary: "A page of the licences of the caller's offices, filtered by office, status, type and name, sorted on the server",
  permission: 'licenses.read',
  query: licenseListQuerySchema,
  response: licensePageSchema,
  audit: { resource: 'Contract' },
});

export const createLicense = endpoint({
  method: 'POST',
  path: 'licenses',
  tag,
  summary: 'Creates a licence in an office of the caller',
  permission: 'licenses.manage',
  body: createLicenseBodySchema,
  response: licenseSchema,
  successStatus: 201,
});

export const getLicense = endpoint({
  method: 'GET',
  path: 'licenses/{id}',
  tag,
  summary: 'One licence',
  permission: 'licenses.read',
  params: idParams,
  response: licenseSchema,
  audit: { resource: 'Contract', record: { kind: 'license', key: 'params.id' } },
});

export const updateLicense = endpoint({
  method: 'PUT',
  path: 'licenses/{id}',
  tag,
  summary: 'Edits a licence; 409 when deactivating an assigned one',
  permission: 'licenses.manage',
  params: idParams,
  body: updateLicenseBodySchema,
  response: licenseSchema,
  audit: { resource: 'Contract', record: { kind: 'license', key: 'params.id' } },
});

export const deleteLicense = endpoint({
  method: 'DELETE',
  path: 'licenses/{id}',
  tag,
  summary: 'Deletes a licence that was never assigned; 409 otherwise (deactivate it instead)',
  permission: 'licenses.manage',
  params: idParams,
  response: z.object({ id: z.number().int() }),
  audit: { resource: 'Contract', record: { kind: 'license', key: 'params.id' } },
});

export const bulkInsertLicenses = endpoint({
  method: 'POST',
  path: 'licenses/bulkinsert',
  tag,
  summary:
    'Inserts licences into an office (header hospitalid) from a CSV upload (multipart field "file"; columns name, description, content, type, price, expirationDate); answers a report per row; rows with errors are left out',
  permission: 'licenses.manage',
  headers: licenseBulkHeadersSchema,
  multipart: { maxBytes: LICENSE_CSV_MAX_BYTES },
  response: licenseBulkReportSchema,
  successStatus: 201,
});

export const getLicenseAssignmentsForPatient = endpoint({
  method: 'GET',
  path: 'licenseassignments/getforpatient',
  tag,
  summary: "A patient's licence assignments (header patientid), the current ones first",
  permission: 'licenses.read',
  headers: licensePatientHeadersSchema,
  response: z.array(licenseAssignmentSchema),
});

export const assignLicense = endpoint({
  method: 'POST',
  path: 'licenseassignments/assign',
  tag,
  summary: "Assigns an active licence to a patient of the licence's office; 409 when the patient already holds an active licence of that type",
  permission: 'licenses.manage',
  body: licenseAssignBodySchema,
  response: licenseAssignmentSchema,
  changesAccess: false,
});

export const deassignLicense = endpoint({
  method: 'POST',
  path: 'licenseassignments/deassign',
  tag,
  summary: 'Ends the assignment of a licence to a patient; the licence is active again',
  permission: 'licenses.manage',
  body: licenseAssignBodySchema,
  response: licenseAssignmentSchema,
  changesAccess: false,
});
