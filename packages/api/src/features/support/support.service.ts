import type { FastifyRequest } from 'fastify';
import {
  can,
  supportStatuses,
  type CreateSupportMessageBody,
  type SupportFile,
  type SupportFileType,
  type SupportStatus,
  type SupportThread,
  type SupportThreadDetail,
  type SupportThreadPage,
  type SupportThreadsQuery,
  supportThreadWithFileFieldsSchema,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { extensionOf, safeFileName, sniffFileType } from '../../lib/file-sniff';
import { readSingleUpload, readUploadForm, type SingleUpload } from '../../lib/upload';
import * as repo from './support.repo';
import { tenantDb } from '../../db/handles';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const statusOf = (n: number): SupportStatus => supportStatuses[n] ?? 'open';
const statusNumber = (s: SupportStatus) => supportStatuses.indexOf(s);
/** A system admin answers for support (support.manage). */
const isSupport = (scope: Scope) => can(scope.role, 'support.manage');

function toThread(r: repo.ThreadRow): SupportThread {
  return {
    supportMessageId: r.t.id,
    subject: r.t.subject,
    status: statusOf(r.t.status),
    createdBy: r.t.createdBy,
    createdByFullname: fullName(r.firstName, r.lastName),
    hospitalId: r.t.hospitalId,
    hospitalName: r.hospitalName ?? '',
    createdAt: r.t.createdAt.toISOString(),
    lastMessageAt: r.t.lastMessageAt.toISOString(),
    messageCount: Number(r.messageCount),
    fileCount: Number(r.fileCount),
  };
}

/**
 * `GET supportmessage/getdistinctgroups`: the support threads the caller sees (their own; every
 * thread for a system admin), most recent activity first, paged; filter by status and by words of
 * the subject or the author's name.
 */
export async function findThreads(ctx: AppContext, scope: Scope, q: SupportThreadsQuery): Promise<SupportThreadPage> {
  const { rows, total } = await repo.findThreads(tenantDb(scope, ctx.db), { status: q.status ? statusNumber(q.status) : undefined, search: q.search, page: q.page, pageSize: q.pageSize });
  return { items: rows.map(toThread), total, page: q.page, pageSize: q.pageSize };
}

/**
 * `GET supportmessage/getmessagesbygroupid`: thread `threadId` with its messages (oldest first) and
 * files. 404 when it is not a thread the caller sees (another user's, unless a system admin).
 */
export async function getThreadDetail(ctx: AppContext, scope: Scope, threadId: number): Promise<SupportThreadDetail> {
  const thread = await repo.getThread(tenantDb(scope, ctx.db), threadId);
  if (!thread) { throw AppError.notFound(); }
  const [messages, files] = await Promise.all([repo.findMessages(tenantDb(scope, ctx.db), threadId), repo.findFiles(tenantDb(scope, ctx.db), threadId)]);
  return {
    thread: toThread(thread),
    messages: messages.map((r) => ({
      id: r.m.id,
      fromUserId: r.m.fromUserId,
      fromUserFullname: fullName(r.firstName, r.lastName),
      fromSupport: r.m.fromSupport,
      message: r.m.message,
      createdAt: r.m.createdAt.toISOString(),
    })),
    files: files.map(toFile),
  };
}

function toFile(r: { id: number; fileName: string; contentType: string; sizeBytes: number; uploadedBy: number | null; createdAt: Date; firstName: string | null; lastName: string | null }): SupportFile {
  return {
    id: r.id,
    fileName: r.fileName,
    contentType: r.contentType as SupportFileType,
    sizeBytes: r.sizeBytes,
    uploadedBy: r.uploadedBy,
    uploadedByFullname: fullName(r.firstName, r.lastName),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * `POST supportmessage` (HTTP 201): without `supportMessageId`, a new thread with `subject` and the
 * first message, the caller its author, about office `hospitalId` when given (404 when not one of
 * theirs); with it, the caller's reply in that thread (404 when not one they see). A system admin's
 * messages are marked as support's. Answers the thread.
 */
export async function createMessage(ctx: AppContext, scope: Scope, body: CreateSupportMessageBody & { message: string }): Promise<SupportThreadDetail> {
  const now = new Date();
  const fromSupport = isSupport(scope);
  if (body.supportMessageId === undefined) {
    if (body.hospitalId !== undefined && !(await getOfficeInScope(tenantDb(scope, ctx.db), body.hospitalId))) { throw AppError.notFound(); }
    const id = await ctx.db.transaction((tx) =>
      repo.createThread(tenantDb(scope, tx), { subject: body.subject ?? '', message: body.message, organizationId: scope.organizationId, hospitalId: body.hospitalId ?? null, fromSupport, now }),
    );
    return getThreadDetail(ctx, scope, id);
  }
  const threadId = body.supportMessageId;
  const added = await ctx.db.transaction((tx) => repo.addReply(tenantDb(scope, tx), threadId, { message: body.message, fromSupport, now }));
  if (!added) { throw AppError.notFound(); }
  return getThreadDetail(ctx, scope, threadId);
}

/** `POST supportmessage/setstatus` (HTTP 201, system admin): the thread's status; 404 for an unknown thread. Answers the thread. */
export async function setStatus(ctx: AppContext, scope: Scope, threadId: number, status: SupportStatus): Promise<SupportThreadDetail> {
  const changed = await ctx.db.transaction((tx) => repo.setStatus(tenantDb(scope, tx), threadId, statusNumber(status)));
  if (!changed) { throw AppError.notFound(); }
  return getThreadDetail(ctx, scope, threadId);
}

/** A byte count as people read it: '10 MB', '1.5 MB', '512 KB'. */
const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

const TEXT_KINDS: Record<string, SupportFileType> = { csv: 'text/csv' };

/**
 * `POST supportmessage/addfile` (HTTP 200): one file (multipart) for thread `threadId` (404 when not
 * one the caller sees). Its type is told by its content (lib/file-sniff.ts): PDF, PNG, JPEG, or text
 * (CSV when named .csv, else plain text); anything else is refused (415 supportFileType). Larger
 * than VIGIL_SUPPORT_MAX_FILE_BYTES: 413. Empty or absent: 400 `file: required`. Stored in the database.
 */
export async function addFile(ctx: AppContext, scope: Scope, threadId: number, req: FastifyRequest): Promise<SupportFile> {
  if (!(await repo.getThread(tenantDb(scope, ctx.db), threadId))) { throw AppError.notFound(); }
  const limit = ctx.config.supportMaxFileBytes;
  const file = await withSizeMessage(limit, () => readSingleUpload(req, limit));
  const checked = checkFile(file);
  const now = new Date();
  const id = await ctx.db.transaction((tx) => repo.addFile(tenantDb(scope, tx), threadId, { ...checked, now }));
  if (id === null) { throw AppError.notFound(); }
  const [me] = (await repo.findFiles(tenantDb(scope, ctx.db), threadId)).filter((f) => f.id === id);
  return toFile(me!);
}

/** Runs an upload read, answering 413 with the support limit in words ("at most 10 MB"). */
async function withSizeMessage<T>(limit: number, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.code === 'payloadTooLarge') { throw new AppError('payloadTooLarge', 'supportFileTooLarge', { limit: sizeLabel(limit) }); }
    throw err;
  }
}

/**
 * A support attachment as stored: its safe name, its content type told by its content and its bytes.
 * Empty or absent: 400 `file: required`; a type other than PDF, PNG, JPEG or text: 415 supportFileType.
 */
function checkFile(file: SingleUpload | null): { fileName: string; contentType: SupportFileType; content: Buffer } {
  if (!file || file.data.length === 0) { throw AppError.badRequest('validationFailed', { file: 'required' }); }
  const sniffed = sniffFileType(file.data);
  if (!sniffed) { throw new AppError('unsupportedMediaType', 'supportFileType'); }
  const contentType: SupportFileType = sniffed === 'text' ? (TEXT_KINDS[extensionOf(file.filename)] ?? 'text/plain') : sniffed;
  return { fileName: safeFileName(file.filename, 'file'), contentType, content: file.data };
}

/**
 * Chosen `POST supportmessage/withfile` (HTTP 201): a new thread (fields subject, message, optional
 * hospitalId: 404 when not one of the caller's offices) and its one attachment (field "file"),
 * written in one transaction. Every check runs before anything is written, so a refused file (415,
 * 413, 400 `file: required`) or field (400 with the fields at fault) creates no thread, message or
 * file (docs/support.md "A request with a file"). Answers the thread.
 */
export async function createThreadWithFile(ctx: AppContext, scope: Scope, req: FastifyRequest): Promise<SupportThreadDetail> {
  const limit = ctx.config.supportMaxFileBytes;
  const form = await withSizeMessage(limit, () => readUploadForm(req, limit));
  const parsed = supportThreadWithFileFieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    const fields: Record<string, 'required' | 'invalid'> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      fields[name] = form.fields[name]?.trim() ? 'invalid' : 'required';
    }
    throw AppError.badRequest('validationFailed', fields);
  }
  const checked = checkFile(form.file);
  const v = parsed.data;
  if (v.hospitalId !== undefined && !(await getOfficeInScope(tenantDb(scope, ctx.db), v.hospitalId))) { throw AppError.notFound(); }
  const now = new Date();
  const id = await ctx.db.transaction(async (tx) => {
    const threadId = await repo.createThread(tenantDb(scope, tx), { subject: v.subject, message: v.message, organizationId: scope.organizationId, hospitalId: v.hospitalId ?? null, fromSupport: isSupport(scope), now });
    const fileId = await repo.addFile(tenantDb(scope, tx), threadId, { ...checked, now });
    if (fileId === null) { throw AppError.notFound(); }
    return threadId;
  });
  return getThreadDetail(ctx, scope, id);
}

/** Chosen `GET supportmessage/file/{id}`: a file of a thread the caller sees, or 404. */
export async function getFile(ctx: AppContext, scope: Scope, fileId: number) {
  const file = await repo.getFile(tenantDb(scope, ctx.db), fileId);
  if (!file) { throw AppError.notFound(); }
  return file;
}
