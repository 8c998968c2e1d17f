/**
 * One writer per table (docs/architecture.md "Table ownership"): every table's owner, the only
 * code that inserts, updates or deletes its rows. Other code calls the owner's service through the
 * owner's `index.ts`; reads and joins of another owner's table are allowed.
 *
 * An owner is a feature (a folder name under packages/api/src/features/) or shared infrastructure:
 * 'lib/audit' (lib/audit-*.ts and lib/system-log.ts), 'lib/mailer' (lib/mailer.ts),
 * 'lib/sub-records', 'realtime' or 'db'. The owner is the feature whose spec entity the table is,
 * not whoever writes it today; today's other writers are the allow-list of the lint rule
 * `vigil/one-writer` (eslint-rules/one-writer.allow.json).
 *
 * Each table is defined in its owner's tables file: `features/<owner>/<owner>.tables.ts`, or
 * `lib/<name>.tables.ts` for the infrastructure owner `lib/<name>`; db/schema/index.ts re-exports
 * them all. Keyed by the table's SQL name (the first argument of `pgTable`); owners.test.ts checks
 * that the map names every table of db/schema and nothing else, and that it agrees with the file
 * defining each table. Keep it a plain object literal of string pairs: the lint rules and
 * scripts/table-writers.mjs read this file's text.
 */

/** The owners that are not features. */
export const infrastructureOwners = ['lib/audit', 'lib/mailer', 'lib/sub-records', 'realtime', 'db'] as const;

export const tableOwners: Readonly<Record<string, string>> = {
  // Tables files of: reference-data, organizations, offices, users, metadata, medical-teams, verifiers, auth, lib/mailer, import.
  // Reference values the reference-data feature serves (db/seed/reference.ts loads them).
  roles: 'reference-data',
  countries: 'reference-data',
  organizations: 'organizations',
  // The spec's "hospital" is an office.
  hospitals: 'offices',
  users: 'users',
  // A user's office memberships: created and replaced with the user (users' create and edit).
  user_hospitals: 'users',
  doctor_metadata: 'metadata',
  doctor_specializations: 'metadata',
  nurse_metadata: 'metadata',
  patient_metadata: 'metadata',
  medical_teams: 'medical-teams',
  medical_team_members: 'medical-teams',
  verifiers: 'verifiers',
  // Sign-in: sessions, the one-time e-mail and device tokens, and the sign-in limits.
  sessions: 'auth',
  user_tokens: 'auth',
  sign_in_failures: 'auth',
  sign_in_challenges: 'auth',
  // Every feature sends mail through lib/mailer.ts, which keeps the outbox (the admin feature reads it).
  email_outbox: 'lib/mailer',
  import_runs: 'import',
  import_uploads: 'import',

  // Tables files of: devices, measurements, treatment-plans, notifications, public-links.
  // Hubs, their devices and tablets, and the device templates (db/seed/device-templates.ts loads them).
  medical_device_templates: 'devices',
  hubs: 'devices',
  trusted_hubs: 'devices',
  medical_devices: 'devices',
  tablet_infos: 'devices',
  measurements: 'measurements',
  // An office's default thresholds: the measurements feature's threshold rules (thresholds.ts) read and set them.
  hospital_device_defaults: 'measurements',
  treatment_plans: 'treatment-plans',
  treatment_plan_devices: 'treatment-plans',
  treatment_plan_patients: 'treatment-plans',
  notifications: 'notifications',
  public_links: 'public-links',
  public_link_accesses: 'public-links',

  // Tables files of: medical-notes, time-tracking, billing.
  // Medical notes and their category templates.
  medical_note_category_templates: 'medical-notes',
  medical_notes: 'medical-notes',
  medical_note_details: 'medical-notes',
  // Care time and presence (out of facility) are time-tracking's.
  time_entries: 'time-tracking',
  patient_presence: 'time-tracking',
  patient_billing_profiles: 'billing',
  billing_settings: 'billing',
  fee_schedule: 'billing',
  billing_code_links: 'billing',
  billing_authorization_templates: 'billing',
  user_billing_authorizations: 'billing',
  billing_runs: 'billing',
  billing_claims: 'billing',

  // Tables files of: ccm.
  // The record, its sub-record groups (written through lib/sub-records' generic repo, the table handed in
  // by the ccm feature), a condition's history, the files, and the answer version (kept by triggers).
  ccm_records: 'ccm',
  ccm_allergies: 'ccm',
  ccm_diagnoses: 'ccm',
  ccm_conditions: 'ccm',
  ccm_condition_history: 'ccm',
  ccm_care_plans: 'ccm',
  ccm_medication_events: 'ccm',
  ccm_vital_entries: 'ccm',
  ccm_medical_notes: 'ccm',
  ccm_observations: 'ccm',
  ccm_attachments: 'ccm',
  ccm_consent_forms: 'ccm',
  ccm_imaging: 'ccm',
  ccm_vaccines: 'ccm',
  ccm_labs: 'ccm',
  ccm_time_log_entries: 'ccm',
  ccm_files: 'ccm',
  ccm_record_versions: 'ccm',

  // Tables files of: surveys.
  survey_templates: 'surveys',
  survey_questions: 'surveys',
  survey_offered_answers: 'surveys',
  survey_plan_assignments: 'surveys',
  survey_recurrences: 'surveys',
  surveys: 'surveys',
  survey_answers: 'surveys',
  survey_links: 'surveys',

  // Tables files of: prescriptions.
  // The drug catalogue (products, search words, its version kept by a trigger, the FDA file loads) with the prescriptions.
  drug_products: 'prescriptions',
  drug_catalogue_version: 'prescriptions',
  drug_search_words: 'prescriptions',
  prescriptions: 'prescriptions',
  drug_import_runs: 'prescriptions',

  // Tables files of: diagnoses.
  // The ICD-10-CM code set and its loads, with the patients' problem lists.
  icd10cm_releases: 'diagnoses',
  icd10cm_codes: 'diagnoses',
  icd10cm_words: 'diagnoses',
  patient_diagnoses: 'diagnoses',

  // Tables files of: invoices, licenses, api-keys.
  invoices: 'invoices',
  invoice_lines: 'invoices',
  invoice_number_counters: 'invoices',
  licenses: 'licenses',
  license_assignments: 'licenses',
  api_keys: 'api-keys',

  // Tables file of: sso (docs/security.md "Single sign-on").
  sso_configs: 'sso',
  sso_flows: 'sso',
  sso_identities: 'sso',
  sso_sessions: 'sso',

  // Tables files of: lib/audit.
  // The PHI audit trail and the system logs (docs/audit.md): appended by lib/audit-trail.ts and
  // lib/system-log.ts for every feature; the audit feature only reads them.
  audit_events: 'lib/audit',
  audit_chain_head: 'lib/audit',
  system_logs: 'lib/audit',

  // Tables files of: audit.
  // The verdicts of the trail's checks against its signed checkpoints (docs/audit.md "Checkpoints").
  audit_verifications: 'audit',

  // Tables files of: appointments.
  // Appointments with their attendees, notes, day-view version (kept by triggers), visit invitations and calls.
  appointments: 'appointments',
  appointment_attendees: 'appointments',
  appointment_day_versions: 'appointments',
  appointment_notes: 'appointments',
  visit_invitations: 'appointments',
  video_calls: 'appointments',
  video_call_participants: 'appointments',
  video_call_rings: 'appointments',

  // Tables files of: support.
  support_threads: 'support',
  support_messages: 'support',
  support_files: 'support',

  // Tables files of: release-notes.
  release_notes: 'release-notes',
  release_note_views: 'release-notes',

  // Tables files of: terra, ecp.
  terra_connections: 'terra',
  terra_events: 'terra',
  terra_data_copies: 'terra',
  ecp_locations: 'ecp',
  ecp_organizations: 'ecp',
  ecp_logs: 'ecp',
  ecp_outbound: 'ecp',

  // Tables files of: enrolment.
  patient_program_enrolments: 'enrolment',
  patient_insurance: 'enrolment',

  // Tables files of: mfa.
  mfa_factors: 'mfa',
  mfa_recovery_codes: 'mfa',
  mfa_remembered_devices: 'mfa',
  mfa_organization_policies: 'mfa',

  // Tables files of: fhir-api.
  smart_clients: 'fhir-api',
  smart_tokens: 'fhir-api',
  smart_assertion_jtis: 'fhir-api',
};
