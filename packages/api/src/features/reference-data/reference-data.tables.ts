/**
 * `reference-data`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Reference values the reference-data feature serves: roles and countries (db/seed/reference.ts loads them).
 */
import { pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';

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
