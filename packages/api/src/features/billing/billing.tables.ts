/**
 * `billing`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Care-management billing (README "Care time, notes and billing"). Programs: RPM, RTM, CCM, PCM, APCM,
 * BHI, CPM (chronic pain management, G3002/G3003). Billing codes are CPT/HCPCS; diagnoses ICD-10-CM;
 * amounts in cents from the fee schedule, never constants in the rules.
 */
import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A patient's billing profile: one billing type (spec section 5), practitioner, ICD-10-CM diagnoses. */
export const patientBillingProfiles = pgTable('patient_billing_profiles', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  billingType: text('billing_type').notNull().default('RPM'),
  billingPractitionerId: integer('billing_practitioner_id').references(() => users.id),
  /** ICD-10-CM codes, primary first */
  diagnosesJson: jsonb('diagnoses_json').$type<string[]>().notNull().default([]),
  rpmEpisodeStart: date('rpm_episode_start', { mode: 'string' }),
  rtmSystem: text('rtm_system'), // RESPIRATORY | MSK | CBT
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Billing settings (the reference's UNCONFIRMED rules), global (organization null) or per organization. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    valueJson: jsonb('value_json').$type<unknown>().notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_settings_uq').on(t.organizationId, t.key)],
);

/** Payment amounts by year, code and locality, loaded by an admin. */
export const feeSchedule = pgTable(
  'fee_schedule',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    code: text('code').notNull(),
    locality: text('locality').notNull().default('NATIONAL'),
    /** Non-facility amount (cents); the one the engine bills (place of service office / home). */
    amountCents: integer('amount_cents').notNull(),
    /** Facility amount (cents) when computed from the CMS RVU file; null when loaded as a plain amount. */
    facilityAmountCents: integer('facility_amount_cents'),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('fee_schedule_uq').on(t.year, t.code, t.locality)],
);

/** Links to generated billing files, e-mailed to a recipient. */
export const billingCodeLinks = pgTable('billing_code_links', {
  id: serial('id').primaryKey(),
  hospitalId: integer('hospital_id').references(() => hospitals.id, { onDelete: 'cascade' }),
  organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  year: smallint('year').notNull(),
  month: smallint('month').notNull(),
  title: text('title').notNull().default(''),
  email: text('email'),
  tokenHash: text('token_hash').unique(),
  isEmailDownloaded: boolean('is_email_downloaded').notNull().default(false),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at'),
});

export const billingAuthorizationTemplates = pgTable('billing_authorization_templates', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  programsJson: jsonb('programs_json').$type<string[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Which staff may bill which programs in which office. */
export const userBillingAuthorizations = pgTable(
  'user_billing_authorizations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => billingAuthorizationTemplates.id, { onDelete: 'set null' }),
    programsJson: jsonb('programs_json').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_billing_authorizations_uq').on(t.userId, t.hospitalId)],
);

/** One generation run (patient, office or organization, for a month), with progress. */
export const billingRuns = pgTable('billing_runs', {
  id: serial('id').primaryKey(),
  scopeKind: text('scope_kind').notNull(), // patient | hospital | organization
  scopeId: integer('scope_id').notNull(),
  year: smallint('year').notNull(),
  month: smallint('month').notNull(),
  status: text('status').notNull().default('running'), // running | done | failed
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  startedBy: integer('started_by').references(() => users.id),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  error: text('error'),
});

/**
 * The codes produced for a patient and month, with their evidence (reading days, time entries,
 * notes, interactive contact, practitioner) and the codes not produced with the reason
 * (status 'suppressed'). A new run for the same patient and month replaces the previous rows.
 */
export const billingClaims = pgTable(
  'billing_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id').references(() => billingRuns.id, { onDelete: 'set null' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    program: text('program').notNull(),
    code: text('code').notNull(),
    units: smallint('units').notNull().default(1),
    status: text('status').notNull().default('billable'), // billable | suppressed
    reason: text('reason').notNull().default(''),
    practitionerUserId: integer('practitioner_user_id').references(() => users.id),
    datesOfService: jsonb('dates_of_service').$type<string[]>().notNull().default([]),
    evidenceJson: jsonb('evidence_json').$type<Record<string, unknown>>().notNull().default({}),
    amountCents: integer('amount_cents'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('billing_claims_patient_month_idx').on(t.patientId, t.year, t.month), index('billing_claims_hospital_month_idx').on(t.hospitalId, t.year, t.month)],
);
