/**
 * The schema's aggregate (docs/architecture.md "Table ownership"): every table is defined in the
 * file of its owner, `features/<owner>/<owner>.tables.ts` or `lib/<owner>.tables.ts` for shared
 * infrastructure, and re-exported here under its own name. drizzle-kit reads this file
 * (packages/api/drizzle.config.ts), and code outside the owner reads tables through it
 * (`import { users } from '../../db/schema'`); it is the one file of db/ that imports features
 * (their `*.tables.ts` only, eslint.config.js "API feature boundaries").
 *
 * drizzle-orm, PostgreSQL 15 features only so that PGlite and the server agree. Table and column
 * names are snake_case; the spec's camelCase names appear in the API shapes.
 */
export * from '../../features/reference-data/reference-data.tables';
export * from '../../features/organizations/organizations.tables';
export * from '../../features/offices/offices.tables';
export * from '../../features/users/users.tables';
export * from '../../features/metadata/metadata.tables';
export * from '../../features/medical-teams/medical-teams.tables';
export * from '../../features/verifiers/verifiers.tables';
export * from '../../features/auth/auth.tables';
export * from '../../lib/mailer.tables';
export * from '../../features/import/import.tables';
export * from '../../features/devices/devices.tables';
export * from '../../features/measurements/measurements.tables';
export * from '../../features/treatment-plans/treatment-plans.tables';
export * from '../../features/notifications/notifications.tables';
export * from '../../features/public-links/public-links.tables';
export * from '../../features/medical-notes/medical-notes.tables';
export * from '../../features/time-tracking/time-tracking.tables';
export * from '../../features/billing/billing.tables';
export * from '../../features/ccm/ccm.tables';
export * from '../../features/surveys/surveys.tables';
export * from '../../features/prescriptions/prescriptions.tables';
export * from '../../features/diagnoses/diagnoses.tables';
export * from '../../features/invoices/invoices.tables';
export * from '../../features/licenses/licenses.tables';
export * from '../../features/api-keys/api-keys.tables';
export * from '../../features/sso/sso.tables';
export * from '../../lib/audit.tables';
export * from '../../features/audit/audit.tables';
export * from '../../features/appointments/appointments.tables';
export * from '../../features/support/support.tables';
export * from '../../features/release-notes/release-notes.tables';
export * from '../../features/terra/terra.tables';
export * from '../../features/ecp/ecp.tables';
export * from '../../features/enrolment/enrolment.tables';
export * from '../../features/mfa/mfa.tables';
export * from '../../features/fhir-api/fhir-api.tables';
