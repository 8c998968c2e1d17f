import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { IMPORT_UPLOAD_MAX_BYTES, type ImportRun, type OutboxMessage } from '@vigil/contract';
import { repoRoot } from '../../config/index';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { startImportRun } from '../import/index';
import * as repo from './admin.repo';
import { readSingleUpload } from '../../lib/upload';
import { tenantDb } from '../../db/handles';

const within = (root: string, p: string) => p === root || p.startsWith(root + path.sep);

/**
 * Resolves `input` to a real path inside one of `roots` (the configured demo data folders): an
 * absolute path, or one relative to a root or to the repository. Symbolic links are followed
 * before the check, so nothing outside the roots can be read. Null when not found or outside.
 */
export function resolveImportPath(input: string, roots: string[]): string | null {
  const realRoots = roots.filter((r) => fs.existsSync(r)).map((r) => fs.realpathSync(r));
  const candidates = path.isAbsolute(input) ? [input] : [...realRoots.map((r) => path.resolve(r, input)), path.resolve(repoRoot, input)];
  for (const c of candidates) {
    if (!fs.existsSync(c)) { continue; }
    const real = fs.realpathSync(c);
    if (realRoots.some((r) => within(r, real))) { return real; }
  }
  return null;
}

/**
 * `POST admin/import`: queues an import of a file or folder under the demo data folders (config
 * `demoDataDirs`) and answers the `queued` run at once (features/import/import-runs.ts; README
 * "Jobs"). 400 with `path: Invalid` when the path is not found there.
 */
export async function runImport(ctx: AppContext, scope: Scope, body: { path: string }): Promise<ImportRun> {
  const resolved = resolveImportPath(body.path, ctx.config.demoDataDirs);
  if (!resolved) { throw AppError.badRequest('validationFailed', { path: 'invalid' }); }
  return startImportRun(ctx, scope, { source: body.path, path: resolved });
}

/**
 * `POST admin/importupload`: stores one uploaded FHIR JSON file (multipart field `file`, at most
 * 10 MB: 413 beyond) with a `queued` run and answers the run at once; a worker imports it. A file
 * that is not JSON or not FHIR ends in the run's report as an error record, like any other bad
 * record; a request without a file (or an empty one) answers 400 `file: required`.
 */
export async function uploadImport(ctx: AppContext, scope: Scope, req: FastifyRequest): Promise<ImportRun> {
  const file = await readSingleUpload(req, IMPORT_UPLOAD_MAX_BYTES); // 415 / 413 / 400 malformedUpload (lib/upload.ts)
  if (!file) { throw AppError.badRequest('validationFailed', { file: 'required' }); }
  const buffer = file.data;
  const name = path.basename(file.filename || 'upload.json').slice(0, 200);
  if (buffer.length === 0) { throw AppError.badRequest('validationFailed', { file: 'required' }); }
  return startImportRun(ctx, scope, { source: name, upload: { name, content: buffer } });
}

/** `GET admin/outbox`: the e-mail outbox for a system admin, bodies included. */
export async function findOutbox(
  ctx: AppContext,
  scope: Scope,
  q: { page: number; pageSize: number; sort?: 'createdAt' | '-createdAt'; search?: string; status?: string },
): Promise<{ items: OutboxMessage[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.findOutbox(tenantDb(scope, ctx.db), q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      toAddress: r.toAddress,
      subject: r.subject,
      bodyText: r.bodyText,
      status: r.status,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
