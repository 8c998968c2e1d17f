import { Role, type RoleId } from './roles';

/**
 * Every permission the API checks. Routes name exactly one (or are `public`); the role map below
 * is the only place that says who holds which. The web uses it only to hide what a user cannot do.
 */
export const permissions = [
  'self.read', // own session, profile, image
  'self.update', // own language, password, image, websocket token, own MFA factors
  'mfa.policy', // the organization's MFA policy (docs/security.md "Multi-factor authentication")
  'mfa.reset', // remove every factor of a user of the caller's organization
  'reference.read', // countries, roles
  'users.read', // staff and admin lists in scope
  'users.manage', // create / update staff and admins in scope
  'users.setStatus',
  'users.delete',
  'patients.read',
  'patients.manage',
  'organizations.read',
  'organizations.update',
  'organizations.manage', // create / delete organizations
  'offices.read',
  'offices.update',
  'offices.manage', // create / delete offices
  'offices.assign', // assign and deassign users to offices
  'medicalTeams.read',
  'medicalTeams.manage',
  'metadata.read',
  'metadata.manage',
  'verifiers.read',
  'verifiers.manage',
  'outbox.read', // the e-mail outbox of the embedded default
  'import.run', // FHIR import
  // Remote monitoring
  'devices.read', // hubs, devices, templates, tablets, trusted hubs
  'devices.manage',
  'measurements.read',
  'measurements.create', // manual readings by staff; hubs post with their own credential
  'treatmentPlans.read',
  'treatmentPlans.manage',
  'notifications.read', // own notifications and the alert worklist
  'notifications.process', // mark processed with resolution comments
  'notifications.send',
  'notifications.markForOthers', // mark another user's notifications read (a user in the caller's scope)
  'notifications.officeView', // the worklist's office view: every alert of the caller's offices, once per reading
  'dashboard.read', // the office figures of /dashboard (not for patients and caregivers)
  'dashboard.system', // every organization's usage and the system's health, /dashboardsystemadmin and /SaReports (system admin; docs/dashboards.md)
  'publicLinks.manage',
  // Care time, notes and billing
  'timeTracking.use', // start / stop own timers, manual entries
  'presence.read',
  'presence.manage',
  'notes.read',
  'notes.manage',
  'careRecords.manageAll', // change anyone's medical notes and manual time entries in the caller's offices
  'noteTemplates.manage',
  'billing.read', // summaries, details with evidence, CSV, readiness, reports
  'billing.generate',
  'billing.settings', // UNCONFIRMED-rule settings of the caller's organization
  'billing.globalSettings', // the settings every organization inherits (organization null)
  'billing.feeSchedule', // the one national fee schedule shared by every organization
  'billing.authorizations', // which staff may bill which programs
  // Chronic care management records and their sub-records (spec section 7 "CCM")
  'ccm.read',
  'ccm.manage', // open a CCM record; add, edit and delete its sub-records
  // Surveys and wellness assessments (spec section 7 "Surveys"; docs/assessments.md)
  'surveys.read', // templates, a patient's surveys, scores and reports, the mental-health list, FHIR export
  'surveys.manage', // assign and stop surveys, enter answers, create and revoke survey links
  'surveyTemplates.manage', // an office's templates, questions and offered answers
  'surveyTemplates.library', // the system-wide library (validated instruments stay locked)
  // Prescriptions and the drug-product search (spec section 7 "Diagnosis and prescriptions")
  'prescriptions.read', // a patient's medication list and the drug search
  'prescriptions.manage', // add, edit and delete prescriptions
  'drugs.import', // load an FDA NDC Directory product file (system admin)
  // Diagnoses in ICD-10-CM (spec section 7 "Diagnosis and prescriptions")
  'diagnoses.read', // a patient's problem list, the ICD-10-CM search and releases
  'diagnoses.manage', // add, edit, code and delete a patient's diagnoses
  'icd10cm.import', // load a new ICD-10-CM release from the official code file (system admin)
  // Invoices, licences and API keys (docs/invoices.md, docs/licenses.md, docs/api-keys.md)
  'invoices.read', // an organization's invoices and their PDFs
  'invoices.manage', // generate, edit, issue, mark paid or void, delete drafts
  'licenses.read', // the licences of the caller's offices and a patient's assignments
  'licenses.manage', // create, edit, delete, bulk insert, assign and deassign licences
  'apiKeys.manage', // issue and revoke API users' keys
  'sso.manage', // the organization's OpenID Connect single sign-on (docs/security.md "Single sign-on")
  'fhirClients.manage', // register and revoke the organization's FHIR API (SMART Backend Services) clients (docs/fhir.md)
  // The PHI audit trail, system logs and reports (docs/audit.md)
  'audit.read', // the audit trail of the caller's organization (patients and callers), its CSV and FHIR exports
  'audit.verify', // check the whole trail's hash chain (system admin)
  'systemLogs.read', // server errors, job runs, integration failures, refused sign-ins (system admin)
  'reports.read', // the Reporting section: staff audit reports, logins, time, readings
  'reports.dailyScores', // the patients' daily scores of the caller's offices, shown on /dailyreports (docs/audit.md "Daily score")
  'reports.business', // /OaReports and /SaReports: programs, billing, staff time, response times, audit summaries (docs/dashboards.md)
  // Appointments and video / voice visits (spec section 7 "Appointments"; docs/appointments.md, docs/video-visits.md)
  'appointments.read', // the calendars, a patient's visits, appointment notes, the .ics file
  'appointments.manage', // schedule, reschedule, cancel, attendees, notes, approve or reject requests
  'appointments.request', // ask for an appointment (the doctor approves or rejects it)
  'visits.join', // enter a video visit as its doctor or attendee, admit, end, ring, invite
  'visits.officeAll', // enter any video visit of the caller's offices (not only as doctor or attendee)
  'support.use', // open support threads with the system admins, reply, attach files (docs/support.md)
  'support.manage', // every support thread: reply as support, set its status (system admin)
  'releaseNotes.read', // list and open release notes and manuals (everyone signed in)
  'releaseNotes.manage', // upload and delete release notes and manuals (system admin)
  // Integrations (docs/integrations.md): Terra wearables
  'terra.read', // the Terra mapping table, a patient's deliveries, the ECP users for mappings
  'terra.manage', // connect and disconnect a patient, forwarding to the ECP and its impersonated user
  'terra.fdaClearance', // mark a patient's Terra source as an FDA-cleared device (it then counts as device days)
  // Integrations: the external care platform (ECP)
  'ecp.read', // ECP logs beside Vigil records, location mappings, readings sent and the dead-letter list
  'ecp.manage', // map locations, residents and users (automatic, confirm, unmap, create from a log), retry a dead letter
  'ecp.finalize', // review an office's readings of mapped residents: they are sent to the ECP
  'ecp.claimHeldCommunity', // map a community that already holds ECP records sent before any mapping (system admin: docs/integrations.md "Claiming a community")
] as const;

export type Permission = (typeof permissions)[number];

const signedIn: Permission[] = ['self.read', 'self.update', 'reference.read', 'releaseNotes.read'];
const monitoringStaff: Permission[] = [
  'devices.read',
  'devices.manage',
  'measurements.read',
  'measurements.create',
  'treatmentPlans.read',
  'treatmentPlans.manage',
  'notifications.read',
  'notifications.process',
  'notifications.send',
  'publicLinks.manage',
  'timeTracking.use',
  'presence.read',
  'presence.manage',
  'notes.read',
  'notes.manage',
  'billing.read',
  // CCM is care documentation like notes: the care team and office admins of the patient's office.
  'ccm.read',
  'ccm.manage',
  // Assessments are care work like notes: the care team and office admins of the patient's office.
  'surveys.read',
  'surveys.manage',
  // The medication list is care documentation too; the prescriber must still be a doctor (prescriptions.service.ts).
  'prescriptions.read',
  'prescriptions.manage',
  // The problem list is care documentation too: the care team and office admins of the patient's office.
  'diagnoses.read',
  'diagnoses.manage',
  // The licences a patient holds are part of the office's records the care team reads.
  'licenses.read',
  // Visits are care work: the care team and office admins of the patient's office.
  'appointments.read',
  'appointments.manage',
  'appointments.request',
  'visits.join',
];
/** What administers an office's records, beyond the clinicians' own (system, organization and office admins). */
const officeAdministration: Permission[] = ['notifications.markForOthers', 'notifications.officeView', 'careRecords.manageAll', 'visits.officeAll'];
const officeAdmin: Permission[] = [
  ...signedIn,
  ...monitoringStaff,
  ...officeAdministration,
  'dashboard.read',
  'support.use',
  'noteTemplates.manage',
  'surveyTemplates.manage',
  'billing.generate',
  'billing.authorizations',
  'licenses.manage',
  'users.read',
  'users.manage',
  'users.setStatus',
  'patients.read',
  'patients.manage',
  'reports.read',
  'reports.dailyScores',
  'organizations.read',
  'offices.read',
  'offices.update',
  'offices.assign',
  'medicalTeams.read',
  'medicalTeams.manage',
  'metadata.read',
  'metadata.manage',
  'verifiers.read',
  'terra.read',
  'terra.manage',
  'terra.fdaClearance',
  'ecp.read',
  'ecp.manage',
  'ecp.finalize',
];
const clinician: Permission[] = [
  ...monitoringStaff,
  ...signedIn,
  'reports.dailyScores',
  'surveyTemplates.manage',
  'dashboard.read',
  'support.use',
  'users.read',
  'patients.read',
  'organizations.read',
  'offices.read',
  'medicalTeams.read',
  'metadata.read',
  'metadata.manage',
  'verifiers.read',
  'terra.read',
  'terra.manage',
  'ecp.read',
  'ecp.finalize',
];

export const rolePermissions = {
  [Role.SYSTEM_ADMIN]: [...permissions],
  [Role.ORGANIZATION_ADMIN]: [
    ...officeAdmin,
    'users.delete',
    'organizations.update',
    'offices.manage',
    'billing.settings',
    // Invoices and API keys span the whole organization (docs/invoices.md, docs/api-keys.md).
    'invoices.read',
    'invoices.manage',
    'apiKeys.manage',
    // Who must hold a second factor, and resetting a user's lost factors (docs/security.md "Multi-factor authentication").
    'mfa.policy',
    'mfa.reset',
    // The organization's single sign-on (docs/security.md "Single sign-on").
    'sso.manage',
    // The organization's FHIR API clients (docs/fhir.md).
    'fhirClients.manage',
    // The organization's PHI audit trail (docs/audit.md).
    'audit.read',
    // The organization's reports, /OaReports (docs/dashboards.md "Reports").
    'reports.business',
  ],
  [Role.HOSPITAL_ADMIN]: officeAdmin,
  [Role.DOCTOR]: clinician,
  [Role.NURSE]: clinician,
  [Role.CARE_GIVER]: [
    ...signedIn,
    'patients.read',
    'offices.read',
    'medicalTeams.read',
    'metadata.read',
    'verifiers.read',
    'devices.read',
    'measurements.read',
    'treatmentPlans.read',
    'notifications.read',
    'appointments.request',
  ],
  [Role.PATIENT]: [
    ...signedIn,
    'medicalTeams.read',
    'metadata.read',
    'verifiers.read',
    'devices.read',
    'measurements.read',
    'treatmentPlans.read',
    'notifications.read',
    'appointments.request',
  ],
  [Role.PARTNER]: [...signedIn, 'organizations.read', 'offices.read', 'billing.read'],
  // An API user acts through its keys (docs/api-keys.md); each key narrows this to `apiKeyAccessPermissions[access]`.
  [Role.API_USER]: [...signedIn, 'patients.read', 'offices.read', 'organizations.read', 'verifiers.read', 'devices.read', 'measurements.read', 'measurements.create'],
  [Role.DATA_COORDINATOR]: [
    ...signedIn,
    'users.read',
    'patients.read',
    'organizations.read',
    'offices.read',
    'medicalTeams.read',
    'metadata.read',
    'verifiers.read',
  ],
  [Role.VERIFIER]: [...signedIn, 'verifiers.read', 'verifiers.manage'],
  [Role.ECP_USER]: signedIn,
} satisfies Record<RoleId, Permission[]>;

/**
 * What an API key may do, by its access (docs/api-keys.md): `read` reads the organization's
 * patients, offices and readings; `ingest` posts readings. A key's call needs the permission in
 * its API user's role (the map above) AND here.
 */
export const apiKeyAccessPermissions = {
  read: ['self.read', 'reference.read', 'patients.read', 'offices.read', 'organizations.read', 'verifiers.read', 'devices.read', 'measurements.read'],
  ingest: ['self.read', 'reference.read', 'devices.read', 'measurements.create'],
} as const satisfies Record<string, readonly Permission[]>;
export type ApiKeyAccess = keyof typeof apiKeyAccessPermissions;

/** Whether a key of `access` may use `permission` (its user's role must hold it too: `can`). */
export function apiKeyMay(access: ApiKeyAccess, permission: Permission): boolean {
  return (apiKeyAccessPermissions[access] as readonly Permission[]).includes(permission);
}

/** Whether `role` holds `permission`. */
export function can(role: RoleId, permission: Permission): boolean {
  return (rolePermissions[role] as readonly Permission[]).includes(permission);
}
