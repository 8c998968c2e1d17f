/**
 * The feature modules (lib/feature-module.ts; docs/architecture.md "Feature modules"): the one list
 * of features the app composes. app.ts registers their routes and hands their jobs to the job
 * runner and their audit record lookups to the audit trail; nothing else lists a feature's internals.
 * A new feature adds its `module.ts` here (features.test.ts checks that every feature folder is listed).
 */
import type { AuditRecordKind } from '@vigil/contract';
import { gatherAuditRecords, type AuditKindsOf } from '../lib/feature-module';
import { authModule } from './auth/module';
import { referenceDataModule } from './reference-data/module';
import { usersModule } from './users/module';
import { organizationsModule } from './organizations/module';
import { officesModule } from './offices/module';
import { medicalTeamsModule } from './medical-teams/module';
import { metadataModule } from './metadata/module';
import { verifiersModule } from './verifiers/module';
import { adminModule } from './admin/module';
import { devicesModule } from './devices/module';
import { measurementsModule } from './measurements/module';
import { treatmentPlansModule } from './treatment-plans/module';
import { notificationsModule } from './notifications/module';
import { publicLinksModule } from './public-links/module';
import { timeTrackingModule } from './time-tracking/module';
import { medicalNotesModule } from './medical-notes/module';
import { billingModule } from './billing/module';
import { ccmModule } from './ccm/module';
import { surveysModule } from './surveys/module';
import { prescriptionsModule } from './prescriptions/module';
import { diagnosesModule } from './diagnoses/module';
import { invoicesModule } from './invoices/module';
import { licensesModule } from './licenses/module';
import { apiKeysModule } from './api-keys/module';
import { auditModule } from './audit/module';
import { appointmentsModule } from './appointments/module';
import { chatModule } from './chat/module';
import { supportModule } from './support/module';
import { releaseNotesModule } from './release-notes/module';
import { terraModule } from './terra/module';
import { ecpModule } from './ecp/module';
import { enrolmentModule } from './enrolment/module';
import { dashboardsModule } from './dashboards/module';
import { importModule } from './import/module';
import { mfaModule } from './mfa/module';
import { ssoModule } from './sso/module';
import { fhirApiModule } from './fhir-api/module';

/** Every feature's module, in the order their routes are registered. */
export const featureModules = [
  authModule,
  referenceDataModule,
  usersModule,
  organizationsModule,
  officesModule,
  medicalTeamsModule,
  metadataModule,
  verifiersModule,
  adminModule,
  devicesModule,
  measurementsModule,
  treatmentPlansModule,
  notificationsModule,
  publicLinksModule,
  timeTrackingModule,
  medicalNotesModule,
  billingModule,
  ccmModule,
  surveysModule,
  prescriptionsModule,
  diagnosesModule,
  invoicesModule,
  licensesModule,
  apiKeysModule,
  auditModule,
  appointmentsModule,
  chatModule,
  supportModule,
  releaseNotesModule,
  terraModule,
  ecpModule,
  enrolmentModule,
  dashboardsModule,
  importModule,
  mfaModule,
  ssoModule,
  fhirApiModule,
] as const;

/**
 * Compile-time proof that every audit record kind of the contract (`AuditRecordKind`) has a lookup
 * in some module: a kind without one makes this a type error naming the kind.
 */
type KindsWithoutLookup = Exclude<AuditRecordKind, AuditKindsOf<(typeof featureModules)[number]>>;
const everyKindHasALookup: [KindsWithoutLookup] extends [never] ? true : KindsWithoutLookup = true;
void everyKindHasALookup;

/** The patient lookup of every audit record kind, gathered from the modules (the app's `ctx.auditRecords`). */
export const auditRecordLookups = gatherAuditRecords(featureModules);
