import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { hospitals, supportFiles, supportMessages, supportThreads, users } from '../../db/schema/index';
import { authoredRowFilter, type Scope } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

const author = alias(users, 'author');

/** The threads the caller may see: their own, or every one with support.manage (docs/support.md). */
const visible = (scope: Scope) => authoredRowFilter(scope, supportThreads.createdBy, 'support.manage');

const messageCount = sql<number>`(select count(*)::int from ${supportMessages} m where m.thread_id = ${supportThreads.id})`;
const fileCount = sql<number>`(select count(*)::int from ${supportFiles} f where f.thread_id = ${supportThreads.id})`;

function threadQuery(db: Executor) {
  return db
    .select({
      t: supportThreads,
      firstName: author.firstName,
      lastName: author.lastName,
      hospitalName: hospitals.hospitalName,
      messageCount,
      fileCount,
    })
    .from(supportThreads)
    .innerJoin(author, eq(author.id, supportThreads.createdBy))
    .leftJoin(hospitals, eq(hospitals.id, supportThreads.hospitalId));
}
export type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadQuery>['execute']>>[number];

/** A page of the threads the caller sees, most recent activity first; by status, and words of the subject or the author's name. */
export async function findThreads(tenant: TenantDb, q: { status?: number; search?: string; page: number; pageSize: number }) {
  const { scope, db } = tenant;
  const term = q.search?.trim();
  const where = and(
    visible(scope),
    q.status !== undefined ? eq(supportThreads.status, q.status) : undefined,
    term
      ? sql`(${supportThreads.subject} ilike ${'%' + escapeLike(term) + '%'} or (${author.firstName} || ' ' || ${author.lastName}) ilike ${'%' + escapeLike(term) + '%'})`
      : undefined,
  );
  const rows = await threadQuery(db).where(where).orderBy(desc(supportThreads.lastMessageAt), desc(supportThreads.id)).limit(q.pageSize).offset(pageOffset(q));
  const [total] = await db.select({ n: count() }).from(supportThreads).innerJoin(author, eq(author.id, supportThreads.createdBy)).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One thread the caller sees, or null. */
export async function getThread(tenant: TenantDb, threadId: number): Promise<ThreadRow | null> {
  const { scope, db } = tenant;
  const [row] = await threadQuery(db).where(and(eq(supportThreads.id, threadId), visible(scope))).limit(1);
  return row ?? null;
}

/** A thread's messages, oldest first, with their authors' names. */
export async function findMessages(tenant: TenantDb, threadId: number) {
  const { scope, db } = tenant;
  return db
    .select({ m: supportMessages, firstName: author.firstName, lastName: author.lastName })
    .from(supportMessages)
    .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
    .leftJoin(author, eq(author.id, supportMessages.fromUserId))
    .where(and(eq(supportMessages.threadId, threadId), visible(scope)))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

/** A thread's files (without their content), oldest first. */
export async function findFiles(tenant: TenantDb, threadId: number) {
  const { scope, db } = tenant;
  return db
    .select({
      id: supportFiles.id,
      fileName: supportFiles.fileName,
      contentType: supportFiles.contentType,
      sizeBytes: supportFiles.sizeBytes,
      uploadedBy: supportFiles.uploadedBy,
      createdAt: supportFiles.createdAt,
      firstName: author.firstName,
      lastName: author.lastName,
    })
    .from(supportFiles)
    .innerJoin(supportThreads, eq(supportThreads.id, supportFiles.threadId))
    .leftJoin(author, eq(author.id, supportFiles.uploadedBy))
    .where(and(eq(supportFiles.threadId, threadId), visible(scope)))
    .orderBy(asc(supportFiles.createdAt), asc(supportFiles.id));
}

/** One file with its content, when its thread is one the caller sees; null otherwise. */
export async function getFile(tenant: TenantDb, fileId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ fileName: supportFiles.fileName, contentType: supportFiles.contentType, content: supportFiles.content })
    .from(supportFiles)
    .innerJoin(supportThreads, eq(supportThreads.id, supportFiles.threadId))
    .where(and(eq(supportFiles.id, fileId), visible(scope)))
    .limit(1);
  return row ?? null;
}

/** Creates a thread (the caller its author) with its first message; its id. */
export async function createThread(
  tenant: TenantDb,
  v: { subject: string; message: string; organizationId: number | null; hospitalId: number | null; fromSupport: boolean; now: Date },
): Promise<number> {
  const { scope, db: tx } = tenant;
  const [thread] = await tx
    .insert(supportThreads)
    .values({ createdBy: scope.userId, subject: v.subject, organizationId: v.organizationId, hospitalId: v.hospitalId, createdAt: v.now, lastMessageAt: v.now })
    .returning({ id: supportThreads.id });
  await tx.insert(supportMessages).values({ threadId: thread!.id, fromUserId: scope.userId, fromSupport: v.fromSupport, message: v.message, createdAt: v.now });
  return thread!.id;
}

/** Adds the caller's reply to a thread they see (checked by the caller of this function in the same transaction); whether the thread was there. */
export async function addReply(tenant: TenantDb, threadId: number, v: { message: string; fromSupport: boolean; now: Date }): Promise<boolean> {
  const { scope, db: tx } = tenant;
  const touched = await tx
    .update(supportThreads)
    .set({ lastMessageAt: v.now })
    .where(and(eq(supportThreads.id, threadId), visible(scope)))
    .returning({ id: supportThreads.id });
  if (touched.length === 0) { return false; }
  await tx.insert(supportMessages).values({ threadId, fromUserId: scope.userId, fromSupport: v.fromSupport, message: v.message, createdAt: v.now });
  return true;
}

/** Sets a thread's status (0 open, 1 in progress, 2 resolved); whether it was one the caller sees. */
export async function setStatus(tenant: TenantDb, threadId: number, status: number): Promise<boolean> {
  const { scope, db: tx } = tenant;
  const rows = await tx
    .update(supportThreads)
    .set({ status, statusChangedBy: scope.userId })
    .where(and(eq(supportThreads.id, threadId), visible(scope)))
    .returning({ id: supportThreads.id });
  return rows.length > 0;
}

/** Stores a file in a thread the caller sees; the file's id, or null when the thread is not theirs. */
export async function addFile(
  tenant: TenantDb,
  threadId: number,
  v: { fileName: string; contentType: string; content: Buffer; now: Date },
): Promise<number | null> {
  const { scope, db: tx } = tenant;
  const touched = await tx
    .update(supportThreads)
    .set({ lastMessageAt: v.now })
    .where(and(eq(supportThreads.id, threadId), visible(scope)))
    .returning({ id: supportThreads.id });
  if (touched.length === 0) { return null; }
  const [row] = await tx
    .insert(supportFiles)
    .values({ threadId, uploadedBy: scope.userId, fileName: v.fileName, contentType: v.contentType, sizeBytes: v.content.length, content: v.content, createdAt: v.now })
    .returning({ id: supportFiles.id });
  return row!.id;
}
