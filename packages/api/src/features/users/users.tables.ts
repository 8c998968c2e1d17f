/**
 * `users`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Users of every role, and their office memberships (created and replaced with the user).
 */
import { sql } from 'drizzle-orm';
import { boolean, customType, date, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { roles } from '../reference-data/reference-data.tables';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
