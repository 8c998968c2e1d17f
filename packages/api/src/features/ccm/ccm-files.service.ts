import type { FastifyRequest } from 'fastify';
import type { CcmFile, CcmFileType } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { writableParentOf } from '../../lib/sub-records/sub-records.service';
import { extensionOf, isDicomPart10, safeFileName, sniffFileType } from '../../lib/file-sniff';
import { readSingleUpload } from '../../lib/upload';
import * as repo from './ccm-files.repo';
import { tenantDb } from '../../db/handles';

/** A byte count as people read it: '10 MB', '1.5 MB', '512 KB'. */
const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * The type of an uploaded CCM file told by its content (lib/file-sniff.ts), or null when `group`
 * does not take it: attachments and consent documents take PDF, PNG, JPEG and text (CSV when
 * named .csv, else plain text); imaging takes DICOM Part 10, PDF, PNG and JPEG.
 */
export function ccmFileTypeOf(group: repo.CcmFileGroup, data: Buffer, fileName: string): CcmFileType | null {
  if (group === 'ccmimaging') {
    if (isDicomPart10(data)) { return 'application/dicom'; }
    const sniffed = sniffFileType(data);
    return sniffed === 'text' ? null : sniffed;
  }
  const sniffed = sniffFileType(data);
  if (sniffed === 'text') { return extensionOf(fileName) === 'csv' ? 'text/csv' : 'text/plain'; }
  return sniffed;
}

const toFile = (f: repo.FileInfo): CcmFile => ({ fileName: f.fileName, contentType: f.contentType as CcmFileType, sizeBytes: f.sizeBytes, uploadedAt: f.uploadedAt.toISOString() });

/**
 * `POST {group}/{id}/file` (docs/ccm.md "Files"): stores the one multipart file as the file of
 * row `id` of `group`, replacing the previous one, in one transaction. Errors, nothing stored:
 * 404 when the row is not in the caller's offices; 415 `ccmFileType` / `ccmImagingFileType` for
 * a type the group does not take (told by content, never by name); 413 `ccmFileTooLarge` beyond
 * VIGIL_CCM_MAX_FILE_BYTES; 400 `file: required` when empty or absent; the upload errors of
 * lib/upload.ts.
 */
export async function uploadFile(ctx: AppContext, scope: Scope, group: repo.CcmFileGroup, id: number, req: FastifyRequest): Promise<CcmFile> {
  if (!(await repo.getRow(tenantDb(scope, ctx.db), group, id))) { throw AppError.notFound(); }
  const limit = ctx.config.ccmMaxFileBytes;
  let file;
  try {
    file = await readSingleUpload(req, limit);
  } catch (err) {
    if (err instanceof AppError && err.code === 'payloadTooLarge') { throw new AppError('payloadTooLarge', 'ccmFileTooLarge', { limit: sizeLabel(limit) }); }
    throw err;
  }
  if (!file || file.data.length === 0) { throw AppError.badRequest('validationFailed', { file: 'required' }); }
  const contentType = ccmFileTypeOf(group, file.data, file.filename);
  if (!contentType) { throw new AppError('unsupportedMediaType', group === 'ccmimaging' ? 'ccmImagingFileType' : 'ccmFileType'); }
  const fileName = safeFileName(file.filename, 'file');
  const stored = await ctx.db.transaction(async (tx) => {
    const row = await repo.getRow(tenantDb(scope, tx), group, id, true);
    if (!row) { throw AppError.notFound(); }
    await writableParentOf(scope, tx, row.ccmRecordId);
    return repo.putFile(tx, group, row, { fileName, contentType, content: file.data, uploadedBy: scope.userId, now: new Date() });
  });
  return toFile(stored);
}

/** `GET {group}/{id}/file`: the row's file with its bytes; 404 when the row is not in the caller's offices or has no file. */
export async function getFile(ctx: AppContext, scope: Scope, group: repo.CcmFileGroup, id: number) {
  const file = await repo.getFile(tenantDb(scope, ctx.db), group, id);
  if (!file) { throw AppError.notFound(); }
  return file;
}
