/**
 * `medical-teams`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Medical teams of an office and their members.
 */
import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
