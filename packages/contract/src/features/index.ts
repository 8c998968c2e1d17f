// Every feature's schemas and endpoint declarations. `allEndpoints` is what the server registers,
// what the OpenAPI document describes and what the authorization matrix test walks.
import type { EndpointDef } from '../common/endpoint';
import * as auth from './auth/auth.contract';
import * as referenceData from './reference-data/reference-data.contract';
import * as users from './users/users.contract';
import * as organizations from './organizations/organizations.contract';
import * as offices from './offices/offices.contract';
import * as medicalTeams from './medical-teams/medical-teams.contract';
import * as metadata from './metadata/metadata.contract';
import * as verifiers from './verifiers/verifiers.contract';
import * as admin from './admin/admin.contract';
import * as devices from './devices/devices.contract';
import * as measurements from './measurements/measurements.contract';
import * as treatmentPlans from './treatment-plans/treatment-plans.contract';
import * as notifications from './notifications/notifications.contract';
import * as publicLinks from './public-links/public-links.contract';
import * as timeTracking from './time-tracking/time-tracking.contract';
import * as medicalNotes from './medical-notes/medical-notes.contract';
import * as billing from './billing/billing.contract';
import * as ccm from './ccm/ccm.contract';
import * as surveys from './surveys/surveys.contract';
import * as prescriptions from './prescriptions/prescriptions.contract';
import * as diagnoses from './diagnoses/diagnoses.contract';
import * as invoices from './invoices/invoices.contract';
import * as licenses from './licenses/licenses.contract';
import * as apiKeys from './api-keys/api-keys.contract';
import { auditTrail, reporting, systemLogs } from './audit/audit.contract';
import * as appointments from './appointments/appointments.contract';
import * as chat from './chat/chat.contract';
import * as support from './support/support.contract';
import * as releaseNotes from './release-notes/release-notes.contract';
import * as terra from './terra/terra.contract';
import * as ecp from './ecp/ecp.contract';
import * as enrolment from './enrolment/enrolment.contract';
import * as dashboards from './dashboards/dashboards.contract';
import * as mfa from './mfa/mfa.contract';
import * as sso from './sso/sso.contract';
import * as fhirApi from './fhir-api/fhir-api.contract';

export * from './auth/auth.schemas';
export * from './reference-data/reference-data.schemas';
export * from './users/users.schemas';
export * from './organizations/organizations.schemas';
export * from './offices/offices.schemas';
export * from './medical-teams/medical-teams.schemas';
export * from './metadata/metadata.schemas';
export * from './verifiers/verifiers.schemas';
export * from './admin/admin.schemas';
export * from './devices/devices.schemas';
export * from './measurements/measurements.schemas';
export * from './treatment-plans/treatment-plans.schemas';
export * from './notifications/notifications.schemas';
export * from './public-links/public-links.schemas';
export * from './time-tracking/time-tracking.schemas';
export * from './medical-notes/medical-notes.schemas';
export * from './billing/billing.schemas';
export * from './billing/billing.generation.schemas';
export * from './ccm/ccm.schemas';
export * from './ccm/ccm.groups';
export * from './ccm/ccm.options';
export * from './ccm/ccm.sections.schemas';
export * from './ccm/ccm.record.schemas';
export { CCM_UPLOAD_CEILING_BYTES, ccmFhirImportResultSchema, type CcmFhirImportResult } from './ccm/ccm.files.contract';
export * from './surveys/surveys.schemas';
export * from './surveys/survey-occurrences.schemas';

export * from './prescriptions/prescriptions.schemas';

export * from './diagnoses/diagnoses.schemas';
export * from './chat/chat.schemas';
export * from './support/support.schemas';
export * from './release-notes/release-notes.schemas';
export { SUPPORT_UPLOAD_CEILING_BYTES } from './support/support.contract';

export * from './invoices/invoices.schemas';
export * from './licenses/licenses.schemas';
export * from './api-keys/api-keys.schemas';
export * from './sso/sso.schemas';
export * from './fhir-api/fhir-api.schemas';

export * from './audit/audit.schemas';
export * from './dashboards/dashboards.schemas';
export * from './mfa/mfa.schemas';

export { auth, referenceData, users, organizations, offices, medicalTeams, metadata, verifiers, admin, devices, measurements, treatmentPlans, notifications, publicLinks, timeTracking, medicalNotes, billing, ccm, surveys, prescriptions, diagnoses, invoices, licenses, apiKeys, systemLogs, reporting, auditTrail, appointments, chat, support, releaseNotes, terra, ecp, enrolment, dashboards, mfa, sso, fhirApi };
export * from './appointments/appointments.schemas';
export * from './terra/terra.schemas';
export * from './ecp/ecp.schemas';
export * from './enrolment/enrolment.schemas';
export * from './enrolment/mbi';

export const contract = {
  auth,
  referenceData,
  users,
  organizations,
  offices,
  medicalTeams,
  metadata,
  verifiers,
  admin,
  devices,
  measurements,
  treatmentPlans,
  notifications,
  publicLinks,
  timeTracking,
  medicalNotes,
  billing,
  ccm,
  surveys,
  prescriptions,
  diagnoses,
  invoices,
  licenses,
  apiKeys,
  systemLogs,
  reporting,
  auditTrail,
  appointments,
  chat,
  support,
  releaseNotes,
  terra,
  ecp,
  enrolment,
  dashboards,
  mfa,
  sso,
  fhirApi,
} as const;

const isEndpoint = (v: unknown): v is EndpointDef => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'permission' in v;

/**
 * The endpoint declarations under `node`, in declaration order: an endpoint itself, or every
 * endpoint of a (nested) group of declarations, such as the five endpoints a sub-record helper
 * returns. Each object is visited once.
 */
function endpointsUnder(node: unknown, seen = new Set<unknown>()): EndpointDef[] {
  if (typeof node !== 'object' || node === null || seen.has(node)) { return []; }
  seen.add(node);
  if (isEndpoint(node)) { return [node]; }
  return Object.values(node).flatMap((child) => endpointsUnder(child, seen));
}

/** Every declared endpoint, flattened from the feature groups and any groups nested in them. */
export const allEndpoints: EndpointDef[] = endpointsUnder(contract);
