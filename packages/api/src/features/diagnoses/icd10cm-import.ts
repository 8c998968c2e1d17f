/**
 * A system admin loads a new ICD-10-CM release from the official CDC/CMS code file, without a code
 * change (docs/diagnoses.md "Loading a release"; README "Jobs"). `POST icd10cm/import` reads the
 * upload (plain or gzipped), checks the whole file at once (a bad file is answered 400 naming its
 * first bad line, and nothing is stored), stores it as a `queued` release and enqueues an
 * `icd10cm-import` job; the job replaces the codes in one transaction (the previous release stays
 * current until the commit) and marks the release `done`, or `failed` with the reason:
 *
 *   queued -> running -> done (current) | failed
 *
 * Without the queue (VIGIL_JOBS_ENABLED=false) the same handler runs in the requesting process.
 */
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { ICD10CM_UPLOAD_MAX_BYTES, type Icd10cmRelease } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import type { JobDefinition, JobInfo, JobName, JobPayloads } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import { readSingleUpload } from '../../lib/upload';
import { Icd10cmFileError, indexTermsByCode, parseOfficialCodeFile, type Icd10cmCodeRow } from './icd10cm.parse';
import { readVendoredFiles, replaceCodes, vendoredChapters } from './icd10cm.loader';
import * as repo from './icd10cm.repo';
import { catalogueDb, tenantDb } from '../../db/handles';

/** The largest file after gunzip (the FY2025 order file is about 15 MB). */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

/** The release as the API answers it. */
export function toRelease(row: Omit<repo.ReleaseRow, 'upload'>): Icd10cmRelease {
  return {
    id: row.id,
    label: row.label,
    source: row.source === 'upload' ? 'upload' : 'vendored',
    fileName: row.fileName,
    status: row.status as Icd10cmRelease['status'],
    codeCount: row.codeCount,
    billableCount: row.billableCount,
    error: row.error,
    isCurrent: row.isCurrent,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** "icd10cm_order_2026.txt" -> "ICD-10-CM FY2026 (icd10cm_order_2026.txt)"; other names as they are. */
export function releaseLabel(fileName: string): string {
  const year = /icd10cm[_-](?:order|codes)[_-](\d{4})/i.exec(fileName)?.[1];
  return year ? `ICD-10-CM FY${year} (${fileName})` : fileName;
}

/** The upload's text: gunzipped when it starts with the gzip magic; UTF-8, else Latin-1 (older CMS files). */
function fileText(data: Buffer): string {
  let bytes = data;
  if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) {
    try {
      bytes = gunzipSync(data, { maxOutputLength: MAX_TEXT_BYTES });
    } catch {
      throw AppError.badRequest('icd10cmFileInvalid', { file: 'icd10cmFileInvalid' }, { reason: 'not a readable gzip file' });
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** The rows of an official file, with the vendored index terms and chapters; Icd10cmFileError when bad. */
function parseWithTerms(text: string): Icd10cmCodeRow[] {
  return parseOfficialCodeFile(text, indexTermsByCode(readVendoredFiles('full').index), vendoredChapters());
}

/**
 * `POST icd10cm/import`: 400 `file` "This field is required" without a file, 400 "The file is not
 * an ICD-10-CM order or codes file (line n: reason)" for a bad one (413 / 415 / 400 for a bad
 * upload, lib/upload.ts); 409 while another load is queued or running. Answers the queued release.
 */
export async function startImport(ctx: AppContext, scope: Scope, req: FastifyRequest): Promise<Icd10cmRelease> {
  const file = await readSingleUpload(req, ICD10CM_UPLOAD_MAX_BYTES);
  if (!file || file.data.length === 0) { throw AppError.badRequest('validationFailed', { file: 'required' }); }
  const text = fileText(file.data);
  try {
    parseOfficialCodeFile(text, new Map(), new Map());
  } catch (error) {
    if (error instanceof Icd10cmFileError) { throw AppError.badRequest('icd10cmFileInvalid', { file: 'icd10cmFileInvalid' }, { reason: error.message }); }
    throw error;
  }
  if (await repo.findActiveImport(catalogueDb(ctx.db))) { throw AppError.conflict('icd10cmImportRunning'); }
  const fileName = path.basename(file.filename || 'icd10cm.txt').slice(0, 200);
  const row = await repo.insertQueuedRelease(tenantDb(scope, ctx.db), { label: releaseLabel(fileName), fileName, upload: Buffer.from(text, 'utf8') });
  try {
    await ctx.jobs.enqueue('icd10cm-import', { releaseId: row.id, scope }); // after the commit (jobs/queue.ts on PGlite)
  } catch (error) {
    await repo.setReleaseStatus(catalogueDb(ctx.db), row.id, 'failed', 'The job could not be queued');
    throw error;
  }
  const { upload: _upload, ...rest } = row;
  return toRelease(rest);
}

/**
 * The `icd10cm-import` job: loads a queued release's file (replacing the codes and making it
 * current in one transaction). A release no longer queued or running is left alone (a job
 * delivered twice does nothing); a bad file or a last failed attempt ends it `failed`.
 */
export async function runImport(ctx: AppContext, data: JobPayloads['icd10cm-import'], job: JobInfo): Promise<{ releaseId: number; status: string }> {
  const { releaseId } = data;
  const release = await repo.getRelease(catalogueDb(ctx.db), releaseId);
  if (!release || (release.status !== 'queued' && release.status !== 'running') || !release.upload) { return { releaseId, status: release?.status ?? 'missing' }; }
  await repo.setReleaseStatus(catalogueDb(ctx.db), releaseId, 'running');
  let rows: Icd10cmCodeRow[];
  try {
    rows = parseWithTerms(release.upload.toString('utf8'));
  } catch (error) {
    await repo.setReleaseStatus(catalogueDb(ctx.db), releaseId, 'failed', error instanceof Icd10cmFileError ? error.message : 'The file could not be read');
    return { releaseId, status: 'failed' };
  }
  try {
    await ctx.db.transaction((tx) => replaceCodes(tx, releaseId, rows));
    return { releaseId, status: 'done' };
  } catch (error) {
    const last = job.retryCount >= job.retryLimit;
    await repo.setReleaseStatus(catalogueDb(ctx.db), releaseId, last ? 'failed' : 'queued', last ? 'Loading failed; see the server log' : `Attempt ${job.retryCount + 1} failed; retrying`);
    throw error;
  }
}

/** The `icd10cm-import` queue's worker: one retry; an attempt may take 30 minutes. */
export function icd10cmImportJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'icd10cm-import',
    retryLimit: 1,
    retryDelaySeconds: ctx.config.jobsRetryDelaySeconds,
    expireInSeconds: 30 * 60,
    handler: (data, job) => runImport(ctx, data as JobPayloads['icd10cm-import'], job),
  };
}

/** `GET icd10cm/releases`: the loads, newest first, at most 50. */
export async function findReleases(ctx: AppContext): Promise<Icd10cmRelease[]> {
  return (await repo.findReleases(catalogueDb(ctx.db), 50)).map(toRelease);
}
