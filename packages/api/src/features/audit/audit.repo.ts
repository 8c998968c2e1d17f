import { and, asc, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEvent, SystemLog } from '@vigil/contract';
import { auditChainHead, auditEvents, systemLogs, users } from '../../db/schema/index';
import { organizationFilter, userFilter, type Scope } from '../../db/scope';
import { likeTerm, pageOffset, parseSort } from '../../db/query-helpers';
import type { ChainedAuditRow } from '../../lib/audit-chain';
import type { SystemDb, TenantDb } from '../../db/handles';

/** The audit trail and system logs, read. Every function takes the caller's scope first (db/scope.ts). */

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');
const e = auditEvents;

/**
 * The audit events a caller sees: a system admin all; anybody else the events of callers of their
 * organization (`organizationFilter` on the caller's organization recorded with the event) and the
 * events about patients they see (`userFilter` on the patient).
 */
const eventsInScope = (scope: Scope): SQL => sql`(${organizationFilter(scope, e.organizationId)} or (${e.patientId} is not null and ${userFilter(scope, e.patientId)}))`;

export interface AuditEventFilter {
  patientId?: number;
  userId?: number;
  action?: string;
  /** UTC instants, from included, to excluded. */
  from?: Date;
  to?: Date;
}

const eventWhere = (scope: Scope, f: AuditEventFilter) =>
  and(
    eventsInScope(scope),
    f.patientId !== undefined ? eq(e.patientId, f.patientId) : undefined,
    f.userId !== undefined ? eq(e.userId, f.userId) : undefined,
    f.action !== undefined ? eq(e.action, f.action) : undefined,
    f.from ? gte(e.at, f.from) : undefined,
    f.to ? lt(e.at, f.to) : undefined,
  );

const name = (first: SQL | unknown, last: SQL | unknown) => sql<string>`coalesce(${first} || ' ' || ${last}, '')`;

/** A page of the caller's audit events (newest first unless `sort` says otherwise), with the caller's and the patient's names. */
export async function findAuditEvents(
  tenant: TenantDb,
  f: AuditEventFilter,
  q: { page: number; pageSize: number; sort?: string },
): Promise<{ items: AuditEvent[]; total: number }> {
  const { scope, db } = tenant;
  const where = eventWhere(scope, f);
  const { field, descending } = parseSort((q.sort ?? '-at') as 'at' | '-at' | 'id' | '-id', 'at');
  const order = (field === 'id' ? [e.id] : [e.at, e.id]).map((c) => (descending ? desc(c) : asc(c)));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: e.id,
        at: e.at,
        userId: e.userId,
        userName: name(actor.firstName, actor.lastName),
        roleId: e.roleId,
        organizationId: e.organizationId,
        patientId: e.patientId,
        // The patient's name only when the caller sees the patient (an event of the caller's organization may name another's patient id, as typed).
        patientName: sql<string>`case when ${userFilter(scope, subject.id)} then ${name(subject.firstName, subject.lastName)} else '' end`,
        resource: e.resource,
        action: e.action,
        endpoint: e.endpoint,
        outcome: e.outcome,
        address: e.address,
        requestId: e.requestId,
      })
      .from(e)
      .leftJoin(actor, eq(actor.id, e.userId))
      .leftJoin(subject, eq(subject.id, e.patientId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(e).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, at: r.at.toISOString(), action: r.action as AuditEvent['action'] })), total: count?.n ?? 0 };
}

/** Whether user `id` (a patient or a staff member) is one the caller sees (`userFilter`). */
export async function isUserVisible(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), userFilter(scope, users.id)));
  return !!row;
}

/**
 * Rows of the chain after id `afterId` and up to `throughId` (the head read before: rows appended
 * meanwhile wait for the next check), ascending, at most `limit` (the chain check reads the whole
 * table, unscoped: system admin).
 */
export async function chainPage({ db }: SystemDb, afterId: number, limit: number, throughId = Number.MAX_SAFE_INTEGER): Promise<ChainedAuditRow[]> {
  return db.select().from(e).where(and(gt(e.id, afterId), lte(e.id, throughId))).orderBy(asc(e.id)).limit(limit);
}

/** The chain head: the newest id and hash, and the rows appended in all (`count`). */
export async function chainHead({ db }: SystemDb): Promise<{ lastId: number; hash: string; count: number }> {
  const [head] = await db.select({ lastId: auditChainHead.lastId, hash: auditChainHead.hash, count: auditChainHead.count }).from(auditChainHead).where(eq(auditChainHead.id, 1));
  return head ?? { lastId: 0, hash: '', count: 0 };
}

/** The chain's row `id`, or null. */
export async function chainRow({ db }: SystemDb, id: number): Promise<ChainedAuditRow | null> {
  const [row] = await db.select().from(e).where(eq(e.id, id));
  return row ?? null;
}

/** The newest row id at or before `id` (0 when there is none). */
export async function lastChainIdUpTo({ db }: SystemDb, id: number): Promise<number> {
  const [row] = await db.select({ id: e.id }).from(e).where(lte(e.id, id)).orderBy(desc(e.id)).limit(1);
  return row?.id ?? 0;
}

// System logs -----------------------------------------------------------------------------------

export interface SystemLogFilter {
  kind?: string;
  level?: string;
  from?: Date;
  to?: Date;
  requestId?: string;
  search?: string;
}

const s = systemLogs;
const view = (r: typeof s.$inferSelect): SystemLog => ({ ...r, at: r.at.toISOString(), level: r.level as SystemLog['level'], kind: r.kind as SystemLog['kind'] });

/**
 * System log lines are system-wide (no tenant): only a system admin holds `systemLogs.read`, and
 * `organizationFilter` keeps it so should the permission ever be given to an organization admin.
 */
const logWhere = (scope: Scope, f: SystemLogFilter) =>
  and(
    sql`(${organizationFilter(scope, s.organizationId)})`,
    f.kind ? eq(s.kind, f.kind) : undefined,
    f.level ? eq(s.level, f.level) : undefined,
    f.from ? gte(s.at, f.from) : undefined,
    f.to ? lt(s.at, f.to) : undefined,
    f.requestId ? eq(s.requestId, f.requestId) : undefined,
    f.search ? sql`(${s.message} ilike ${likeTerm(f.search)} or ${s.source} ilike ${likeTerm(f.search)})` : undefined,
  );

/** A page of system log lines, newest first unless `sort` says otherwise. */
export async function findSystemLogs(tenant: TenantDb, f: SystemLogFilter, q: { page: number; pageSize: number; sort?: string }): Promise<{ items: SystemLog[]; total: number }> {
  const { scope, db } = tenant;
  const where = logWhere(scope, f);
  const { field, descending } = parseSort((q.sort ?? '-at') as 'at' | 'level' | 'kind' | '-at' | '-level' | '-kind', 'at');
  const column = field === 'level' ? s.level : field === 'kind' ? s.kind : s.at;
  const dir = descending ? desc : asc;
  const [rows, [count]] = await Promise.all([
    db.select().from(s).where(where).orderBy(dir(column), dir(s.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(s).where(where),
  ]);
  return { items: rows.map(view), total: count?.n ?? 0 };
}

/** One system log line, or null. */
export async function findSystemLog(tenant: TenantDb, id: number): Promise<SystemLog | null> {
  const { scope, db } = tenant;
  const [row] = await db.select().from(s).where(and(eq(s.id, id), sql`(${organizationFilter(scope, s.organizationId)})`));
  return row ? view(row) : null;
}
