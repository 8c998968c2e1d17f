import type { FastifyRequest } from 'fastify';
import {
  RELEASE_NOTE_MAX_BYTES,
  releaseNoteFieldsSchema,
  type ReleaseNote,
  type ReleaseNoteContentType,
  type ReleaseNoteKind,
  type ReleaseNotePage,
  type ReleaseNotesQuery,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { extensionOf, safeFileName, sniffFileType } from '../../lib/file-sniff';
import { readUploadForm } from '../../lib/upload';
import * as repo from './release-notes.repo';
import { catalogueDb, tenantDb } from '../../db/handles';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

function toView(r: repo.ReleaseNoteListRow): ReleaseNote {
  return {
    id: r.id,
    kind: r.kind as ReleaseNoteKind,
    title: r.title,
    version: r.version,
    releaseDate: r.releaseDate,
    language: r.language === 'es' ? 'es' : 'en',
    fileName: r.fileName,
    contentType: r.contentType as ReleaseNoteContentType,
    sizeBytes: r.sizeBytes,
    uploadedByFullname: fullName(r.firstName, r.lastName),
    createdAt: r.createdAt.toISOString(),
    isNew: !r.opened,
  };
}

/** `GET releasenote`: every release note and manual (no tenant: docs/release-notes.md), newest first, with the caller's "new" marks. */
export async function findReleaseNotes(ctx: AppContext, scope: Scope, q: ReleaseNotesQuery): Promise<ReleaseNotePage> {
  const page = await repo.findReleaseNotes(tenantDb(scope, ctx.db), q);
  return { items: page.rows.map(toView), total: page.total, page: q.page, pageSize: q.pageSize, newCount: page.newCount };
}

/**
 * `GET releasenote/{id}`: the file with its content type and name, and the caller's "opened" mark
 * (the list stops showing it as new). 404 "Error getting release note by ID" (spec section 8).
 */
export async function openReleaseNote(ctx: AppContext, scope: Scope, id: number) {
  const file = await repo.getFile(catalogueDb(ctx.db), id);
  if (!file) { throw AppError.notFound('releaseNoteNotFound'); }
  await repo.markOpened(tenantDb(scope, ctx.db), id);
  return file;
}

/**
 * `POST releasenote` (system admin): one file in field "File" (any file field is taken) with the
 * fields kind, title, version, date (YYYY-MM-DD) and language. The file is a PDF (told by its
 * signature) or Markdown (UTF-8 text named .md or .markdown). Errors all carry the spec's "Error
 * adding release note" (section 8): 400 with the fields at fault, 415 for another file type, 413
 * past 20 MB. Answers the stored document.
 */
export async function addReleaseNote(ctx: AppContext, scope: Scope, req: FastifyRequest): Promise<ReleaseNote> {
  let form;
  try {
    form = await readUploadForm(req, RELEASE_NOTE_MAX_BYTES);
  } catch (err) {
    if (err instanceof AppError && err.code === 'payloadTooLarge') { throw new AppError('payloadTooLarge', 'releaseNoteAddFailed'); }
    throw err;
  }
  const upload = form.file;
  const parsed = releaseNoteFieldsSchema.safeParse(form.fields);
  const fields: Record<string, 'required' | 'invalid'> = {};
  if (!parsed.success) { for (const issue of parsed.error.issues) { fields[String(issue.path[0])] = form.fields[String(issue.path[0])] ? 'invalid' : 'required'; } }
  if (!upload || upload.data.length === 0) { fields.File = 'required'; }
  if (!parsed.success || !upload || upload.data.length === 0) { throw AppError.badRequest('releaseNoteAddFailed', fields); }
  const sniffed = sniffFileType(upload.data);
  const ext = extensionOf(upload.filename);
  const contentType: ReleaseNoteContentType | null =
    sniffed === 'application/pdf' ? 'application/pdf' : sniffed === 'text' && (ext === 'md' || ext === 'markdown') ? 'text/markdown' : null;
  if (!contentType) { throw new AppError('unsupportedMediaType', 'releaseNoteAddFailed', {}, { File: 'invalid' }); }
  const f = parsed.data;
  const id = await ctx.db.transaction((tx) =>
    repo.insert(tenantDb(scope, tx), {
      kind: f.kind,
      title: f.title,
      version: f.version,
      releaseDate: f.date,
      language: f.language,
      fileName: safeFileName(upload.filename, contentType === 'application/pdf' ? 'document.pdf' : 'document.md'),
      contentType,
      content: upload.data,
    }),
  );
  const page = await repo.findReleaseNotes(tenantDb(scope, ctx.db), { page: 1, pageSize: 1_000 });
  return toView(page.rows.find((r) => r.id === id)!);
}

/** `DELETE releasenote?id=` (system admin; the web asks for confirmation first). 404 "Error getting release note by ID". */
export async function deleteReleaseNote(ctx: AppContext, id: number): Promise<{ id: number }> {
  const removed = await ctx.db.transaction((tx) => repo.remove(catalogueDb(tx), id));
  if (!removed) { throw AppError.notFound('releaseNoteNotFound'); }
  return { id };
}
