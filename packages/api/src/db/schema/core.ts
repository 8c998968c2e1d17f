/**
 * The database schema (drizzle-orm, PostgreSQL 15 features only so that PGlite and the server agree).
 * Table and column names are snake_case; the spec's camelCase names appear in the API shapes.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  roleName: text('role_name').notNull(),
  roleNameForDisplay: text('role_name_for_display').notNull(),
  roleNameForDisplayEsp: text('role_name_for_display_esp').notNull(),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  countryCode: text('country_code').notNull().unique(), // ISO 3166-1 alpha-2
  countryName: text('country_name').notNull(),
  countryNameEsp: text('country_name_esp').notNull(),
  phoneCode: text('phone_code').notNull().default(''),
});

/** Organizations: the spec's "medical institution". */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  institutionName: text('institution_name').notNull(),
  institutionNameEsp: text('institution_name_esp').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zip: text('zip').notNull().default(''),
  country: text('country').notNull().default('US'),
  status: smallint('status').notNull().default(1),
  externalRef: text('external_ref').unique(), // FHIR Organization id when imported
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Offices: the spec's "hospital". */
export const hospitals = pgTable(
  'hospitals',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    hospitalName: text('hospital_name').notNull(),
    hospitalNameEsp: text('hospital_name_esp').notNull().default(''),
    address: text('address').notNull().default(''),
    addressLatitude: doublePrecision('address_latitude'),
    addressLongitude: doublePrecision('address_longitude'),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull().default('US'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    timeZone: text('time_zone').notNull().default('America/New_York'), // IANA
    rpmEnabled: boolean('rpm_enabled').notNull().default(true),
    rtmEnabled: boolean('rtm_enabled').notNull().default(false),
    ccmEnabled: boolean('ccm_enabled').notNull().default(false),
    assessmentsEnabled: boolean('assessments_enabled').notNull().default(false),
    status: smallint('status').notNull().default(1),
    externalRef: text('external_ref').unique(), // FHIR Location id when imported
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('hospitals_organization_idx').on(t.organizationId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    organizationId: integer('organization_id').references(() => organizations.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'), // unique case-insensitively when present
    username: text('username').notNull(),
    phone: text('phone').notNull().default(''), // E.164 or ''
    gender: text('gender').notNull().default(''),
    birthdate: date('birthdate', { mode: 'string' }),
    address: text('address').notNull().default(''),
    addressLatitude: doublePrecision('address_latitude'),
    addressLongitude: doublePrecision('address_longitude'),
    city: text('city').notNull().default(''),
    zip: text('zip').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default('US'),
    language: text('language').notNull().default('ESP'), // ENG -> en, anything else -> es
    userTimezone: text('user_timezone').notNull().default('America/New_York'),
    status: smallint('status').notNull().default(1),
    userSettingsJson: jsonb('user_settings_json').$type<Record<string, unknown>>().notNull().default({}),
    isSequoiaUser: boolean('is_sequoia_user').notNull().default(false),
    passwordHash: text('password_hash'),
    emailValidated: boolean('email_validated').notNull().default(false),
    profileImage: bytea('profile_image'),
    profileImageType: text('profile_image_type'),
    externalRef: text('external_ref').unique(), // FHIR Patient / Practitioner id when imported
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Lower-case "first last first" (kept by the database): list searches match names with LIKE instead of ILIKE over a concatenation. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || first_name)`),
  },
  (t) => [
    // The target of user_hospitals' (user_id, role_id, last_name, first_name) foreign key, which copies them there.
    unique('users_id_role_name_uq').on(t.id, t.roleId, t.lastName, t.firstName),
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    index('users_organization_idx').on(t.organizationId),
    index('users_name_idx').on(t.lastName, t.firstName),
    index('users_birthdate_name_idx').on(t.birthdate, t.lastName, t.firstName),
    // Trigram index (pg_trgm) for name searches (LIKE '%text%' on the lower-case search text).
    index('users_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * Assignment of users to offices; `isAdmin` marks an office admin of that office. `roleId`,
 * `lastName` and `firstName` are the user's, copied here so that an office's patients (or staff)
 * are counted, sorted and paged from this table's index alone (user_hospitals_office_list_idx):
 * the database fills them on insert (trigger `user_hospitals_fill_user`, so inserts leave them
 * out) and keeps them equal to the user's through the (user_id, role_id, last_name, first_name)
 * foreign key with ON UPDATE CASCADE.
 */
export const userHospitals = pgTable(
  'user_hospitals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    // NOT NULL in the database; the defaults only satisfy inserts, the trigger overwrites them.
    roleId: smallint('role_id').notNull().default(0),
    lastName: text('last_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hospitalId] }),
    index('user_hospitals_hospital_idx').on(t.hospitalId, t.userId),
    index('user_hospitals_office_list_idx').on(t.hospitalId, t.roleId, t.lastName, t.firstName, t.userId),
    foreignKey({ name: 'user_hospitals_user_fk', columns: [t.userId, t.roleId, t.lastName, t.firstName], foreignColumns: [users.id, users.roleId, users.lastName, users.firstName] })
      .onUpdate('cascade')
      .onDelete('cascade'),
  ],
);

export const doctorMetadata = pgTable('doctor_metadata', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  licenceId: text('licence_id').notNull().default(''),
  npi: text('npi').notNull().default(''),
  metadataInfo: jsonb('metadata_info').$type<Record<string, unknown>>().notNull().default({}),
});

/** Doctor specializations: verifiers of the SPECIALIZATION_TYPE domain. */
export const doctorSpecializations = pgTable(
  'doctor_specializations',
  {
    doctorMetadataId: integer('doctor_metadata_id')
      .notNull()
      .references(() => doctorMetadata.id, { onDelete: 'cascade' }),
    verifierId: integer('verifier_id')
      .notNull()
      .references(() => verifiers.id),
  },
  (t) => [primaryKey({ columns: [t.doctorMetadataId, t.verifierId] })],
);

export const nurseMetadata = pgTable('nurse_metadata', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  licenceId: text('licence_id').notNull().default(''),
  metadataInfo: jsonb('metadata_info').$type<Record<string, unknown>>().notNull().default({}),
});

export const patientMetadata = pgTable('patient_metadata', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  heightInCm: numeric('height_in_cm', { mode: 'number' }),
  weightInKg: numeric('weight_in_kg', { mode: 'number' }),
  idealWeightCalculatedInKg: numeric('ideal_weight_calculated_in_kg', { mode: 'number' }),
  medicalRegistrationNumber: text('medical_registration_number').notNull().default(''),
  patientIdentifier: text('patient_identifier').notNull().default(''),
  ssn: text('ssn').notNull().default(''), // never in lists or logs
  diagnose: text('diagnose').notNull().default(''),
  prescriptions: text('prescriptions').notNull().default(''),
  metadataInfo: jsonb('metadata_info').$type<Record<string, unknown>>().notNull().default({}),
  /** Lower-case "identifier record-number" (kept by the database) for list searches. */
  searchText: text('search_text').generatedAlwaysAs(sql`lower(patient_identifier || ' ' || medical_registration_number)`),
}, (t) => [index('patient_metadata_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops'))]);

/** A patient's medical team in one office: its members are doctors, nurses, office admins and caregivers. */
export const medicalTeams = pgTable(
  'medical_teams',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('medical_teams_patient_hospital_uq').on(t.patientId, t.hospitalId)],
);

export const medicalTeamMembers = pgTable(
  'medical_team_members',
  {
    medicalTeamId: integer('medical_team_id')
      .notNull()
      .references(() => medicalTeams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.medicalTeamId, t.userId] }), index('medical_team_members_user_idx').on(t.userId)],
);

/** Reference values ("verifiers"): rvDomain + lowValue with descriptions in English and Spanish. */
export const verifiers = pgTable(
  'verifiers',
  {
    id: serial('id').primaryKey(),
    rvDomain: text('rv_domain').notNull(),
    lowValue: text('low_value').notNull(),
    highValue: text('high_value').notNull().default(''),
    longDescription: text('long_description').notNull(),
    longDescriptionEsp: text('long_description_esp').notNull().default(''),
    parentLowValue: text('parent_low_value').notNull().default(''), // ICD-10-CM category -> chapter
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('verifiers_domain_value_uq').on(t.rvDomain, t.lowValue), index('verifiers_parent_idx').on(t.rvDomain, t.parentLowValue)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(), // sha256 of the SessionGuid
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionType: text('session_type').notNull().default('WEB'),
    ip: text('ip').notNull().default(''),
    webSocketTokenHash: text('websocket_token_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(), // absolute end (12 h by default)
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time tokens sent by e-mail: account validation, password reset, profile removal. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(), // 'validation' | 'reset' | 'removal'
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/** E-mail kept when no SMTP server is configured (and a copy of every sent one's metadata). */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  status: text('status').notNull().default('kept'), // kept | sent | failed
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Failed sign-in attempts, for per-account and per-IP limits that hold across API processes. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountKey: text('account_key').notNull(), // lower-case username or e-mail as typed
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_account_idx').on(t.accountKey, t.createdAt), index('sign_in_failures_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * One FHIR import run and its per-record report. Imports from the web are queued jobs (README
 * "Jobs"): `queued` -> `running` (progress in `report`) -> `done` | `failed`; `input` says what the
 * job imports, `error` why an attempt (or the run) failed. The CLI and the demo seed run `running`.
 */
export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  status: text('status').notNull().default('running'), // queued | running | done | failed
  report: jsonb('report').$type<unknown>().notNull().default({}),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  /** What a queued run imports: a server path (resolved under the demo data folders) or its upload (import_uploads). */
  input: jsonb('input').$type<{ kind: 'path'; path: string } | { kind: 'upload'; name: string }>(),
  /** Why the last attempt failed ("Attempt 1 of 3 failed; retrying"), or the run did; no PHI. */
  error: text('error'),
});

/**
 * The file uploaded for a queued import run, kept in the database (not in a process's memory or
 * /tmp) so that any API process's worker can import it; deleted when the run finishes.
 */
export const importUploads = pgTable('import_uploads', {
  runId: integer('run_id')
    .primaryKey()
    .references(() => importRuns.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The file's bytes as uploaded (at most IMPORT_UPLOAD_MAX_BYTES). */
  content: bytea('content').notNull(),
});
