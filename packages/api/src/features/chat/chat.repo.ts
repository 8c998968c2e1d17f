import { and, eq, sql, type SQL } from 'drizzle-orm';
import { NotificationType } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { medicalTeams, notifications, users } from '../../db/schema/index';
import { officeFilter, patientRowFilter, userFilter } from '../../db/scope';
import { pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const CHAT = NotificationType.CHAT;

/** A stored chat message as a thread reads it (snake case: raw rows). */
export interface ThreadRow {
  id: number | string;
  from_user_id: number | null;
  to_user_id: number;
  medical_team_id: number | null;
  message_en: string;
  created_at: string | Date;
  is_read: boolean;
  read_at: string | Date | null;
  from_first_name: string | null;
  from_last_name: string | null;
  recipients: number | string;
  read_count: number | string;
  total: number | string;
}

/** A user the caller may see (`userFilter`), or null. */
export async function getVisibleUser(tenant: TenantDb, userId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), userFilter(scope, users.id)))
    .limit(1);
  return row ?? null;
}

/** A medical team of the caller's offices (the patient rule of `patientRowFilter`), or null. */
export async function getTeamInScope(tenant: TenantDb, teamId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: medicalTeams.id, patientId: medicalTeams.patientId, hospitalId: medicalTeams.hospitalId })
    .from(medicalTeams)
    .where(and(eq(medicalTeams.id, teamId), patientRowFilter(scope, medicalTeams.hospitalId, medicalTeams.patientId)))
    .limit(1);
  return row ?? null;
}

/**
 * The direct chat messages between the caller and `otherId` (both directions), newest first, one
 * page, with the total. Every row is one of the caller's own messages (sent or received), which is
 * the tenant rule here; the service has checked that the caller may see `otherId`.
 */
export async function findDirectThread(tenant: TenantDb, otherId: number, q: { page: number; pageSize: number }): Promise<ThreadRow[]> {
  const { scope, db } = tenant;
  const me = scope.userId;
  return rowsOf<ThreadRow>(
    db,
    sql`
    select n.id, n.from_user_id, n.to_user_id, n.medical_team_id, n.message_en, n.created_at, n.is_read, n.read_at,
      u.first_name as from_first_name, u.last_name as from_last_name, 1 as recipients,
      (case when n.is_read then 1 else 0 end) as read_count, count(*) over () as total
    from ${notifications} n
    left join ${users} u on u.id = n.from_user_id
    where n.notification_type_id = ${CHAT} and not n.is_group_notification
      and ((n.from_user_id = ${me} and n.to_user_id = ${otherId}) or (n.from_user_id = ${otherId} and n.to_user_id = ${me}))
    order by n.created_at desc, n.id desc
    limit ${q.pageSize} offset ${pageOffset(q)}`,
  );
}

/**
 * The group chat messages of team `teamId` that the caller received (their copy) or sent (one row
 * per message: its first copy, with how many members got it and how many read it), newest first,
 * one page, with the total. The copies of one message share `dedupe_key` (features/chat, "group key").
 */
export async function findGroupThread(tenant: TenantDb, teamId: number, q: { page: number; pageSize: number }): Promise<ThreadRow[]> {
  const { scope, db } = tenant;
  const me = scope.userId;
  return rowsOf<ThreadRow>(
    db,
    sql`
    with picked as (
      select distinct on (coalesce(n.dedupe_key, n.id::text))
        n.id, n.from_user_id, n.to_user_id, n.medical_team_id, n.message_en, n.created_at, n.is_read, n.read_at, n.dedupe_key
      from ${notifications} n
      where n.notification_type_id = ${CHAT} and n.is_group_notification and n.medical_team_id = ${teamId}
        and (n.to_user_id = ${me} or n.from_user_id = ${me})
      order by coalesce(n.dedupe_key, n.id::text), (n.to_user_id = ${me}) desc, n.id asc
    )
    select p.id, p.from_user_id, p.to_user_id, p.medical_team_id, p.message_en, p.created_at, p.is_read, p.read_at,
      u.first_name as from_first_name, u.last_name as from_last_name,
      coalesce(c.recipients, 1) as recipients, coalesce(c.read_count, case when p.is_read then 1 else 0 end) as read_count,
      count(*) over () as total
    from picked p
    left join ${users} u on u.id = p.from_user_id
    left join lateral (
      select count(*) as recipients, count(*) filter (where c.is_read) as read_count
      from ${notifications} c
      where p.from_user_id = ${me} and p.dedupe_key is not null
        and c.dedupe_key = p.dedupe_key and c.from_user_id = ${me} and c.notification_type_id = ${CHAT}
    ) c on p.from_user_id = ${me} and p.dedupe_key is not null
    order by p.created_at desc, p.id desc
    limit ${q.pageSize} offset ${pageOffset(q)}`,
  );
}

/** A conversation of the panel (raw row). */
export interface ConversationRow {
  kind: 'user' | 'team';
  other_id: number | null;
  medical_team_id: number | null;
  title_first: string | null;
  title_last: string | null;
  message_en: string;
  from_me: boolean;
  created_at: string | Date;
  unread: number | string;
  unread_total: number | string;
}

/**
 * The caller's conversations, most recent first (at most `limit`): direct ones with users the caller
 * still sees (`userFilter`), and medical-team groups of the caller's offices (`officeFilter`), each
 * with its last message and the caller's unread messages; `unread_total` sums them over every
 * conversation (not only the first `limit`).
 */
export async function findConversations(tenant: TenantDb, limit: number): Promise<ConversationRow[]> {
  const { scope, db } = tenant;
  const me = scope.userId;
  return rowsOf<ConversationRow>(
    db,
    sql`
    with mine as (
      select n.id, n.from_user_id, n.to_user_id, n.message_en, n.created_at, n.is_read,
        (case when n.is_group_notification then 'team' else 'user' end) as kind,
        (case when n.is_group_notification then null when n.from_user_id = ${me} then n.to_user_id else n.from_user_id end) as other_id,
        (case when n.is_group_notification then n.medical_team_id end) as medical_team_id
      from ${notifications} n
      where n.notification_type_id = ${CHAT} and (n.to_user_id = ${me} or n.from_user_id = ${me})
        and (n.is_group_notification and n.medical_team_id is not null or not n.is_group_notification and n.from_user_id is not null)
    ),
    conv as (
      select kind, other_id, medical_team_id,
        count(*) filter (where to_user_id = ${me} and not is_read) as unread,
        (array_agg(id order by created_at desc, id desc))[1] as last_id
      from mine
      group by kind, other_id, medical_team_id
    ),
    visible as (
      select c.* from conv c
      left join ${medicalTeams} t on t.id = c.medical_team_id
      where (c.kind = 'user' and ${userFilter(scope, sql`c.other_id`)})
         or (c.kind = 'team' and ${officeFilter(scope, sql`t.hospital_id`)})
    )
    select v.kind, v.other_id, v.medical_team_id, v.unread, sum(v.unread) over () as unread_total,
      coalesce(ou.first_name, pu.first_name) as title_first, coalesce(ou.last_name, pu.last_name) as title_last,
      m.message_en, (m.from_user_id = ${me}) as from_me, m.created_at
    from visible v
    join ${notifications} m on m.id = v.last_id
    left join ${users} ou on ou.id = v.other_id
    left join ${medicalTeams} t on t.id = v.medical_team_id
    left join ${users} pu on pu.id = t.patient_id
    order by m.created_at desc, m.id desc
    limit ${limit}`,
  );
}

/**
 * The id the sender's thread shows for a chat message: the message itself when direct, else the
 * first copy of its group message (same `dedupe_key`, same sender). Read by the server when a
 * recipient marks their copy read (system work: the reader's copy is already checked as theirs).
 */
export async function senderMessageId(db: Executor, row: { id: number; fromUserId: number | null; dedupeKey: string | null; isGroupNotification: boolean }): Promise<number> {
  if (!row.isGroupNotification || row.dedupeKey === null || row.fromUserId === null) { return row.id; }
  const [first] = await rowsOf<{ id: number | string }>(
    db,
    sql`select min(id) as id from ${notifications} where dedupe_key = ${row.dedupeKey} and from_user_id = ${row.fromUserId} and notification_type_id = ${CHAT}`,
  );
  return Number(first?.id ?? row.id);
}
