import { endpoint } from '../../common/endpoint';
import { enrolmentHeadersSchema, enrolmentSchema, updateEnrolmentBodySchema } from './enrolment.schemas';

// Chosen (not in the spec's list): a patient's program enrolment and insurance (docs/enrolment.md).
// Spec section 6 "Program permissions": enrolling patients in programs is a staff option, and an
// office enables RPM, RTM and CCM; the enrolment is clinical administration, it changes no access.
const tag = 'Enrolment';

export const getPatientEnrolment = endpoint({
  method: 'GET',
  path: 'patientenrolment',
  tag,
  summary: "Chosen (not in the spec): a patient's programs with their enrolment dates and insurance (header patientid); empty when none was saved; 404 for a patient out of scope",
  permission: 'patients.read',
  headers: enrolmentHeadersSchema,
  response: enrolmentSchema,
});

export const updatePatientEnrolment = endpoint({
  method: 'PUT',
  path: 'patientenrolment',
  tag,
  summary:
    "Chosen (not in the spec): replaces a patient's programs (each once, enrolment date not in the future in the patient's office, a program the office has switched off refused) and insurance (a Medicare member id must be an MBI in CMS's format)",
  permission: 'patients.manage',
  headers: enrolmentHeadersSchema,
  body: updateEnrolmentBodySchema,
  response: enrolmentSchema,
  changesAccess: false,
});
