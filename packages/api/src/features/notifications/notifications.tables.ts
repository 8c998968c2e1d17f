/**
 * `notifications`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Notifications of the care team (alerts of graded measurements and the other kinds).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { measurements } from '../measurements/measurements.tables';
import { medicalTeams } from '../medical-teams/medical-teams.tables';
import { hospitals } from '../offices/offices.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Notifications (spec section 3). Types: 1 chat, 3 abnormal measurement, 4 reminder, 5 missed
 * measurement, 6 daily goal, 7 appointment request, 12/13 mental health. `dedupeKey` makes a
 * scheduled job's notification idempotent.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationTypeId: smallint('notification_type_id').notNull(),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relatedPatientId: integer('related_patient_id').references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    medicalTeamId: integer('medical_team_id').references(() => medicalTeams.id, { onDelete: 'set null' }),
    measurementId: bigint('measurement_id', { mode: 'number' }).references(() => measurements.id, { onDelete: 'set null' }),
    messageEn: text('message_en').notNull(),
    messageEs: text('message_es').notNull(),
    severity: smallint('severity').notNull().default(0),
    deviceType: text('device_type'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: ts('read_at'),
    isGroupNotification: boolean('is_group_notification').notNull().default(false),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    referenceData: text('reference_data').notNull().default(''),
    processingStatus: smallint('processing_status').notNull().default(0), // 0 open, 1 processed
    processedBy: integer('processed_by').references(() => users.id),
    processedAt: ts('processed_at'),
    resolutionComments: text('resolution_comments'),
    relatedToNotificationId: bigint('related_to_notification_id', { mode: 'number' }),
    direction: text('direction').notNull().default('in'),
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_to_user_idx').on(t.toUserId, t.createdAt),
    index('notifications_patient_idx').on(t.relatedPatientId, t.createdAt),
    index('notifications_hospital_open_idx').on(t.hospitalId, t.processingStatus, t.createdAt),
    uniqueIndex('notifications_dedupe_uq').on(t.toUserId, t.dedupeKey).where(sql`dedupe_key is not null`),
    // Chat threads (features/chat): what a user sent, and the copies of one group message.
    index('notifications_chat_from_idx').on(t.fromUserId, t.createdAt).where(sql`notification_type_id = 1`),
    index('notifications_chat_group_idx').on(t.dedupeKey).where(sql`notification_type_id = 1 and dedupe_key is not null`),
  ],
);
